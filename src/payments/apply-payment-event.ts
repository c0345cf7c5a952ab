import type { AppContext } from '../app-context.ts';
import { awaitsPayment, confirmBooking } from '../bookings/confirm-booking.ts';
import { lockRows } from '../db/row-locks.ts';
import type { Booking } from '../db/schema.ts';
import type { Tx } from '../db/store.ts';
import { toId } from '../http/ids.ts';
import { formatMoney } from '../shared/money.ts';
import { DuplicateDeliveryError, finishDelivery, recordDelivery } from '../webhooks/webhook-events.ts';
import { readPaymentIntent, type PaymentEvent, type PaymentIntent } from './payment-event.ts';
import { recordPaymentIssue, type PaymentIssueKind } from './payment-issue-repository.ts';

/** What happened to an event; an issue kind means it was recorded for the host in payment_issues. */
export type PaymentOutcome = 'confirmed' | 'already_confirmed' | 'duplicate' | 'ignored' | PaymentIssueKind;

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
 * was seen — commits in one transaction; the same event id a second time changes nothing.
 */
export async function applyPaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<PaymentEventResult> {
  const now = ctx.now().toISOString();
  let applied: Applied;
  try {
    applied = await ctx.db.transaction().execute(async (trx) => {
      const deliveryId = await recordDelivery(trx, {
        source: 'payment',
        dedupeKey: event.id,
        eventType: event.type,
        receivedAt: now,
      });
      const result = await dispatch(ctx, trx, event, now);
      await finishDelivery(trx, deliveryId, {
        outcome: result.outcome,
        bookingId: result.bookingId,
        detail: result.message,
      });
      return result;
    });
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

async function dispatch(ctx: AppContext, trx: Tx, event: PaymentEvent, now: string): Promise<Applied> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(ctx, trx, event.id, await readPaymentIntent(event), now);
    case 'payment_intent.payment_failed':
      return paymentFailed(trx, await readPaymentIntent(event), now);
    default:
      return { outcome: 'ignored', bookingId: null, message: `Event type ${event.type} is not used by this service.` };
  }
}

/** metadata.booking_reference (the confirmation code) or metadata.booking_id, locked for this transaction. */
async function findPaidBooking(trx: Tx, intent: PaymentIntent): Promise<Booking | undefined> {
  const reference = intent.metadata?.booking_reference?.trim();
  const id = toId(intent.metadata?.booking_id?.trim() ?? '');
  let query = trx.selectFrom('bookings').selectAll();
  if (reference) query = query.where('confirmation_code', '=', reference);
  else if (id !== 0) query = query.where('id', '=', id);
  else return undefined;
  return lockRows(trx, query).executeTakeFirst();
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
  booking: Booking | undefined,
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
  trx: Tx,
  eventId: string,
  intent: PaymentIntent,
  now: string,
): Promise<Applied> {
  const booking = await findPaidBooking(trx, intent);
  const paid = paidText(intent);
  if (booking === undefined) {
    return issue(
      trx,
      'unknown_booking',
      undefined,
      intent,
      `Payment ${intent.id} of ${paid} names no known booking (metadata ${JSON.stringify(intent.metadata ?? {}).slice(0, 500)}).`,
      now,
    );
  }
  const code = booking.confirmation_code;
  if ((booking.status === 'confirmed' || booking.status === 'modified') && booking.payment_intent_id === intent.id) {
    return {
      outcome: 'already_confirmed',
      bookingId: booking.id,
      message: `Booking ${code} is already confirmed by payment ${intent.id}.`,
    };
  }
  if (!awaitsPayment(booking)) {
    return issue(
      trx,
      'refund_needed',
      booking,
      intent,
      `Payment ${intent.id} of ${paid} arrived for booking ${code}, which is ${booking.status}: refund the guest.`,
      now,
    );
  }
  if (intent.currency.toUpperCase() !== booking.currency.toUpperCase()) {
    return issue(
      trx,
      'currency_mismatch',
      booking,
      intent,
      `Payment ${intent.id} is in ${intent.currency.toUpperCase()}, booking ${code} is in ${booking.currency}; the booking stays unconfirmed.`,
      now,
    );
  }
  if (amountOf(intent) !== booking.total) {
    const due = formatMoney(booking.total, booking.currency);
    return issue(
      trx,
      'amount_mismatch',
      booking,
      intent,
      `Payment ${intent.id} of ${paid} does not match the ${due} due for booking ${code}; the booking stays unconfirmed.`,
      now,
    );
  }
  if (
    (await confirmBooking(trx, ctx.config, booking, intent.id, { kind: 'payment_event', eventId }, now)) ===
    'nights_taken'
  ) {
    return issue(
      trx,
      'refund_needed',
      booking,
      intent,
      `Payment ${intent.id} of ${paid} arrived after the hold of booking ${code} expired and its dates were taken: refund the guest.`,
      now,
    );
  }
  const late = booking.status === 'cancelled' ? ' (after its hold had expired; its dates were still free)' : '';
  return {
    outcome: 'confirmed',
    bookingId: booking.id,
    message: `Booking ${code} confirmed by payment ${intent.id}${late}.`,
  };
}

async function paymentFailed(trx: Tx, intent: PaymentIntent, now: string): Promise<Applied> {
  const booking = await findPaidBooking(trx, intent);
  const reason = intent.last_payment_error?.message ?? 'no reason given';
  const which = booking === undefined ? 'no known booking' : `booking ${booking.confirmation_code}`;
  return issue(
    trx,
    'payment_failed',
    booking,
    intent,
    `Payment ${intent.id} for ${which} failed (${reason}); the booking is unchanged.`,
    now,
  );
}
