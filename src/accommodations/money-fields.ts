import type { Accommodation } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { ppmToRate, rateToPpm, toMajor } from '../shared/money.ts';
import type { AccommodationJson, AccommodationPatchInput } from './accommodation-schemas.ts';
import {
  readCancellationPolicy,
  readCityTax,
  readExtraGuestFee,
  readPaymentTerms,
  type CancellationTier,
  type CityTaxRule,
  type ExtraGuestFeeRule,
  type PaymentTermsRule,
} from './money-rules.ts';

/**
 * The six money fields of an accommodation (docs/money.md) between the admin API (major units,
 * fractions, null = none) and their columns (money-rules.ts: minor units and ppm as JSON text).
 * Pure; a bad value throws a 400 naming the field.
 */

type MoneyColumns = Pick<
  Accommodation,
  'city_tax' | 'extra_guest_fee' | 'damage_deposit' | 'cancellation_policy' | 'payment_terms' | 'registration_number'
>;
type MoneyJson = Pick<
  AccommodationJson,
  'city_tax' | 'extra_guest_fee' | 'damage_deposit' | 'cancellation_policy' | 'payment_terms' | 'registration_number'
>;

/** How the mapper turns an amount into minor units: a sent one checked, a stored one kept in a new currency. */
export interface AmountConversion {
  sent: (parameter: string, major: number) => number;
  kept: (parameter: string, storedMinor: number) => number;
}

export function moneyRulesToJson(row: MoneyColumns, decimals: number): MoneyJson {
  const major = (minor: number) => toMajor(minor, decimals);
  const cityTax = readCityTax(row.city_tax);
  const extraGuestFee = readExtraGuestFee(row.extra_guest_fee);
  const policy = readCancellationPolicy(row.cancellation_policy);
  const terms = readPaymentTerms(row.payment_terms);
  return {
    city_tax:
      cityTax === null
        ? null
        : {
            amount: major(cityTax.amount),
            per: cityTax.per,
            counts: [...cityTax.counts],
            max_nights: cityTax.max_nights,
          },
    extra_guest_fee:
      extraGuestFee === null
        ? null
        : { amount: major(extraGuestFee.amount), included_guests: extraGuestFee.included_guests },
    damage_deposit: row.damage_deposit === null ? null : major(row.damage_deposit),
    cancellation_policy:
      policy === null
        ? null
        : policy.map((t) => ({ days_before_checkin: t.days_before_checkin, fee: ppmToRate(t.fee_ppm) })),
    payment_terms:
      terms === null
        ? null
        : { deposit_fraction: ppmToRate(terms.deposit_ppm), balance_days_before: terms.balance_days_before },
    registration_number: row.registration_number,
  };
}

/**
 * The columns after applying the input: a field left out keeps its value (its amounts re-expressed
 * when the currency changes), null clears it, a value replaces it whole.
 */
export function applyMoneyInput(
  current: MoneyColumns,
  input: AccommodationPatchInput,
  amount: AmountConversion,
): MoneyColumns {
  return {
    city_tax: cityTaxColumn(current.city_tax, input.city_tax, amount),
    extra_guest_fee: extraGuestFeeColumn(current.extra_guest_fee, input.extra_guest_fee, amount),
    damage_deposit:
      input.damage_deposit === undefined
        ? current.damage_deposit === null
          ? null
          : amount.kept('damage_deposit', current.damage_deposit)
        : input.damage_deposit === null
          ? null
          : amount.sent('damage_deposit', input.damage_deposit),
    cancellation_policy:
      input.cancellation_policy === undefined
        ? current.cancellation_policy
        : cancellationPolicyColumn(input.cancellation_policy),
    payment_terms: input.payment_terms === undefined ? current.payment_terms : paymentTermsColumn(input.payment_terms),
    registration_number:
      input.registration_number === undefined
        ? current.registration_number
        : input.registration_number === null || input.registration_number.trim() === ''
          ? null
          : input.registration_number.trim(),
  };
}

function cityTaxColumn(
  stored: string | null,
  sent: AccommodationPatchInput['city_tax'],
  amount: AmountConversion,
): string | null {
  if (sent === null) return null;
  if (sent === undefined) {
    const rule = readCityTax(stored);
    return rule === null ? null : JSON.stringify({ ...rule, amount: amount.kept('city_tax.amount', rule.amount) });
  }
  const counts = sent.counts ?? ['adults'];
  if (!counts.includes('adults')) {
    throw badRequest('invalid_enum', 'city_tax.counts must count the adults: ["adults"] or ["adults","children"].', {
      parameter: 'city_tax.counts',
      expected: '["adults"] or ["adults","children"]',
      received: counts,
    });
  }
  const rule: CityTaxRule = {
    amount: amount.sent('city_tax.amount', sent.amount),
    per: 'person_night',
    counts: counts.includes('children') ? ['adults', 'children'] : ['adults'],
    max_nights: sent.max_nights ?? null,
  };
  return JSON.stringify(rule);
}

function extraGuestFeeColumn(
  stored: string | null,
  sent: AccommodationPatchInput['extra_guest_fee'],
  amount: AmountConversion,
): string | null {
  if (sent === null) return null;
  if (sent === undefined) {
    const rule = readExtraGuestFee(stored);
    return rule === null
      ? null
      : JSON.stringify({ ...rule, amount: amount.kept('extra_guest_fee.amount', rule.amount) });
  }
  const rule: ExtraGuestFeeRule = {
    amount: amount.sent('extra_guest_fee.amount', sent.amount),
    included_guests: sent.included_guests,
  };
  return JSON.stringify(rule);
}

function cancellationPolicyColumn(
  sent: NonNullable<AccommodationPatchInput['cancellation_policy']> | null,
): string | null {
  if (sent === null || sent.length === 0) return null;
  const seen = new Set<number>();
  const tiers: CancellationTier[] = [];
  for (const [i, tier] of sent.entries()) {
    if (seen.has(tier.days_before_checkin)) {
      throw badRequest(
        'duplicate_tier',
        `cancellation_policy has two tiers for ${tier.days_before_checkin} days before check-in; keep one.`,
        {
          parameter: `cancellation_policy.${i}.days_before_checkin`,
          expected: 'a days_before_checkin no other tier has',
          received: tier.days_before_checkin,
        },
      );
    }
    seen.add(tier.days_before_checkin);
    tiers.push({
      days_before_checkin: tier.days_before_checkin,
      fee_ppm: ppmOrFail(`cancellation_policy.${i}.fee`, tier.fee),
    });
  }
  tiers.sort((a, b) => b.days_before_checkin - a.days_before_checkin);
  return JSON.stringify(tiers);
}

function paymentTermsColumn(sent: AccommodationPatchInput['payment_terms']): string | null {
  if (sent === null || sent === undefined) return null;
  const terms: PaymentTermsRule = {
    deposit_ppm: ppmOrFail('payment_terms.deposit_fraction', sent.deposit_fraction),
    balance_days_before: sent.balance_days_before,
  };
  return JSON.stringify(terms);
}

function ppmOrFail(parameter: string, value: number): number {
  const ppm = rateToPpm(value);
  if (ppm === null) {
    throw badRequest('invalid_rate', `${parameter} must be a fraction from 0 to 1 with at most 6 decimals.`, {
      parameter,
      expected: 'fraction 0..1 with at most 6 decimals',
      received: value,
    });
  }
  return ppm;
}
