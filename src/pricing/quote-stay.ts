import { nightlyPriceMap } from '../accommodations/nightly-price-repository.ts';
import type { Accommodation } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { badRequest } from '../http/errors.ts';
import { pricingRulesOf } from '../pricing/accommodation-rules.ts';
import { EXTRA_NAMES, priceStay, type ExtraName, type QuoteResult, type StayQuote } from '../pricing/price-stay.ts';
import { currencyDecimals, MAX_AMOUNT_MINOR, toMajor, withinAmountBound } from '../shared/money.ts';
import { resolveNightlyPrices } from '../pricing/resolve-nightly.ts';
import { diffDays, eachDate } from '../shared/dates.ts';

/** The price columns a booking stores for a quote (all minor units; extras as a JSON map). */
export function quoteColumns(quote: StayQuote) {
  return {
    base_price: quote.basePrice,
    discount_name: quote.discountName,
    discount_ppm: quote.discountPpm,
    discount: quote.discount,
    cleaning_fee: quote.cleaningFee,
    extras: JSON.stringify(quote.extras),
    extras_total: quote.extrasTotal,
    extra_guest_fee: quote.extraGuestFee,
    tax: quote.tax,
    city_tax: quote.cityTax,
    total: quote.total,
  };
}

export interface QuoteRequest {
  checkin: string;
  checkout: string;
  /** adults + children */
  guests: number;
  /** Of the guests, the children (a city tax may not count them); absent: none. */
  children?: number | undefined;
  /** Requested extras by name; names beyond ExtraName are extras no accommodation offers. */
  extras: Readonly<Record<string, boolean | undefined>>;
}

/** The extras requested (true), in a fixed order; an unknown name is a 400 extra_not_offered. */
export function requestedExtras(
  extras: Readonly<Record<string, boolean | undefined>>,
  parameter = 'extras',
): Partial<Record<ExtraName, boolean>> {
  const requested: Partial<Record<ExtraName, boolean>> = {};
  for (const name of Object.keys(extras)) {
    if (extras[name] !== true) continue;
    if (!(EXTRA_NAMES as readonly string[]).includes(name)) {
      throw badRequest(
        'extra_not_offered',
        `The extra "${name}" is not offered: extras are ${EXTRA_NAMES.join(', ')}.`,
        {
          parameter: `${parameter}.${name}`,
          expected: 'an extra the accommodation offers',
          received: true,
        },
      );
    }
    requested[name as ExtraName] = true;
  }
  return requested;
}

/**
 * The price of a stay (docs/api.md#pricing) from the stored rules and nightly prices.
 * `extrasParameter` names the request field for the 400 when an extra is not offered.
 */
export async function quoteStay(
  db: Executor,
  accommodation: Accommodation,
  input: QuoteRequest,
  extrasParameter = 'extras',
): Promise<StayQuote> {
  const overrides = await nightlyPriceMap(db, accommodation.id, input.checkin, input.checkout);
  return priceFromOverrides(accommodation, input, overrides, extrasParameter);
}

/** `nights` nights at one price (a packed array: `new Array(n).fill` makes a holey one, slower to build and read). */
function everyNightAt(price: number, nights: number): number[] {
  const prices: number[] = [];
  for (let i = 0; i < nights; i++) prices.push(price);
  return prices;
}

export function priceFromOverrides(
  accommodation: Accommodation,
  input: QuoteRequest,
  overrides: ReadonlyMap<string, number>,
  extrasParameter = 'extras',
): StayQuote {
  // With no price set for any night of the stay's range (the common case), every night is at
  // the base price: no night's date is built or looked up.
  const nightlyPrices =
    overrides.size === 0
      ? everyNightAt(accommodation.base_price, diffDays(input.checkin, input.checkout))
      : resolveNightlyPrices(eachDate(input.checkin, input.checkout), overrides, accommodation.base_price);
  const extras = requestedExtras(input.extras, extrasParameter);
  let result: QuoteResult;
  try {
    result = priceStay({
      rules: pricingRulesOf(accommodation),
      nightlyPrices,
      guests: input.guests,
      children: input.children ?? 0,
      requestedExtras: extras,
    });
  } catch (error) {
    // A sum beyond a safe integer: far above the bound anyway.
    if (error instanceof RangeError) throw totalTooLarge(accommodation, null);
    throw error;
  }
  if (!result.ok) {
    throw badRequest('extra_not_offered', `The extra "${result.extra}" is not offered by ${accommodation.name}.`, {
      parameter: `${extrasParameter}.${result.extra}`,
      expected: 'an extra the accommodation offers',
      received: true,
    });
  }
  const { quote } = result;
  const bounded =
    withinAmountBound(quote.basePrice) &&
    withinAmountBound(quote.extrasTotal) &&
    withinAmountBound(quote.cleaningFee) &&
    withinAmountBound(quote.extraGuestFee) &&
    withinAmountBound(quote.tax) &&
    withinAmountBound(quote.cityTax) &&
    withinAmountBound(quote.total);
  if (!bounded) throw totalTooLarge(accommodation, quote.total);
  return quote;
}

/** 400 for a stay whose price exceeds MAX_AMOUNT_MINOR (docs/api.md#money). */
function totalTooLarge(accommodation: Accommodation, total: number | null) {
  const decimals = currencyDecimals(accommodation.currency) ?? 2;
  const max = toMajor(MAX_AMOUNT_MINOR, decimals);
  return badRequest(
    'amount_too_large',
    'The price of this stay is too large: ' +
      `a booking's total may be at most ${max} ${accommodation.currency}. ` +
      'Book fewer nights or guests.',
    {
      expected: `total up to ${max}`,
      received: total === null || !Number.isSafeInteger(total) ? null : toMajor(total, decimals),
    },
  );
}
