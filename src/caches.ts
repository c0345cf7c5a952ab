import type { KnownKey } from './auth/require-key.ts';
import type { CachedAccommodation } from './accommodations/accommodation-cache.ts';
import type { ChangeFeed, TableChange } from './db/change-feed.ts';
import type { NightSnapshot } from './occupancy/night-memory.ts';
import type { HostIdentity } from './settings/host-identity.ts';
import { TtlCache } from './shared/ttl-cache.ts';

/**
 * API keys, accommodation rules, nightly prices, taken nights, calendar months and the host's
 * identity are read on every request (or every booking) and change rarely. Each process keeps
 * them in memory; every change to the rows they come from is announced by database triggers
 * (migrations 0007 and 0012, db/change-feed.ts), on PostgreSQL to every process when it commits,
 * except a new booking's claims, which its process announces right after the commit (migration
 * 0010); the entry is dropped on receipt. STAYDESK_CACHE_TTL_MS (default 2 s) bounds how long an
 * entry is kept at all: the fallback for a change no announcement reaches (another process on the
 * embedded store, such as the CLI). While a process's PostgreSQL listening connection is down, its
 * caches keep nothing and every read goes to the store, until it has subscribed again.
 */
export interface Caches {
  /**
   * Active API keys, keyed by the secret as a caller presented it: only a secret whose SHA-256
   * the store found is kept, and only in this process's memory, for at most the TTL (a change to
   * any key drops them all), so a key in steady use is not hashed on every request.
   */
  apiKeys: TtlCache<string, KnownKey>;
  /** When each key's last_used_at was last written by this process. */
  apiKeyTouches: Map<number, number>;
  /** An accommodation with its future nightly prices (accommodation-cache.ts). */
  accommodations: TtlCache<number, CachedAccommodation>;
  /** Taken nights per accommodation (occupancy/night-memory.ts), the nearest ones when there are many. */
  nights: TtlCache<number, NightSnapshot>;
  /** Calendar months (calendar/month-memory.ts), keyed by accommodation, its change count, month and day. */
  months: TtlCache<string, KeptMonth>;
  /**
   * Changes announced per accommodation: a calendar month's key
   * carries the count it was read at, so a change makes every month of the accommodation a miss
   * at once, and a read that began before it is kept under a key nobody asks for again.
   */
  monthChanges: Map<number, number>;
  /** The host's business and bank details (settings), which every new booking's mail carries. */
  hostIdentity: TtlCache<'host', HostIdentity>;
}

/**
 * What this layer knows of a calendar month the calendar keeps (calendar/month-calendar.ts,
 * MonthData, which sits above it): when it stops being true by itself, at the end of a card hold.
 */
export interface KeptMonth {
  readonly nextHoldEnd: string | null;
}

/** The most calendar months kept (a few kilobytes each). */
export const CALENDAR_MONTHS_MAX = 2000;

/** `clock` (milliseconds since the epoch) decides when entries expire: the app context's now(). */
export function createCaches(ttlMs: number, nightMemoryMax = 1000, clock: () => number = Date.now): Caches {
  return {
    apiKeys: new TtlCache(ttlMs, undefined, clock),
    apiKeyTouches: new Map(),
    accommodations: new TtlCache(ttlMs, undefined, clock),
    nights: new TtlCache(nightMemoryMax > 0 ? ttlMs : 0, nightMemoryMax, clock),
    months: new TtlCache<string, KeptMonth>(ttlMs, CALENDAR_MONTHS_MAX, clock, (month) =>
      month.nextHoldEnd === null ? Infinity : Date.parse(month.nextHoldEnd),
    ),
    monthChanges: new Map(),
    hostIdentity: new TtlCache(ttlMs, 1, clock),
  };
}

/** Counts a change to an accommodation's calendar months. */
function monthsChanged(caches: Caches, accommodationId: number): void {
  caches.monthChanges.set(accommodationId, (caches.monthChanges.get(accommodationId) ?? 0) + 1);
}

function all(caches: Caches): TtlCache<unknown, unknown>[] {
  return [caches.apiKeys, caches.accommodations, caches.nights, caches.months, caches.hostIdentity] as TtlCache<
    unknown,
    unknown
  >[];
}

/**
 * Drops what an announced change makes stale. The process that made a change also applies it
 * right after its commit, so that its own next answer never waits for the announcement.
 */
export function applyChange(caches: Caches, change: TableChange): void {
  const id = Number(change.id);
  switch (change.table) {
    case 'api_keys':
      // Keyed by the secret, which the announcement does not carry; keys change rarely.
      caches.apiKeys.clear();
      return;
    case 'accommodations':
    case 'nightly_prices':
      caches.accommodations.delete(id);
      if (change.table === 'accommodations') caches.nights.delete(id);
      monthsChanged(caches, id);
      return;
    case 'night_claims':
    case 'bookings':
      caches.nights.delete(id);
      monthsChanged(caches, id);
      return;
    case 'external_reservations':
    case 'external_feeds':
      monthsChanged(caches, id);
      return;
    case 'settings':
      caches.hostIdentity.clear();
      return;
    default:
      return;
  }
}

/** Keeps the caches current from the store's announcements; they keep nothing while the feed is not live. */
export function followChanges(caches: Caches, feed: ChangeFeed): () => void {
  return feed.subscribe({
    change: (change) => {
      applyChange(caches, change);
    },
    live: (isLive) => {
      for (const cache of all(caches)) {
        if (isLive) cache.resume();
        else cache.pause();
      }
    },
  });
}
