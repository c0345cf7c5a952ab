import { storedObject } from '../shared/stored-json.ts';

/**
 * The money rules of an accommodation as its columns store them (JSON text, null = none), in
 * minor units and parts per million; the admin API shows them in major units and fractions
 * (docs/money.md). Each reader returns null for an absent or damaged value, so a damaged row
 * prices and cancels as if the rule were not set.
 */

/** Tourist tax per counted person per night, for at most `max_nights` nights (null = every night). */
export interface CityTaxRule {
  amount: number;
  per: 'person_night';
  counts: readonly ('adults' | 'children')[];
  max_nights: number | null;
}

/** A fee per guest beyond `included_guests`, per night. */
export interface ExtraGuestFeeRule {
  amount: number;
  included_guests: number;
}

/** One tier of a cancellation policy: from `days_before_checkin` days left, `fee_ppm` of the total is kept. */
export interface CancellationTier {
  days_before_checkin: number;
  fee_ppm: number;
}

/** `deposit_ppm` of the total due at booking, the balance `balance_days_before` days before check-in. */
export interface PaymentTermsRule {
  deposit_ppm: number;
  balance_days_before: number;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

export function readCityTax(text: string | null): CityTaxRule | null {
  const o = storedObject(text);
  const counts = o.counts;
  if (!isCount(o.amount) || !Array.isArray(counts)) return null;
  const kept = counts.filter((c): c is 'adults' | 'children' => c === 'adults' || c === 'children');
  if (!kept.includes('adults')) return null;
  const maxNights = o.max_nights === null || o.max_nights === undefined ? null : o.max_nights;
  if (maxNights !== null && !isCount(maxNights)) return null;
  return { amount: o.amount, per: 'person_night', counts: kept, max_nights: maxNights };
}

export function readExtraGuestFee(text: string | null): ExtraGuestFeeRule | null {
  const o = storedObject(text);
  return isCount(o.amount) && isCount(o.included_guests)
    ? { amount: o.amount, included_guests: o.included_guests }
    : null;
}

export function readPaymentTerms(text: string | null): PaymentTermsRule | null {
  const o = storedObject(text);
  return isCount(o.deposit_ppm) && o.deposit_ppm <= 1_000_000 && isCount(o.balance_days_before)
    ? { deposit_ppm: o.deposit_ppm, balance_days_before: o.balance_days_before }
    : null;
}

/** The tiers, largest `days_before_checkin` first; null when none are stored. */
export function readCancellationPolicy(text: string | null): CancellationTier[] | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const tiers: CancellationTier[] = [];
  for (const item of parsed as unknown[]) {
    const o = storedObject(JSON.stringify(item));
    if (isCount(o.days_before_checkin) && isCount(o.fee_ppm) && o.fee_ppm <= 1_000_000)
      tiers.push({ days_before_checkin: o.days_before_checkin, fee_ppm: o.fee_ppm });
  }
  return tiers.length === 0 ? null : tiers.sort((a, b) => b.days_before_checkin - a.days_before_checkin);
}
