import type { Accommodation } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { addDays, eachDate, todayIn } from '../shared/dates.ts';
import { findAccommodation } from './accommodation-repository.ts';

/**
 * What the hot paths keep of an accommodation between requests (caches.ts): its row and the
 * nightly price overrides of every night from yesterday (UTC) on, read together so the prices
 * are always in the minor units of the cached currency. Occupancy is never kept: every request
 * reads its nights from the store.
 */
export interface CachedAccommodation {
  accommodation: Accommodation;
  /** Overrides of the nights from `pricesFrom` on, or null when there are too many to keep. */
  prices: ReadonlyMap<string, number> | null;
  pricesFrom: string;
}

/** More future overrides than this (about 13 years of nights) are read per stay instead of kept. */
export const MAX_KEPT_PRICES = 5000;

/**
 * Reads an accommodation and its future nightly prices in one consistent snapshot (a
 * repeatable-read transaction on PostgreSQL; SQLite transactions always are). Undefined when
 * there is no such accommodation. With `keepPrices` false (nothing is cached) only the
 * accommodation is read, and each stay reads its own prices.
 */
export async function readCachedAccommodation(
  db: Db,
  id: number,
  now: Date,
  keepPrices = true,
): Promise<CachedAccommodation | undefined> {
  // Stays start today or later in the accommodation's zone, which is never before yesterday in UTC.
  const pricesFrom = addDays(todayIn('UTC', now), -1);
  if (!keepPrices) {
    const accommodation = await findAccommodation(db, id);
    return accommodation === undefined ? undefined : { accommodation, prices: null, pricesFrom };
  }
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const accommodation = await findAccommodation(trx, id);
      if (accommodation === undefined) return undefined;
      const rows = await trx
        .selectFrom('nightly_prices')
        .select(['night', 'price'])
        .where('accommodation_id', '=', id)
        .where('night', '>=', pricesFrom)
        .orderBy('night')
        .limit(MAX_KEPT_PRICES + 1)
        .execute();
      const prices = rows.length > MAX_KEPT_PRICES ? null : new Map(rows.map((r) => [r.night, r.price]));
      return { accommodation, prices, pricesFrom };
    });
}

/** The overrides of an accommodation with none kept: one shared empty map. */
const NO_PRICES: ReadonlyMap<string, number> = new Map();

/**
 * The overrides of the nights [from, to) from the kept prices, or null when they are not kept
 * (too many, or the nights start before `pricesFrom`) and must be read from the store.
 */
export function keptOverrides(
  entry: CachedAccommodation,
  from: string,
  to: string,
): ReadonlyMap<string, number> | null {
  if (entry.prices === null || from < entry.pricesFrom) return null;
  if (entry.prices.size === 0) return NO_PRICES;
  const out = new Map<string, number>();
  for (const night of eachDate(from, to)) {
    const price = entry.prices.get(night);
    if (price !== undefined) out.set(night, price);
  }
  return out;
}
