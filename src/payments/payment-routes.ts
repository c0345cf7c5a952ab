import { Type } from 'typebox';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { paymentWebhookSecret } from '../settings/secret-status.ts';
import { readJsonBodiesRaw } from '../http/strict-json.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { PaymentEventSchema, STRIPE_SIGNATURE_HEADER, verifyPaymentEvent } from './payment-event.ts';

const ReceivedSchema = Type.Object({
  received: Type.Literal(true),
  event_id: Type.String(),
  event_type: Type.String(),
  outcome: Type.String({
    description:
      'confirmed, already_confirmed, balance_paid, duplicate, ignored, ' +
      'or the kind of payment issue recorded for the host',
  }),
  booking_id: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.String(),
});

/** card processor notifications at /<slug>/api/payment/webhook (docs/api.md#payment-webhook). */
export const paymentRoutes: FeatureRoutes = async (app, { ctx }) => {
  // The signature is over the exact bytes, so this plugin reads the body raw and lets Stripe's
  // verifier parse it. Refusals happen here, before any handler or schema sees the body.
  readJsonBodiesRaw(app, async (request, raw) => {
    try {
      // Admin settings win over PAYMENT_WEBHOOK_SECRET (settings/secret-status.ts).
      const secret = await paymentWebhookSecret(ctx.db, ctx.config);
      return await verifyPaymentEvent(raw, request.headers[STRIPE_SIGNATURE_HEADER], secret?.value ?? null, ctx.now());
    } catch (error) {
      ctx.metrics.webhooksReceived.labels('payment', 'rejected').inc();
      throw error;
    }
  });

  app.post(
    '/webhook',
    {
      config: { auth: 'payment-signature' },
      schema: {
        tags: ['webhooks'],
        summary: 'Card processor events (Stripe format, Stripe-Signature header)',
        description:
          'payment_intent.succeeded for a draft with the right amount and currency confirms it and mails the guest; ' +
          'mismatches and late payments are recorded for the host; ' +
          'other event types are acknowledged and ignored. ' +
          'The same event id twice is applied once.',
        security: [{ stripeSignature: [] }],
        body: PaymentEventSchema,
        response: { 200: ReceivedSchema, 400: ErrorEnvelopeSchema, 413: ErrorEnvelopeSchema, 500: ErrorEnvelopeSchema },
      },
    },
    async (request) => applyPaymentEvent(ctx, request.body),
  );
};
