// The price of a stay, docs/api.md#pricing, in integer minor units. Rounding (half away from
// zero) happens only at the three named steps: the average per night, the discount and the tax.
// Everything else is exact integer addition/multiplication, the city tax and the extra-guest fee
// included (docs/money.md#city-tax-and-extra-guests).

import type { CityTaxRule, ExtraGuestFeeRule } from '../accommodations/money-rules.ts';
import { applyPpm, divideRounded } from '../shared/money.ts';
import { cityTaxOf, extraGuestFeeOf } from './guest-charges.ts';

export type ExtraName = 'breakfast' | 'linen' | 'late_checkin';

/** Fixed order, so the first unoffered extra reported and the order of the extras map are stable. */
export const EXTRA_NAMES: readonly ExtraName[] = ['breakfast', 'linen', 'late_checkin'];

export interface PricingRules {
  basePrice: number; // minor units per night
  cleaningFee: number; // minor
  taxRatePpm: number;
  weeklyDiscountPpm: number;
  monthlyDiscountPpm: number;
  extras: Partial<Record<ExtraName, number>>; // offered extras, price in minor units; absent = not offered
  cityTax: CityTaxRule | null;
  extraGuestFee: ExtraGuestFeeRule | null;
}

export interface StayQuoteInput {
  rules: PricingRules;
  nightlyPrices: readonly number[]; // one entry per night, already resolved (override or base), length = N >= 1
  guests: number; // G = adults + children
  children?: number; // of G, the children (a city tax may not count them); absent: 0
  requestedExtras: Partial<Record<ExtraName, boolean>>; // only `true` counts as requested
}

export interface StayQuote {
  nights: number;
  basePrice: number;
  avgPricePerNight: number;
  discountName: 'weekly' | 'monthly' | null;
  discountPpm: number;
  discount: number;
  extras: Partial<Record<ExtraName, number>>;
  extrasTotal: number;
  cleaningFee: number;
  extraGuestFee: number;
  tax: number;
  cityTax: number;
  total: number;
}

export type QuoteResult = { ok: true; quote: StayQuote } | { ok: false; reason: 'extra_not_offered'; extra: ExtraName };

const MONTHLY_MIN_NIGHTS = 28;
const WEEKLY_MIN_NIGHTS = 7;

// Inputs come from validated storage; a non-integer or an overflow here is a bug, not a 400.
function safe(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} is not a safe integer: ${n}`);
  return n;
}

/** Step 3: at most one discount; monthly wins from 28 nights, weekly from 7, a zero rate never applies. */
function pickDiscount(rules: PricingRules, nights: number): { name: 'weekly' | 'monthly' | null; ppm: number } {
  if (nights >= MONTHLY_MIN_NIGHTS && rules.monthlyDiscountPpm > 0) {
    return { name: 'monthly', ppm: rules.monthlyDiscountPpm };
  }
  if (nights >= WEEKLY_MIN_NIGHTS && rules.weeklyDiscountPpm > 0) {
    return { name: 'weekly', ppm: rules.weeklyDiscountPpm };
  }
  return { name: null, ppm: 0 };
}

/** Step 4: breakfast per guest per night, linen per guest per stay, late check-in per stay. */
function extraAmount(extra: ExtraName, price: number, guests: number, nights: number): number {
  switch (extra) {
    case 'breakfast':
      return price * guests * nights;
    case 'linen':
      return price * guests;
    case 'late_checkin':
      return price;
  }
}

export function priceStay(input: StayQuoteInput): QuoteResult {
  const { rules, nightlyPrices, requestedExtras } = input;
  const nights = nightlyPrices.length;
  if (nights < 1) throw new RangeError('a stay has at least one night');
  const guests = safe(input.guests, 'guests');

  // Step 4 first, so a request for an unoffered extra fails before any arithmetic.
  const extras: Partial<Record<ExtraName, number>> = {};
  let extrasTotal = 0;
  for (const name of EXTRA_NAMES) {
    if (requestedExtras[name] !== true) continue;
    const price = rules.extras[name];
    if (price === undefined) return { ok: false, reason: 'extra_not_offered', extra: name };
    if (!Number.isSafeInteger(price)) safe(price, `${name} price`);
    const amount = safe(extraAmount(name, price, guests, nights), name);
    extras[name] = amount;
    extrasTotal = safe(extrasTotal + amount, 'extras total');
  }

  // Step 2.
  let basePrice = 0;
  for (const p of nightlyPrices) basePrice = safe(basePrice + safe(p, 'nightly price'), 'base price');
  const avgPricePerNight = divideRounded(basePrice, nights);

  // Step 3.
  const discount = pickDiscount(rules, nights);
  const discountAmount = applyPpm(basePrice, discount.ppm);

  // Steps 5 to 7, with the extra-guest fee taxed like the cleaning fee and the city tax added
  // after the tax: neither is discounted, and the city tax is not taxed.
  const cleaningFee = safe(rules.cleaningFee, 'cleaning fee');
  const children = safe(input.children ?? 0, 'children');
  if (children < 0 || children > guests) throw new RangeError(`children ${children} not within 0..${guests}`);
  const extraGuestFee = safe(extraGuestFeeOf(rules.extraGuestFee, guests, nights), 'extra-guest fee');
  const cityTax = safe(cityTaxOf(rules.cityTax, { adults: guests - children, children }, nights), 'city tax');
  const taxable = safe(basePrice - discountAmount + cleaningFee + extraGuestFee + extrasTotal, 'taxable amount');
  const tax = applyPpm(taxable, rules.taxRatePpm);
  const total = safe(taxable + tax + cityTax, 'total');

  return {
    ok: true,
    quote: {
      nights,
      basePrice,
      avgPricePerNight,
      discountName: discount.name,
      discountPpm: discount.ppm,
      discount: discountAmount,
      extras,
      extrasTotal,
      cleaningFee,
      extraGuestFee,
      tax,
      cityTax,
      total,
    },
  };
}
