import type { Accommodation } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { badRequest } from '../http/errors.ts';
import { pricingRulesOf } from '../pricing/accommodation-rules.ts';
import { priceStay, type ExtraName, type StayQuote } from '../pricing/price-stay.ts';
import { resolveNightlyPrices } from '../pricing/resolve-nightly.ts';
import { eachDate } from '../shared/dates.ts';

export interface QuoteRequest {
  checkin: string;
  checkout: string;
  guests: number;
  extras: Partial<Record<ExtraName, boolean>>;
}

/** Nightly price overrides for [from, to). */
export async function loadPriceOverrides(db: Executor, accommodationId: number, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('nightly_prices')
    .select(['night', 'price'])
    .where('accommodation_id', '=', accommodationId)
    .where('night', '>=', from)
    .where('night', '<', to)
    .execute();
  return new Map(rows.map((r) => [r.night, r.price]));
}

/**
 * The price of a stay (decisions.md section 3) from the stored rules and nightly prices.
 * `extrasParameter` names the request field for the 400 when an extra is not offered.
 */
export async function quoteStay(db: Executor, accommodation: Accommodation, input: QuoteRequest, extrasParameter = 'extras'): Promise<StayQuote> {
  const overrides = await loadPriceOverrides(db, accommodation.id, input.checkin, input.checkout);
  return priceFromOverrides(accommodation, input, overrides, extrasParameter);
}

export function priceFromOverrides(
  accommodation: Accommodation,
  input: QuoteRequest,
  overrides: ReadonlyMap<string, number>,
  extrasParameter = 'extras',
): StayQuote {
  const nightlyPrices = resolveNightlyPrices(eachDate(input.checkin, input.checkout), overrides, accommodation.base_price);
  const result = priceStay({ rules: pricingRulesOf(accommodation), nightlyPrices, guests: input.guests, requestedExtras: input.extras });
  if (!result.ok) {
    throw badRequest(`The extra "${result.extra}" is not offered by ${accommodation.name}.`, {
      parameter: `${extrasParameter}.${result.extra}`,
      expected: 'an extra the accommodation offers',
      received: true,
      reason: 'extra_not_offered',
    });
  }
  return result.quote;
}
