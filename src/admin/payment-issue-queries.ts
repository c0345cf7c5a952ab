import type { Selectable } from 'kysely';
import type { PaymentIssuesTable } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { ofLiveBookingOrNone } from '../db/booking-with-guest.ts';
import { currencyDecimals, toMajor } from '../shared/money.ts';

/** Read-only view of payment_issues; the payment webhook records them. */

export type PaymentIssue = Selectable<PaymentIssuesTable>;

/** Newest first. */
export function listPaymentIssues(db: Executor, pageOf: { limit: number; offset: number }): Promise<PaymentIssue[]> {
  return db
    .selectFrom('payment_issues')
    .selectAll()
    .where(ofLiveBookingOrNone('booking_id'))
    .orderBy('id', 'desc')
    .limit(pageOf.limit)
    .offset(pageOf.offset)
    .execute();
}

export function paymentIssueToJson(issue: PaymentIssue) {
  // Card processors report currencies in lower case; ISO 4217 writes them upper case. A code Intl
  // does not know is shown with two decimals, the most common minor unit.
  const decimals = issue.currency === null ? 2 : (currencyDecimals(issue.currency.toUpperCase()) ?? 2);
  return { ...issue, amount: issue.amount === null ? null : toMajor(issue.amount, decimals) };
}
