import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { openStore, type Store } from './db/store.ts';
import { createMetrics } from './ops/metrics.ts';
import { createCaches } from './caches.ts';

export function createContext(config: Config, store: Store = openStore(config.store)): AppContext {
  const ctx: AppContext = {
    config,
    store,
    db: store.db,
    metrics: createMetrics(),
    // Entries expire by the context's clock, so moving ctx.now moves the caches too.
    caches: createCaches(config.cacheTtlMs, () => ctx.now().getTime()),
    now: () => new Date(),
  };
  return ctx;
}
