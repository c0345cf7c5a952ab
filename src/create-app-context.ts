import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { openStore, type Store } from './db/store.ts';
import { createMetrics, registerGroupCommitMetrics } from './ops/metrics.ts';
import { createCaches, followChanges } from './caches.ts';
import { registerCacheMetrics } from './cache-metrics.ts';

export function createContext(config: Config, store: Store = openStore(config.store)): AppContext {
  const metrics = createMetrics();
  // Entries expire by the context's clock, so moving ctx.now moves the caches too.
  const caches = createCaches(config.cacheTtlMs, config.nightMemoryMax, () => ctx.now().getTime());
  // The subscription ends when the store is destroyed (its feed closes).
  followChanges(caches, store.changes);
  registerCacheMetrics(metrics.registry, caches, store.changes);
  registerGroupCommitMetrics(metrics.registry, store.groupStats);
  const ctx: AppContext = {
    config,
    store,
    db: store.db,
    metrics,
    caches,
    now: () => new Date(),
  };
  return ctx;
}
