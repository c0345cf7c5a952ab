import type { Config } from './config/config.ts';
import type { Db, Store } from './db/store.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Caches } from './caches.ts';
import type { RoutesWith } from './http/types.ts';

/** What every feature needs, built once per process and handed to each feature's routes. */
export interface AppContext {
  readonly config: Config;
  readonly store: Store;
  readonly db: Db;
  readonly metrics: Metrics;
  /** Per-process caches of rarely changing rows; see caches.ts. */
  readonly caches: Caches;
  /** The current instant; tests may replace it to move time. */
  now(): Date;
}

/** A feature's routes: a plugin that receives the shared context. */
export type FeatureRoutes = RoutesWith<AppContext>;
