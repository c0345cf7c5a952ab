import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestDurations } from './request-durations.ts';

/** One registry per app instance, so several apps in one process (tests) never collide. */
export interface Metrics {
  registry: Registry;
  httpDuration: RequestDurations;
  bookingsCreated: Counter<'status' | 'payment_method'>;
  bookingConflicts: Counter;
  webhooksReceived: Counter<'source' | 'outcome'>;
  mailsSent: Counter<'outcome'>;
  jobRuns: Counter<'job' | 'outcome'>;
  icalPulls: Counter<'outcome'>;
  overbookingAlerts: Counter;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
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
