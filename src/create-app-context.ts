import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { openStore, type Store } from './db/store.ts';
import { createMetrics } from './ops/metrics.ts';
import { createCaches } from './caches.ts';

export function createContext(config: Config, store: Store = openStore(config.store)): AppContext {
  return {
    config,
    store,
    db: store.db,
    metrics: createMetrics(),
    caches: createCaches(config.cacheTtlMs),
    now: () => new Date(),
  };
}
