import { currencyDecimals, toMajor } from '../shared/money.ts';

/**
 * Payments the service could not simply apply, kept for the host (payment_issues) and, when
 * they concern a key's booking, told to it as `payment.issue`: a wrong amount or currency, a
 * payment for a booking that can no longer be honoured (refund_needed), a failed card payment,
 * or a payment naming no known booking.
 */
export type PaymentIssueKind =
  'amount_mismatch' | 'currency_mismatch' | 'refund_needed' | 'payment_failed' | 'unknown_booking';

/** What a `payment.issue` event carries beside the booking (docs/decisions.md#partner-events). */
export interface PaymentIssueDetails {
  kind: PaymentIssueKind;
  /** In major units of `currency`; null when it cannot be said exactly (beyond any price, or an unknown currency). */
  amount: number | null;
  /** As the processor sent it, in upper case. */
  currency: string;
  payment_intent_id: string;
}

/** The details of a processor payment (amount in minor units, as it was sent) for an event. */
export function paymentIssueDetails(
  kind: PaymentIssueKind,
  payment: { intentId: string; amount: number; currency: string },
): PaymentIssueDetails {
  const currency = payment.currency.toUpperCase();
  const decimals = currencyDecimals(currency);
  const amount = decimals !== null && Number.isSafeInteger(payment.amount) ? toMajor(payment.amount, decimals) : null;
  return { kind, amount, currency, payment_intent_id: payment.intentId };
}
