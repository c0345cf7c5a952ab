import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

/**
 * prom-client's metric classes, each from its own file: prom-client's main module also loads its
 * default metrics, and with them @opentelemetry/api, the summary, the push gateway and the cluster
 * aggregator, about 80 modules that a start does not need
 * (docs/benchmarks.md, "Speed mechanisms and the targets they serve").
 * `collectDefaultMetrics` loads the default metrics when called.
 */
const require = createRequire(import.meta.url);

export const Registry = require('prom-client/lib/registry') as typeof PromClient.Registry;
export type Registry = PromClient.Registry;
export const Counter = require('prom-client/lib/counter') as typeof PromClient.Counter;
export type Counter<T extends string = string> = PromClient.Counter<T>;
export const Gauge = require('prom-client/lib/gauge') as typeof PromClient.Gauge;
export type Gauge<T extends string = string> = PromClient.Gauge<T>;
export const Histogram = require('prom-client/lib/histogram') as typeof PromClient.Histogram;
export type Histogram<T extends string = string> = PromClient.Histogram<T>;

/** prom-client's default metrics (Node's process, heap, event loop and GC) on `registry`. */
export function collectDefaultMetrics(registry: Registry): void {
  const collect = require('prom-client/lib/defaultMetrics') as typeof PromClient.collectDefaultMetrics;
  collect({ register: registry });
}
