import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context.ts';
import type { AuthenticatedKey } from '../auth/require-key.ts';
import { findBookingView } from '../bookings/booking-retrieval.ts';
import type { BookingView } from '../bookings/booking-schemas.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { applyPaymentEvent, type PaymentOutcome } from './apply-payment-event.ts';
import type { PaymentEvent } from './payment-event.ts';

/** What the card processor is played to do for a test draft. */
export const TEST_PAYMENT_OUTCOMES = ['succeeded', 'failed', 'amount_mismatch'] as const;
export type TestPaymentOutcome = (typeof TEST_PAYMENT_OUTCOMES)[number];

export interface TestPaymentResult {
  /**
   * What the payment event did, as the payment webhook reports it (confirmed, payment_failed,
   * amount_mismatch, ...).
   */
  outcome: PaymentOutcome;
  message: string;
  /** The booking afterwards, as this key's GET /bookings/:id shows it. */
  booking: BookingView;
}

/**
 * `POST /test/bookings/:id/payment` (docs/partners.md#test-mode): plays the card processor for a
 * test key's own test booking. The event it makes goes through the payment webhook's own code
 * (applyPaymentEvent, as a test payment: it finds test bookings only), so the booking, its history,
 * its payment issue and its events are what a live payment would make: `succeeded` pays the total
 * (a draft is confirmed), `failed` is a declined card (a payment issue; the booking is unchanged),
 * `amount_mismatch` pays one minor unit more than the total (a payment issue; it stays a draft).
 * A live key is refused (403 test_key_required); a booking that is not this test key's, live ones
 * included, is not there for it (404).
 */
export async function playTestPayment(
  ctx: AppContext,
  key: Pick<AuthenticatedKey, 'id' | 'mode'>,
  bookingId: number,
  outcome: TestPaymentOutcome,
): Promise<TestPaymentResult> {
  if (key.mode !== 'test')
    throw forbidden('test_key_required', 'Test payments are made with a test key (sdk_test_…), for its test bookings.');
  const viewer = { kind: 'key', apiKeyId: key.id } as const;
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['id', 'confirmation_code', 'payment_intent_id', 'total', 'currency'])
    .where('id', '=', bookingId)
    .where('api_key_id', '=', key.id)
    .where('mode', '=', 'test')
    .executeTakeFirst();
  if (booking === undefined)
    throw notFound('booking_not_found', `Booking ${bookingId} not found.`, {
      parameter: 'booking_id',
      received: bookingId,
    });
  const failed = outcome === 'failed';
  const event: PaymentEvent = {
    id: `evt_test_${randomUUID()}`,
    type: failed ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
    data: {
      object: {
        id: booking.payment_intent_id ?? `pi_test_${booking.confirmation_code}`,
        amount: outcome === 'amount_mismatch' ? booking.total + 1 : booking.total,
        currency: booking.currency.toLowerCase(),
        metadata: { booking_reference: booking.confirmation_code },
        ...(failed ? { last_payment_error: { message: 'Your card was declined (test payment).' } } : {}),
      },
    },
  };
  const applied = await applyPaymentEvent(ctx, event, 'test');
  const after = await findBookingView(ctx.db, booking.id, viewer);
  if (after === undefined) throw new Error(`test booking ${booking.id} vanished after its payment`);
  return { outcome: applied.outcome, message: applied.message, booking: after };
}
