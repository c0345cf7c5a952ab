import type { Db, StoreContext } from '../db/store.ts';
import { toMajor } from '../shared/money.ts';
import { storedDecimals, toMinorOrFail } from './accommodation-mapper.ts';
import { requireAccommodation } from './manage-accommodations.ts';
import type { NightRange } from './night-range.ts';
import { clearNightlyPrices, nightlyPriceMap, setNightlyPrices } from './nightly-price-repository.ts';

export interface NightPrice {
  date: string;
  /** Major units. */
  price: number;
  source: 'override' | 'base';
}

/**
 * Sets the price (major units) of every night in [from, to), or with null returns those nights
 * to the base price. `nights` are the nights of the range, already validated. Once committed,
 * this process's caches drop the accommodation's kept prices (the hot paths keep future prices
 * with the accommodation); the triggers tell the other processes.
 */
export async function setPrices(
  ctx: StoreContext,
  accommodationId: number,
  range: NightRange,
  price: number | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const accommodation = await requireAccommodation(trx, accommodationId);
    if (price === null) {
      await clearNightlyPrices(trx, accommodationId, range.from, range.to);
      return;
    }
    const minor = toMinorOrFail('price', price, accommodation.currency, storedDecimals(accommodation.currency));
    await setNightlyPrices(trx, accommodationId, range.nights, minor);
  });
  ctx.store.changes.committed({ table: 'nightly_prices', id: String(accommodationId) });
}

/** The price of every night in the range, and whether it was set for that night or is the base price. */
export async function listPrices(db: Db, accommodationId: number, range: NightRange): Promise<NightPrice[]> {
  const accommodation = await requireAccommodation(db, accommodationId);
  const decimals = storedDecimals(accommodation.currency);
  const overrides = await nightlyPriceMap(db, accommodationId, range.from, range.to);
  return range.nights.map((date) => {
    const override = overrides.get(date);
    return override === undefined
      ? { date, price: toMajor(accommodation.base_price, decimals), source: 'base' as const }
      : { date, price: toMajor(override, decimals), source: 'override' as const };
  });
}
