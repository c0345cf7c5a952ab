import type { BookingStatus } from '../db/schema.ts';

/**
 * Where a booking's money stands (pure; docs/api.md#payment-states): what is due, what has been paid
 * and what is left, in minor units, and a state in words. Every admin booking carries it; it lives
 * on the domain floor so that any answer about a booking (the lifecycle's own) may read it.
 *
 * - Due: the booking's total (less any refund that lowered the price); for a cancelled booking its
 *   cancellation fee, 0 when none (what was paid beyond it is then owed back: the balance is
 *   negative and the state `overpaid`).
 * - Paid: the payments the host recorded and did not undo, less the refunds given back, plus what
 *   the card processor's payment paid, for a card booking it confirmed (that amount as paid, so a
 *   booking re-priced afterwards shows what is left to pay or to pay back).
 * - Balance: due − paid. State, first that holds: `overpaid` (balance below 0: owed back);
 *   `unpaid` (nothing paid, and something due or the booking cancelled: a cancelled draft, or a
 *   cancelled booking whose payments were given back); `paid` (balance 0: paid in full, or a
 *   free stay); else `partly_paid`. A state never contradicts `amount_paid`: `paid` with nothing
 *   paid is only a free stay that is not cancelled.
 */

export const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid', 'overpaid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentSummary {
  amount_due: number;
  amount_paid: number;
  balance: number;
  state: PaymentState;
}

/** What the summary is read from: the booking's own columns. */
export interface PaymentFacts {
  status: BookingStatus;
  total: number;
  /** Sum of the recorded payments that were not undone, less the refunds (bookings.amount_paid). */
  amount_paid: number;
  /**
   * What the card processor's payment paid (bookings.processor_paid): written when it confirmed
   * the booking, 0 otherwise (a booking the host made by hand with the card method counts only
   * what the host records).
   */
  processor_paid: number;
  /** Set once cancelled: the fee kept (docs/money.md#cancellation-policy); null while standing. */
  cancellation_fee: number | null;
}

export function paymentSummary(b: PaymentFacts): PaymentSummary {
  const due = b.status === 'cancelled' ? (b.cancellation_fee ?? 0) : b.total;
  const paid = b.amount_paid + b.processor_paid;
  const balance = due - paid;
  return { amount_due: due, amount_paid: paid, balance, state: stateOf(b.status, due, paid) };
}

function stateOf(status: BookingStatus, due: number, paid: number): PaymentState {
  if (paid > due) return 'overpaid';
  if (paid < 0 || (paid === 0 && (due > 0 || status === 'cancelled'))) return 'unpaid';
  if (paid === due) return 'paid';
  return 'partly_paid';
}
