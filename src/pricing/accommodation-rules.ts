import { readCityTax, readExtraGuestFee } from '../accommodations/money-rules.ts';
import type { Accommodation } from '../db/schema.ts';
import { currencyDecimals, ppmToRate, toMajor } from '../shared/money.ts';
import type { StayRules } from '../stays/stay-rules.ts';
import { EXTRA_NAMES, type ExtraName, type PricingRules, type StayQuote } from './price-stay.ts';

/** Reading an accommodation row as the inputs of the pure pricing and stay-rule modules. */

/**
 * What the quote reads of an accommodation row, made once per row object: a cached row (caches.ts)
 * is read by every quote until it is replaced, and is never changed in place.
 */
const derived = new WeakMap<Accommodation, { pricing: PricingRules; stay: StayRules }>();

function derivedOf(a: Accommodation): { pricing: PricingRules; stay: StayRules } {
  let known = derived.get(a);
  if (known === undefined) {
    known = {
      pricing: readPricingRules(a),
      stay: { minStay: a.min_stay, maxStay: a.max_stay, maxGuests: a.max_guests },
    };
    derived.set(a, known);
  }
  return known;
}

export function pricingRulesOf(a: Accommodation): PricingRules {
  return derivedOf(a).pricing;
}

function readPricingRules(a: Accommodation): PricingRules {
  const extras: Partial<Record<ExtraName, number>> = {};
  if (a.extra_breakfast !== null) extras.breakfast = a.extra_breakfast;
  if (a.extra_linen !== null) extras.linen = a.extra_linen;
  if (a.extra_late_checkin !== null) extras.late_checkin = a.extra_late_checkin;
  return {
    basePrice: a.base_price,
    cleaningFee: a.cleaning_fee,
    taxRatePpm: a.tax_rate_ppm,
    weeklyDiscountPpm: a.weekly_discount_ppm,
    monthlyDiscountPpm: a.monthly_discount_ppm,
    extras,
    cityTax: readCityTax(a.city_tax),
    extraGuestFee: readExtraGuestFee(a.extra_guest_fee),
  };
}

export function stayRulesOf(a: Accommodation): StayRules {
  return derivedOf(a).stay;
}

export function decimalsOf(currency: string): number {
  const decimals = currencyDecimals(currency);
  if (decimals === null) throw new RangeError(`unknown currency ${currency}`);
  return decimals;
}

/** The restrictions of docs/api.md#availability. */
export function restrictionsOf(a: Accommodation) {
  return {
    min_stay: a.min_stay,
    max_stay: a.max_stay,
    max_guests: a.max_guests,
    checkin_time: a.checkin_time,
    checkout_time: a.checkout_time,
  };
}

/** The pricing_rules of docs/api.md#calendar, amounts in major units. */
export function pricingRulesView(a: Accommodation) {
  const d = decimalsOf(a.currency);
  return {
    base_price: toMajor(a.base_price, d),
    min_stay: a.min_stay,
    max_stay: a.max_stay,
    weekly_discount: ppmToRate(a.weekly_discount_ppm),
    monthly_discount: ppmToRate(a.monthly_discount_ppm),
    cleaning_fee: toMajor(a.cleaning_fee, d),
    tax_rate: ppmToRate(a.tax_rate_ppm),
  };
}

/** The pricing of docs/api.md#availability, amounts in major units. */
export function pricingView(quote: StayQuote, currency: string) {
  const d = decimalsOf(currency);
  const extras: Record<string, number> = {};
  for (const name of EXTRA_NAMES) {
    const amount = quote.extras[name];
    if (amount !== undefined) extras[name] = toMajor(amount, d);
  }
  return {
    base_price: toMajor(quote.basePrice, d),
    avg_price_per_night: toMajor(quote.avgPricePerNight, d),
    cleaning_fee: toMajor(quote.cleaningFee, d),
    tax: toMajor(quote.tax, d),
    extras,
    discounts: discountsView(quote),
    city_tax: toMajor(quote.cityTax, d),
    extra_guest_fee: toMajor(quote.extraGuestFee, d),
    total: toMajor(quote.total, d),
  };
}

/** The discounts of a quote as the answer names them: none, or the one that applied with its rate. */
function discountsView(quote: StayQuote): { weekly?: number; monthly?: number } {
  switch (quote.discountName) {
    case null:
      return {};
    case 'weekly':
      return { weekly: ppmToRate(quote.discountPpm) };
    case 'monthly':
      return { monthly: ppmToRate(quote.discountPpm) };
  }
}
