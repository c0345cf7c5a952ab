import type { AppContext } from '../app-context.ts';
import { findBookingByReference, type PaidBooking } from '../bookings/booking-retrieval.ts';
import { confirmBooking } from '../bookings/confirm-booking.ts';
import type { Booking, Mode } from '../db/schema.ts';
import type { Tx } from '../db/store.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { toId } from '../http/ids.ts';
import { formatMoney } from '../shared/money.ts';
import { outcomeUnknown, settleUncertain } from '../http/uncertain-commit.ts';
import { DuplicateDeliveryError, deliveryOutcome, finishDelivery, inDelivery } from '../webhooks/webhook-events.ts';
import { readPaymentIntent, type PaymentEvent, type PaymentIntent } from './payment-event.ts';
import type { PaymentIssueKind } from '../events/payment-issue.ts';
import { recordPaymentIssue } from './payment-issue-repository.ts';
import { BALANCE_PAYMENT } from './checkout-session.ts';

/** What happened to an event; an issue kind means it was recorded for the host in payment_issues. */
export type PaymentOutcome =
  'confirmed' | 'already_confirmed' | 'balance_paid' | 'duplicate' | 'ignored' | PaymentIssueKind;

export interface PaymentEventResult {
  received: true;
  event_id: string;
  event_type: string;
  outcome: PaymentOutcome;
  booking_id: number | null;
  message: string;
}

interface Applied {
  outcome: PaymentOutcome;
  bookingId: number | null;
  message: string;
}

/**
 * Applies one verified processor event (docs/api.md#payment-webhook). Everything it changes —
 * the booking, its nights, the guest's mail, a payment issue, and the record that this event id
 * was seen — commits in one unit of work; the same event id a second time changes nothing.
 */
export async function applyPaymentEvent(
  ctx: AppContext,
  event: PaymentEvent,
  /**
   * 'test': the test payment route playing the processor for a test booking (test-payment.ts); it
   * pays test bookings only.
   */
  mode: Mode = 'live',
): Promise<PaymentEventResult> {
  const now = ctx.now();
  const record = {
    source: 'payment' as const,
    dedupeKey: event.id,
    eventType: event.type,
    receivedAt: now.toISOString(),
  };
  let applied: Applied;
  const apply = () =>
    inDelivery(ctx.db, now, record, async (unit, deliveryId) => {
      const result = await dispatch(ctx, unit, event, mode);
      await finishDelivery(unit.trx, deliveryId, {
        outcome: result.outcome,
        bookingId: result.bookingId,
        detail: result.message,
      });
      return result;
    });
  try {
    // The connection broke during the commit (docs/api.md#failures): the event's record says
    // whether it was applied, and how; if it was not, it is applied now.
    applied = await settleUncertain(
      ctx.store.health,
      apply,
      async () => {
        const stored = await deliveryOutcome(ctx.db, 'payment', event.id);
        if (stored === null) return apply();
        return { outcome: stored.outcome as PaymentOutcome, bookingId: stored.bookingId, message: stored.detail ?? '' };
      },
      () => outcomeUnknown('the event', 'Deliver the same event again: it is applied once.'),
    );
  } catch (error) {
    if (!(error instanceof DuplicateDeliveryError)) throw error;
    applied = {
      outcome: 'duplicate',
      bookingId: null,
      message: `Event ${event.id} was already processed; nothing changed.`,
    };
  }
  ctx.metrics.webhooksReceived.labels('payment', applied.outcome).inc();
  return {
    received: true,
    event_id: event.id,
    event_type: event.type,
    outcome: applied.outcome,
    booking_id: applied.bookingId,
    message: applied.message,
  };
}

async function dispatch(ctx: AppContext, unit: Unit, event: PaymentEvent, mode: Mode): Promise<Applied> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(ctx, unit, event.id, await readPaymentIntent(event), mode);
    case 'payment_intent.payment_failed':
      return paymentFailed(unit, await readPaymentIntent(event), mode);
    default:
      return { outcome: 'ignored', bookingId: null, message: `Event type ${event.type} is not used by this service.` };
  }
}

/**
 * The booking metadata.booking_reference (the confirmation code) or metadata.booking_id names;
 * without either, the booking created with this payment_intent_id.
 */
async function findPaidBooking(trx: Tx, intent: PaymentIntent, mode: Mode): Promise<PaidBooking | undefined> {
  const reference = intent.metadata?.booking_reference?.trim();
  const id = toId(intent.metadata?.booking_id?.trim() ?? '');
  if (reference) return findBookingByReference(trx, { code: reference }, mode);
  if (id !== 0) return findBookingByReference(trx, { id }, mode);
  return findBookingByReference(trx, { paymentIntentId: intent.id }, mode);
}

function amountOf(intent: PaymentIntent): number {
  return intent.amount_received ?? intent.amount;
}

function storableAmount(amount: number): number | null {
  return Number.isSafeInteger(amount) ? amount : null;
}

/** The amount paid, for the host; one no price can reach is shown as the processor sent it. */
function paidText(intent: PaymentIntent): string {
  const amount = amountOf(intent);
  const currency = intent.currency.toUpperCase().slice(0, 10);
  return Number.isSafeInteger(amount) ? formatMoney(amount, currency) : `${amount} minor units of ${currency}`;
}

async function issue(
  trx: Tx,
  kind: PaymentIssueKind,
  booking: Pick<Booking, 'id'> | undefined,
  intent: PaymentIntent,
  detail: string,
  now: string,
): Promise<Applied> {
  await recordPaymentIssue(
    trx,
    // An amount beyond any price (e.g. 1e300) is kept only in the detail text: the column holds exact integers.
    {
      kind,
      bookingId: booking?.id ?? null,
      paymentIntentId: intent.id,
      amount: storableAmount(amountOf(intent)),
      currency: intent.currency.toUpperCase(),
      detail,
    },
    now,
  );
  return { outcome: kind, bookingId: booking?.id ?? null, message: detail };
}

async function paymentSucceeded(
  ctx: AppContext,
  unit: Unit,
  eventId: string,
  intent: PaymentIntent,
  mode: Mode,
): Promise<Applied> {
  const now = unit.now.toISOString();
  const paidFor = await findPaidBooking(unit.trx, intent, mode);
  const paid = paidText(intent);
  if (paidFor === undefined) {
    return issue(
      unit.trx,
      'unknown_booking',
      undefined,
      intent,
      `Payment ${intent.id} of ${paid} names no known booking ` +
        `(metadata ${JSON.stringify(intent.metadata ?? {}).slice(0, 500)}).`,
      now,
    );
  }
  const outcome = await confirmBooking(
    ctx,
    {
      bookingId: paidFor.id,
      actor: { kind: 'payment_event', eventId },
      payment: {
        intentId: intent.id,
        amount: amountOf(intent),
        currency: intent.currency,
        forBalance: intent.metadata?.payment_for === BALANCE_PAYMENT,
      },
    },
    unit,
  );
  const { booking } = outcome;
  const code = booking.confirmation_code;
  switch (outcome.result) {
    case 'confirmed':
      return {
        outcome: 'confirmed',
        bookingId: booking.id,
        message:
          `Booking ${code} confirmed by payment ${intent.id}` +
          `${outcome.late ? ' (after its hold had expired; its dates were still free)' : ''}.`,
      };
    case 'already_confirmed':
      return {
        outcome: 'already_confirmed',
        bookingId: booking.id,
        message: `Booking ${code} is already confirmed by payment ${intent.id}.`,
      };
    case 'balance_paid':
      return outcome.again
        ? {
            outcome: 'already_confirmed',
            bookingId: booking.id,
            message: `Payment ${intent.id} already counts towards the balance of booking ${code}; nothing changed.`,
          }
        : {
            outcome: 'balance_paid',
            bookingId: booking.id,
            message: `Payment ${intent.id} of ${paid} recorded towards the balance of booking ${code}.`,
          };
    case 'not_awaiting_payment':
      return issue(
        unit.trx,
        'refund_needed',
        booking,
        intent,
        `Payment ${intent.id} of ${paid} arrived for booking ${code}, which is ${booking.status}: refund the guest.`,
        now,
      );
    case 'currency_mismatch':
      return issue(
        unit.trx,
        'currency_mismatch',
        booking,
        intent,
        `Payment ${intent.id} is in ${intent.currency.toUpperCase()}, booking ${code} is in ${booking.currency}; ` +
          'the booking stays unconfirmed.',
        now,
      );
    case 'amount_mismatch':
      return issue(
        unit.trx,
        'amount_mismatch',
        booking,
        intent,
        `Payment ${intent.id} of ${paid} does not match the ${formatMoney(booking.total, booking.currency)} ` +
          `due for booking ${code}; the booking stays unconfirmed.`,
        now,
      );
    case 'nights_taken':
      return issue(
        unit.trx,
        'refund_needed',
        booking,
        intent,
        `Payment ${intent.id} of ${paid} arrived after the hold of booking ${code} expired ` +
          'and its dates were taken: refund the guest.',
        now,
      );
  }
}

async function paymentFailed(unit: Unit, intent: PaymentIntent, mode: Mode): Promise<Applied> {
  const booking = await findPaidBooking(unit.trx, intent, mode);
  const reason = intent.last_payment_error?.message ?? 'no reason given';
  const which = booking === undefined ? 'no known booking' : `booking ${booking.confirmation_code}`;
  return issue(
    unit.trx,
    'payment_failed',
    booking,
    intent,
    `Payment ${intent.id} for ${which} failed (${reason}); the booking is unchanged.`,
    unit.now.toISOString(),
  );
}
