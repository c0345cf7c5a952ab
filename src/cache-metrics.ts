import { Gauge, type Registry } from './ops/prom.ts';
import type { Caches } from './caches.ts';
import type { ChangeFeed } from './db/change-feed.ts';

/**
 * /metrics for the in-process caches: hits, misses, evictions and invalidations per cache
 * (read from the caches' counters at scrape time, so the hot path only bumps integers), how
 * many entries each keeps, and whether announcements are live (0 means every read goes to the
 * store until the process has subscribed again).
 */
export function registerCacheMetrics(registry: Registry, caches: Caches, feed: ChangeFeed): void {
  const named = {
    api_keys: caches.apiKeys,
    accommodations: caches.accommodations,
    nights: caches.nights,
    calendar_months: caches.months,
  } as const;
  const counter = (name: string, help: string, field: 'hits' | 'misses' | 'evictions' | 'invalidations') =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        for (const [cache, c] of Object.entries(named)) this.set({ cache }, c.stats[field]);
      },
    });
  counter('staydesk_cache_hits_total', 'Reads answered from memory, by cache', 'hits');
  counter('staydesk_cache_misses_total', 'Reads that went to the store, by cache', 'misses');
  counter('staydesk_cache_evictions_total', 'Entries dropped to stay under the ceiling, by cache', 'evictions');
  counter(
    'staydesk_cache_invalidations_total',
    'Entries dropped because their rows changed, by cache',
    'invalidations',
  );
  new Gauge({
    name: 'staydesk_cache_entries',
    help: 'Entries kept in memory, by cache',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [cache, c] of Object.entries(named)) this.set({ cache }, c.size);
    },
  });
  new Gauge({
    name: 'staydesk_cache_announcements_live',
    help: '1 while change announcements are received; 0 means the caches are stale and bypassed',
    registers: [registry],
    collect() {
      this.set(feed.live ? 1 : 0);
    },
  });
}
