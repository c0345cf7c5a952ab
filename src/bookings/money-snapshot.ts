import { readPaymentTerms } from '../accommodations/money-rules.ts';
import type { Accommodation, DepositState } from '../db/schema.ts';

/**
 * What a new booking keeps of its home's money rules as they were when it was booked
 * (docs/money.md#damage-deposits, #payment-terms): the damage deposit asked (due until collected;
 * none when the home asks none) and the payment terms. Every path that creates a booking (v1, the
 * desk, the console) writes these columns, so a later change of the home's rules never changes a
 * booking already made. The cancellation policy is read from the home when it is cancelled.
 */
export function moneySnapshot(accommodation: Pick<Accommodation, 'damage_deposit' | 'payment_terms'>): {
  deposit_amount: number | null;
  deposit_state: DepositState | null;
  payment_terms: string | null;
} {
  const deposit =
    accommodation.damage_deposit !== null && accommodation.damage_deposit > 0 ? accommodation.damage_deposit : null;
  const terms = readPaymentTerms(accommodation.payment_terms);
  return {
    deposit_amount: deposit,
    deposit_state: deposit === null ? null : 'due',
    payment_terms: terms === null ? null : JSON.stringify(terms),
  };
}
