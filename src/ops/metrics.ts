import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from './prom.ts';
import { RequestDurations } from './request-durations.ts';

/** One registry per app instance, so several apps in one process (tests) never collide. */
export interface Metrics {
  registry: Registry;
  /**
   * The Prometheus text of every metric, with Node's process metrics (prom-client's default
   * metrics), which start being collected on the first read.
   */
  text(): Promise<string>;
  httpDuration: RequestDurations;
  bookingsCreated: Counter<'status' | 'payment_method'>;
  bookingConflicts: Counter;
  webhooksReceived: Counter<'source' | 'outcome'>;
  mailsSent: Counter<'outcome'>;
  jobRuns: Counter<'job' | 'outcome'>;
  icalPulls: Counter<'outcome'>;
  overbookingAlerts: Counter;
  /** Event deliveries waiting to be sent (pending), as the delivery worker last counted them. */
  eventsQueued: Gauge;
  /** Event delivery attempts by outcome: delivered, retry (failed, tried again later), failed (for good). */
  eventDeliveries: Counter<'outcome'>;
  /** Seconds from an event's commit to its delivery being answered with a 2xx. */
  eventLatency: Histogram;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  let defaults = false;
  return {
    registry,
    text() {
      if (!defaults) {
        collectDefaultMetrics(registry);
        defaults = true;
      }
      return registry.metrics();
    },
    httpDuration: new RequestDurations(registry),
    bookingsCreated: new Counter({
      name: 'staydesk_bookings_created_total',
      help: 'Bookings created, by initial status and payment method',
      labelNames: ['status', 'payment_method'],
      registers: [registry],
    }),
    bookingConflicts: new Counter({
      name: 'staydesk_booking_conflicts_total',
      help: 'Booking attempts refused because a night was already taken',
      registers: [registry],
    }),
    webhooksReceived: new Counter({
      name: 'staydesk_webhooks_received_total',
      help: 'Inbound webhook calls by source and outcome',
      labelNames: ['source', 'outcome'],
      registers: [registry],
    }),
    mailsSent: new Counter({
      name: 'staydesk_mails_total',
      help: 'Mail delivery attempts by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'staydesk_job_runs_total',
      help: 'Background job runs by job and outcome',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    icalPulls: new Counter({
      name: 'staydesk_ical_pulls_total',
      help: 'External calendar pulls by outcome (updated, not_modified, held, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    overbookingAlerts: new Counter({
      name: 'staydesk_overbooking_alerts_total',
      help: 'Imported stays found over nights already held by a booking, block or another feed',
      registers: [registry],
    }),
    eventsQueued: new Gauge({
      name: 'staydesk_event_deliveries_queued',
      help: 'Event deliveries to partner endpoints waiting to be sent',
      registers: [registry],
    }),
    eventDeliveries: new Counter({
      name: 'staydesk_event_deliveries_total',
      help: 'Event delivery attempts by outcome (delivered, retry, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    eventLatency: new Histogram({
      name: 'staydesk_event_delivery_seconds',
      help: 'Seconds from the commit of a change to the delivery of its event',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60, 600, 3600],
      registers: [registry],
    }),
  };
}

/**
 * /metrics for the embedded store's group commit (db/group-commit.ts): how many shared
 * transactions committed and how many units of work they held, so units ÷ batches is the
 * average batch. Both stay 0 on PostgreSQL, which commits each booking on its own.
 */
export function registerGroupCommitMetrics(
  registry: Registry,
  stats: { readonly batches: number; readonly units: number },
): void {
  new Gauge({
    name: 'staydesk_group_commits_total',
    help: 'Shared transactions the embedded store committed for bookings that arrived together',
    registers: [registry],
    collect() {
      this.set(stats.batches);
    },
  });
  new Gauge({
    name: 'staydesk_group_commit_units_total',
    help: 'Bookings handed to those shared transactions, each in its own savepoint (refused ones included)',
    registers: [registry],
    collect() {
      this.set(stats.units);
    },
  });
}
