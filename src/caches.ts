import type { ActiveKey } from './auth/api-key-repository.ts';
import type { Accommodation } from './db/schema.ts';
import { TtlCache } from './shared/ttl-cache.ts';

/**
 * API keys and accommodation rules are read on every request and change rarely. Each process
 * keeps them for a short time (STAYDESK_CACHE_TTL_MS, default 2 s); a change made through this
 * process drops the entry at once, a change made elsewhere (another process, the CLI) is seen
 * within the TTL. Nightly prices, claims and bookings are never cached.
 */
export interface Caches {
  apiKeys: TtlCache<string, ActiveKey>;
  /** When each key's last_used_at was last written by this process. */
  apiKeyTouches: Map<number, number>;
  accommodations: TtlCache<number, Accommodation>;
}

export function createCaches(ttlMs: number): Caches {
  return {
    apiKeys: new TtlCache(ttlMs),
    apiKeyTouches: new Map(),
    accommodations: new TtlCache(ttlMs),
  };
}
