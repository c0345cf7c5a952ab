import type { ActiveKey } from './auth/api-key-repository.ts';
import type { CachedAccommodation } from './accommodations/accommodation-cache.ts';
import { TtlCache } from './shared/ttl-cache.ts';

/**
 * API keys, accommodation rules and nightly prices are read on every request and change rarely.
 * Each process keeps them for a short time (STAYDESK_CACHE_TTL_MS, default 2 s); a change made
 * through this process drops the entry at once, a change made elsewhere (another process, the
 * CLI) is seen within the TTL. Claims (who holds a night) and bookings are never cached.
 */
export interface Caches {
  apiKeys: TtlCache<string, ActiveKey>;
  /** When each key's last_used_at was last written by this process. */
  apiKeyTouches: Map<number, number>;
  /** An accommodation with its future nightly prices (accommodation-cache.ts). */
  accommodations: TtlCache<number, CachedAccommodation>;
}

/** `clock` (milliseconds since the epoch) decides when entries expire: the app context's now(). */
export function createCaches(ttlMs: number, clock: () => number = Date.now): Caches {
  return {
    apiKeys: new TtlCache(ttlMs, undefined, clock),
    apiKeyTouches: new Map(),
    accommodations: new TtlCache(ttlMs, undefined, clock),
  };
}
