import type { ActiveKey } from './auth/api-key-repository.ts';
import type { CachedAccommodation } from './accommodations/accommodation-cache.ts';
import type { ChangeFeed, TableChange } from './db/change-feed.ts';
import type { NightSnapshot } from './occupancy/night-memory.ts';
import { TtlCache } from './shared/ttl-cache.ts';

/**
 * API keys, accommodation rules, nightly prices and taken nights are read on every request and
 * change rarely. Each process keeps them in memory; every change to the rows they come from is
 * announced by database triggers (migration 0007, db/change-feed.ts), on PostgreSQL to every
 * process when it commits, except a new booking's claims, which its process announces right after
 * the commit (migration 0010); the entry is dropped on receipt. STAYDESK_CACHE_TTL_MS (default
 * 2 s) bounds how long an entry is kept at all: the fallback for a change no announcement
 * reaches (another process on the embedded store, such as the CLI). While a process's
 * PostgreSQL listening connection is down, its caches keep nothing and every read goes to the
 * store, until it has subscribed again.
 */
export interface Caches {
  apiKeys: TtlCache<string, ActiveKey>;
  /** When each key's last_used_at was last written by this process. */
  apiKeyTouches: Map<number, number>;
  /** An accommodation with its future nightly prices (accommodation-cache.ts). */
  accommodations: TtlCache<number, CachedAccommodation>;
  /** Taken nights per accommodation (occupancy/night-memory.ts), the nearest ones when there are many. */
  nights: TtlCache<number, NightSnapshot>;
}

/** `clock` (milliseconds since the epoch) decides when entries expire: the app context's now(). */
export function createCaches(ttlMs: number, nightMemoryMax = 1000, clock: () => number = Date.now): Caches {
  return {
    apiKeys: new TtlCache(ttlMs, undefined, clock),
    apiKeyTouches: new Map(),
    accommodations: new TtlCache(ttlMs, undefined, clock),
    nights: new TtlCache(nightMemoryMax > 0 ? ttlMs : 0, nightMemoryMax, clock),
  };
}

function all(caches: Caches): TtlCache<unknown, unknown>[] {
  return [caches.apiKeys, caches.accommodations, caches.nights] as TtlCache<unknown, unknown>[];
}

/** Drops what an announced change makes stale. */
export function applyChange(caches: Caches, change: TableChange): void {
  const id = Number(change.id);
  switch (change.table) {
    case 'api_keys':
      // Keyed by the secret's hash, which the announcement does not carry; keys change rarely.
      caches.apiKeys.clear();
      return;
    case 'accommodations':
    case 'nightly_prices':
      caches.accommodations.delete(id);
      if (change.table === 'accommodations') caches.nights.delete(id);
      return;
    case 'night_claims':
    case 'bookings':
      caches.nights.delete(id);
      return;
    default:
      // settings: nothing keeps them in memory yet.
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
