import { Type, type Static } from 'typebox';
import { badRequest, type AppError } from '../http/errors.ts';
import { refusePrototypeKeys } from '../http/strict-json.ts';

/**
 * Card processor events in Stripe's format. Verification is Stripe's own (`Stripe-Signature`,
 * HMAC over the raw body with a timestamp), done by the official package before anything in the
 * body is trusted; the timestamp must lie within 5 minutes of now in either direction. The
 * package (about 30 MB of memory) is loaded on the first payment event, not at start.
 */

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export const PaymentEventSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 255 }),
    type: Type.String({ minLength: 1, maxLength: 255 }),
    data: Type.Object({ object: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: true }),
  },
  { additionalProperties: true },
);
export type PaymentEvent = Static<typeof PaymentEventSchema>;

/** The fields of a PaymentIntent this service reads (amounts in integer minor units). */
const PaymentIntentSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    amount: Type.Integer(),
    amount_received: Type.Optional(Type.Integer()),
    currency: Type.String({ minLength: 1 }),
    metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
    last_payment_error: Type.Optional(
      Type.Union([Type.Null(), Type.Object({ message: Type.Optional(Type.String()) }, { additionalProperties: true })]),
    ),
  },
  { additionalProperties: true },
);
export type PaymentIntent = Static<typeof PaymentIntentSchema>;

export async function readPaymentIntent(event: PaymentEvent): Promise<PaymentIntent> {
  const object = event.data.object;
  // typebox/value (about 300 modules) is loaded by the first payment event that needs it.
  const { Value } = await import('typebox/value');
  if (!Value.Check(PaymentIntentSchema, object)) {
    throw badRequest(
      'invalid_payment_intent',
      `Event ${event.id} (${event.type}) does not carry a readable payment intent.`,
      {
        parameter: 'data.object',
        expected: 'payment intent with id, amount and currency',
      },
    );
  }
  return object;
}

/** Stripe's default tolerance, which this service applies in both directions. */
const TOLERANCE_SECONDS = 300;

function staleSignature(): AppError {
  return badRequest('stale_signature', 'The Stripe-Signature timestamp is more than 5 minutes from now.', {
    parameter: 'Stripe-Signature',
  });
}

/**
 * The one `t=` of a Stripe-Signature header (seconds since the epoch), or null when there is
 * none, it is not a number, or there are several: Stripe's verifier signs with the last one, so
 * a guard reading any one of several would check a timestamp the signature does not cover.
 */
function signedAt(header: string): number | null {
  const stamps = header
    .split(',')
    .map((part) => part.split('=', 2))
    .filter(([key]) => key?.trim() === 't');
  const value = stamps.length === 1 ? stamps[0]?.[1]?.trim() : undefined;
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/**
 * Verifies the raw body against the Stripe-Signature header and returns the parsed event.
 * Every refusal is a 400 (docs/api.md#payment-webhook), including "no secret configured".
 */
export async function verifyPaymentEvent(
  raw: Buffer,
  header: unknown,
  secret: string | null,
  now: Date,
): Promise<unknown> {
  if (secret === null) {
    throw badRequest(
      'payment_webhook_not_configured',
      'The payment webhook is not configured: ' +
        'set PAYMENT_WEBHOOK_SECRET or the payment webhook secret in admin settings.',
    );
  }
  if (typeof header !== 'string' || header === '') {
    throw badRequest('missing_signature', 'Missing Stripe-Signature header.', { parameter: 'Stripe-Signature' });
  }
  const at = signedAt(header);
  if (at === null) {
    throw badRequest('invalid_signature', 'The Stripe-Signature header must carry exactly one timestamp (t=).', {
      parameter: 'Stripe-Signature',
    });
  }
  const { default: Stripe } = await import('stripe');
  let event: unknown;
  try {
    // receivedAt is in milliseconds; the tolerance (300 s) is Stripe's default.
    event = Stripe.webhooks.constructEvent(raw, header, secret, undefined, undefined, now.getTime());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      if (/tolerance/i.test(error.message)) throw staleSignature();
      throw badRequest('invalid_signature', 'The Stripe-Signature header does not match the body.', {
        parameter: 'Stripe-Signature',
      });
    }
    // Signed, but not JSON.
    throw badRequest('malformed_json', 'The request body is not valid JSON.');
  }
  // Stripe's verifier only refuses old timestamps; one dated in the future would let a captured
  // signature made with a wrong clock (or a leaked secret) be replayed until that time comes.
  if (at - now.getTime() / 1000 > TOLERANCE_SECONDS) throw staleSignature();
  refusePrototypeKeys(event);
  return event;
}
