import { keptOverrides, readCachedAccommodation, type CachedAccommodation } from '../accommodations/accommodation-cache.ts';
import { nightlyPriceMap } from '../accommodations/nightly-price-repository.ts';
import type { Accommodation } from '../db/schema.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { stayRulesOf } from '../pricing/accommodation-rules.ts';
import { todayIn } from '../shared/dates.ts';
import { checkStay, type StayFieldNames } from '../stays/stay-rules.ts';
import type { TakenNight } from '../occupancy/night-claims.ts';

type CacheContext = Pick<AppContext, 'db' | 'caches' | 'now'>;

/** The accommodation with its kept nightly prices (from the short-lived per-process cache), or a 404. */
export async function loadCachedAccommodation(ctx: CacheContext, id: number): Promise<CachedAccommodation> {
  const cache = ctx.caches.accommodations;
  // With caching off, loading every future price for one request would cost more than it saves.
  const entry = await cache.getOrLoad(id, () => readCachedAccommodation(ctx.db, id, ctx.now(), cache.enabled));
  if (entry === undefined) {
    throw notFound(`Accommodation ${id} not found.`, { parameter: 'accommodation_id', received: id, reason: 'accommodation_not_found' });
  }
  return entry;
}

/** The accommodation (served from the short-lived per-process cache), or a 404. */
export async function loadAccommodation(ctx: CacheContext, id: number): Promise<Accommodation> {
  return (await loadCachedAccommodation(ctx, id)).accommodation;
}

/** Nightly price overrides of [from, to): the kept ones, or read from the store when they are not kept. */
export async function nightlyOverrides(ctx: Pick<AppContext, 'db'>, entry: CachedAccommodation, from: string, to: string): Promise<ReadonlyMap<string, number>> {
  return keptOverrides(entry, from, to) ?? (await nightlyPriceMap(ctx.db, entry.accommodation.id, from, to));
}

/** The stay rules of decisions.md section 4 as a 400, named with the caller's field names. */
export function checkStayOrThrow(
  accommodation: Accommodation,
  stay: { checkin: unknown; checkout: unknown; guests: number },
  names: StayFieldNames,
  now: Date,
  /** The first date a stay may start; defaults to today in the accommodation's time zone. */
  earliest: string = todayIn(accommodation.timezone, now),
): { checkin: string; checkout: string; nights: number } {
  const result = checkStay({ ...stay, today: earliest }, stayRulesOf(accommodation), names);
  if (!result.ok) {
    const { message, ...details } = result.violation;
    throw badRequest(message, details);
  }
  return result;
}

/** The not-available message: the first conflicting booking's code, or the first blocked date. */
export function conflictMessage(taken: readonly TakenNight[]): string {
  const first = taken[0];
  if (first === undefined) return 'Available';
  switch (first.kind) {
    case 'booking':
      return `Not available: the dates conflict with booking ${first.confirmation_code ?? ''} (night of ${first.night}).`;
    case 'block':
      return `Not available: ${first.night} is blocked${first.reason ? ` (${first.reason})` : ''}.`;
    case 'external':
      return `Not available: the dates conflict with a reservation from another channel (night of ${first.night}).`;
  }
}
