import type { Executor } from '../db/store.ts';
import type { PaymentIssueKind } from '../events/payment-issue.ts';

/** A payment the service could not simply apply, kept for the host (its kinds: src/events/payment-issue.ts). */
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
