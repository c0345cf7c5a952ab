import type { Booking } from '../db/schema.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { testKeyOf, tryClaimNights } from '../occupancy/night-ledger.ts';
import { eachDate, todayIn } from '../shared/dates.ts';
import {
  afterTransition,
  onLockedBooking,
  writeTransition,
  type BookingCommand,
  type LifecycleContext,
} from './booking-lifecycle.ts';
import { isConfirmed, moveOf, stateOf } from './booking-transitions.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';
import { announceToPartners, wakeDeliveries } from './partner-events.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { paymentIssueDetails, type PaymentIssueKind } from '../events/payment-issue.ts';
import { writePayment } from './record-payment.ts';

/** Whether a payment is in the booking's currency (the processor writes it in lower case). */
const sameCurrency = (payment: Payment, booking: Booking) =>
  payment.currency.toUpperCase() === booking.currency.toUpperCase();

/** A card payment the processor reports as received. */
export interface Payment {
  intentId: string;
  /** Minor units, as the processor sent it (not necessarily a safe integer). */
  amount: number;
  currency: string;
  /**
   * The guest paid the open balance on their page (the intent's `metadata.payment_for` is
   * `balance`, set by the checkout session: docs/guest-page.md#paying-the-balance-by-card).
   */
  forBalance?: boolean;
}

export interface ConfirmCommand extends BookingCommand {
  payment: Payment;
}

/** What a payment did to its booking; `booking` is the booking as the payment found it. */
export type ConfirmOutcome =
  /** `late`: its hold had expired, and its nights were still free. */
  | { result: 'confirmed'; booking: Booking; late: boolean }
  /** The same payment once more: nothing changed. */
  | { result: 'already_confirmed'; booking: Booking }
  /**
   * A payment of a confirmed booking's open balance (re-priced upwards after it was paid), by
   * another payment intent: recorded as a card payment of the booking; `again` when this intent
   * had been recorded already (nothing changed).
   */
  | { result: 'balance_paid'; booking: Booking; again: boolean }
  /** Nothing changed; the payment does not confirm this booking (the host refunds or looks into it). */
  | { result: 'not_awaiting_payment' | 'currency_mismatch' | 'amount_mismatch' | 'nights_taken'; booking: Booking };

/** The outcomes that leave a payment as an issue for the host, and the kind of issue each is. */
type IssueResult = Exclude<ConfirmOutcome['result'], 'confirmed' | 'already_confirmed' | 'balance_paid'>;
const ISSUE_KINDS: Record<IssueResult, PaymentIssueKind> = {
  not_awaiting_payment: 'refund_needed',
  currency_mismatch: 'currency_mismatch',
  amount_mismatch: 'amount_mismatch',
  nights_taken: 'refund_needed',
};

/**
 * Confirms a booking paid by card, and queues the confirmation mail, when the payment is for it:
 * the booking awaits a payment (transition table), in its currency, of its total. A booking
 * whose hold had expired takes its nights again first; when one of them has been taken meanwhile
 * nothing changes and the answer is 'nights_taken'.
 */
export async function confirmBooking(
  ctx: LifecycleContext,
  command: ConfirmCommand,
  within?: Unit,
): Promise<ConfirmOutcome> {
  const { payment } = command;
  return onLockedBooking(ctx, command.bookingId, within, async (unit, booking) => {
    const now = unit.now.toISOString();
    // A payment that confirms nothing is a payment issue the booking's partner hears of, with the
    // change: the kind the host's record of it has (src/payments/apply-payment-event.ts).
    const issue = async (result: IssueResult) => {
      const queued = await announceToPartners(unit.trx, [booking.id], 'payment.issue', now, {
        calendar: false,
        issue: paymentIssueDetails(ISSUE_KINDS[result], payment),
      });
      unit.afterCommit(() => {
        wakeDeliveries(ctx.store.changes, queued);
      });
      return { result, booking };
    };
    const move = moveOf(booking, 'confirm');
    if (move.kind !== 'move') {
      // This very payment confirmed it before (not merely the intent the booking was created with).
      const again =
        isConfirmed(booking.status) && booking.processor_paid > 0 && booking.payment_intent_id === payment.intentId;
      if (again) return { result: 'already_confirmed', booking };
      const balance = await payBalance(unit, booking, payment, command.actor);
      return balance === null ? issue('not_awaiting_payment') : { result: 'balance_paid', booking, again: balance };
    }
    if (!sameCurrency(payment, booking)) return issue('currency_mismatch');
    if (payment.amount !== booking.total) return issue('amount_mismatch');
    const late = stateOf(booking) === 'expired';
    if (late) {
      await expireHoldsOverlapping(
        ctx,
        { accommodationId: booking.accommodation_id, from: booking.checkin, to: booking.checkout },
        unit,
      );
      const nights = eachDate(booking.checkin, booking.checkout);
      if (
        !(await tryClaimNights(
          unit.trx,
          {
            accommodationId: booking.accommodation_id,
            nights,
            kind: 'booking',
            bookingId: booking.id,
            testKeyId: testKeyOf(booking),
          },
          now,
        ))
      )
        return issue('nights_taken');
    }
    const changed = await writeTransition(
      unit.trx,
      [booking.id],
      {
        event: move.event,
        status: move.to,
        set: {
          payment_intent_id: payment.intentId,
          // The amount checked above: the booking's total as it stood when paid.
          processor_paid: payment.amount,
          confirmed_at: now,
          hold_expires_at: null,
          hold_expired_at: null,
          cancel_reason: null,
          cancelled_at: null,
          cancellation_fee: null,
        },
        reason: `payment ${payment.intentId}`,
      },
      command.actor,
      now,
    );
    await afterTransition(ctx, unit, changed, move.event);
    return { result: 'confirmed', booking, late };
  });
}

/**
 * A confirmed booking's open balance paid through the processor (a booking the processor's
 * payment confirmed, re-priced upwards since; or any confirmed booking whose guest paid on their
 * page, `forBalance`): a payment of at most the balance, in the booking's
 * currency, by another payment intent, is written to the booking's ledger (method card, the
 * intent as its reference, dated today where the home is). Returns false when written; true when
 * this intent was written before (counted once, also when the host has undone it since); null
 * when the payment is not such a payment, or was already raised as an issue, so the caller
 * records it as an issue.
 */
async function payBalance(
  unit: Unit,
  booking: Booking,
  payment: Payment,
  actor: ConfirmCommand['actor'],
): Promise<boolean | null> {
  if (!isConfirmed(booking.status) || (booking.processor_paid === 0 && payment.forBalance !== true)) return null;
  if (!sameCurrency(payment, booking)) return null;
  const intentId = payment.intentId.trim();
  const written = await unit.trx
    .selectFrom('booking_payments')
    .select('id')
    .where('booking_id', '=', booking.id)
    .where('reference', '=', intentId)
    .where('method', '=', 'card')
    .executeTakeFirst();
  if (written !== undefined) return true;
  // An intent already raised as an issue (too much, once) stays an issue: the host may be refunding it.
  const raised = await unit.trx
    .selectFrom('payment_issues')
    .select('id')
    .where('booking_id', '=', booking.id)
    .where('payment_intent_id', '=', payment.intentId)
    .executeTakeFirst();
  if (raised !== undefined) return null;
  const balance = paymentSummary(booking).balance;
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0 || payment.amount > balance) return null;
  const home = await unit.trx
    .selectFrom('accommodations')
    .select('timezone')
    .where('id', '=', booking.accommodation_id)
    .executeTakeFirstOrThrow();
  await writePayment(unit, booking, {
    actor,
    amount: payment.amount,
    method: 'card',
    receivedOn: todayIn(home.timezone, unit.now),
    reference: intentId,
  });
  return false;
}
