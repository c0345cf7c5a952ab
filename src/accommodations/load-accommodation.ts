import type { Accommodation } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../http/errors.ts';
import type { TtlCache } from '../shared/ttl-cache.ts';
import { keptOverrides, readCachedAccommodation, type CachedAccommodation } from './accommodation-cache.ts';
import { nightlyPriceMap } from './nightly-price-repository.ts';

/** What loading needs from the app context: the store, the accommodation cache and the clock. */
export interface AccommodationSource {
  readonly db: Db;
  readonly caches: { readonly accommodations: TtlCache<number, CachedAccommodation> };
  now(): Date;
}

/** The accommodation with its kept nightly prices (from the short-lived per-process cache), or a 404. */
export async function loadCachedAccommodation(ctx: AccommodationSource, id: number): Promise<CachedAccommodation> {
  const cache = ctx.caches.accommodations;
  // With caching off, loading every future price for one request would cost more than it saves.
  return foundOr404(await cache.getOrLoad(id, () => readCachedAccommodation(ctx.db, id, ctx.now(), cache.enabled)), id);
}

/**
 * loadCachedAccommodation without a promise when the accommodation is cached: the entry itself,
 * or a promise of it (or of the 404) when it has to be read.
 */
export function cachedAccommodationOrLoad(
  ctx: AccommodationSource,
  id: number,
  now: Date,
): CachedAccommodation | Promise<CachedAccommodation> {
  const cache = ctx.caches.accommodations;
  const entry = cache.get(id, now.getTime());
  if (entry !== undefined) return entry;
  return cache
    .load(id, () => readCachedAccommodation(ctx.db, id, ctx.now(), cache.enabled))
    .then((loaded) => foundOr404(loaded, id));
}

function foundOr404(entry: CachedAccommodation | undefined, id: number): CachedAccommodation {
  if (entry === undefined) {
    throw notFound('accommodation_not_found', `Accommodation ${id} not found.`, {
      parameter: 'accommodation_id',
      received: id,
    });
  }
  return entry;
}

/** The accommodation (served from the short-lived per-process cache), or a 404. */
export async function loadAccommodation(ctx: AccommodationSource, id: number): Promise<Accommodation> {
  return (await loadCachedAccommodation(ctx, id)).accommodation;
}

/** Nightly price overrides of [from, to): the kept ones, or read from the store when they are not kept. */
export async function nightlyOverrides(
  ctx: { readonly db: Db },
  entry: CachedAccommodation,
  from: string,
  to: string,
): Promise<ReadonlyMap<string, number>> {
  return overridesOrLoad(ctx, entry, from, to);
}

/** nightlyOverrides without a promise when the overrides are kept. */
export function overridesOrLoad(
  ctx: { readonly db: Db },
  entry: CachedAccommodation,
  from: string,
  to: string,
): ReadonlyMap<string, number> | Promise<ReadonlyMap<string, number>> {
  return keptOverrides(entry, from, to) ?? nightlyPriceMap(ctx.db, entry.accommodation.id, from, to);
}
