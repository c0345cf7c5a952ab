import { Histogram, type Registry } from './prom.ts';

/**
 * `http_request_duration_seconds`, observed on every request. prom-client's `observe` builds
 * and validates a label object, hashes it and allocates a closure on each call (its cost:
 * docs/benchmarks.md#speed-mechanisms-and-the-targets-they-serve). Here an observation
 * is a Map lookup by one string and a few additions; the Prometheus text is built from these
 * sums when /metrics is read, in prom-client's own format (it is a Histogram to the registry).
 */

export const REQUEST_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;
const NAME = 'http_request_duration_seconds';
const HELP = 'HTTP request duration by route and status';

type Label = 'method' | 'route' | 'status_code';

interface Series {
  labels: Record<Label, string>;
  /** Observations per bucket (not cumulative); those beyond every bound count only in `count`. */
  buckets: number[];
  sum: number;
  count: number;
}

interface ExportedValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * `record` is the way in. It is a Histogram only so that the registry prints it: prom-client's
 * own `observe`, `labels` and `startTimer` on it would go to series that are never printed.
 */
export class RequestDurations extends Histogram<Label> {
  /** Series by route, then method, then status: no key string is built per request. */
  readonly #series = new Map<string, Map<string, Map<number, Series>>>();
  /** The same series in the order first seen, as prom-client prints them. */
  readonly #ordered: Series[] = [];

  constructor(registry: Registry) {
    super({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'],
      buckets: [...REQUEST_DURATION_BUCKETS],
      registers: [registry],
    });
  }

  /** One request's duration in seconds. */
  record(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.#series.get(route);
    if (byMethod === undefined) this.#series.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(statusCode);
    if (series === undefined) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        buckets: new Array<number>(REQUEST_DURATION_BUCKETS.length).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
      this.#ordered.push(series);
    }
    let i = 0;
    while (i < REQUEST_DURATION_BUCKETS.length && seconds > (REQUEST_DURATION_BUCKETS[i] ?? Infinity)) i++;
    if (i < REQUEST_DURATION_BUCKETS.length) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
    series.sum += seconds;
    series.count++;
  }

  /** The series as prom-client's histogram exports them: cumulative buckets, `+Inf`, sum and count. */
  #values(): ExportedValue[] {
    const values: ExportedValue[] = [];
    for (const series of this.#ordered) {
      let cumulative = 0;
      REQUEST_DURATION_BUCKETS.forEach((bound, i) => {
        cumulative += series.buckets[i] ?? 0;
        values.push({ metricName: `${NAME}_bucket`, labels: { le: bound, ...series.labels }, value: cumulative });
      });
      values.push({ metricName: `${NAME}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count });
      values.push({ metricName: `${NAME}_sum`, labels: { ...series.labels }, value: series.sum });
      values.push({ metricName: `${NAME}_count`, labels: { ...series.labels }, value: series.count });
    }
    return values;
  }

  override get(): ReturnType<Histogram<Label>['get']> {
    return Promise.resolve({
      name: NAME,
      help: HELP,
      type: 'histogram',
      aggregator: 'sum',
      values: this.#values(),
    } as unknown as Awaited<ReturnType<Histogram<Label>['get']>>);
  }

  /** What the registry reads for the text format (prom-client calls it when a metric has it). */
  getForPromString(): ReturnType<Histogram<Label>['get']> {
    return this.get();
  }

  override reset(): void {
    // Histogram's constructor calls reset before this class's fields exist.
    if (#series in this) {
      this.#series.clear();
      this.#ordered.length = 0;
    }
  }
}
