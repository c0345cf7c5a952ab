import type { Executor } from '../db/store.ts';

/**
 * Payments the service could not simply apply, kept for the host: a wrong amount or currency, a
 * payment for a booking that can no longer be honoured (refund_needed), a failed card payment,
 * or a payment naming no known booking.
 */
export type PaymentIssueKind =
  'amount_mismatch' | 'currency_mismatch' | 'refund_needed' | 'payment_failed' | 'unknown_booking';

export interface NewPaymentIssue {
  kind: PaymentIssueKind;
  bookingId: number | null;
  paymentIntentId: string | null;
  amount: number | null;
  currency: string | null;
  detail: string;
}

export async function recordPaymentIssue(db: Executor, issue: NewPaymentIssue, now: string): Promise<void> {
  await db
    .insertInto('payment_issues')
    .values({
      kind: issue.kind,
      booking_id: issue.bookingId,
      payment_intent_id: issue.paymentIntentId,
      amount: issue.amount,
      currency: issue.currency,
      detail: issue.detail,
      created_at: now,
      resolved_at: null,
    })
    .execute();
}
