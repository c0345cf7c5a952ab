import type { BookingStatus, PaymentMethod } from '../db/schema.ts';

/**
 * Where a booking's money stands (pure; docs/api.md#admin-bookings): what is due, what has been paid
 * and what is left, in minor units, and a state in words. Every admin booking carries it; it lives
 * on the domain floor so that any answer about a booking (the lifecycle's own) may read it.
 *
 * - Due: the booking's total; nothing for a cancelled booking (what was paid for it is then owed
 *   back: the balance is negative and the state `overpaid`).
 * - Paid: the payments the host recorded and did not undo, plus, for a card booking the processor
 *   confirmed, its total (a processor payment counts as paid).
 * - Balance: due − paid; state `unpaid` (nothing paid yet, something due), `partly_paid`, `paid`
 *   (balance 0) or `overpaid` (balance below 0).
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
  payment_method: PaymentMethod;
  /** When the booking was confirmed; for a card booking, when the processor's payment confirmed it. */
  confirmed_at: string | null;
  /** The processor's PaymentIntent a card booking was confirmed by. */
  payment_intent_id: string | null;
  /** Sum of the recorded payments that were not undone (bookings.amount_paid). */
  amount_paid: number;
}

/**
 * Whether the card processor's payment of the booking's total has been received: a card booking
 * confirmed, with the PaymentIntent that confirmed it (a booking the host made by hand with the
 * card method has none, and counts only what the host records).
 */
function processorPaid(b: Pick<PaymentFacts, 'payment_method' | 'confirmed_at' | 'payment_intent_id'>): boolean {
  return b.payment_method === 'card_processor' && b.confirmed_at !== null && b.payment_intent_id !== null;
}

export function paymentSummary(b: PaymentFacts): PaymentSummary {
  const due = b.status === 'cancelled' ? 0 : b.total;
  const paid = b.amount_paid + (processorPaid(b) ? b.total : 0);
  const balance = due - paid;
  return { amount_due: due, amount_paid: paid, balance, state: stateOf(paid, balance) };
}

function stateOf(paid: number, balance: number): PaymentState {
  if (balance < 0) return 'overpaid';
  if (balance === 0) return 'paid';
  return paid === 0 ? 'unpaid' : 'partly_paid';
}
