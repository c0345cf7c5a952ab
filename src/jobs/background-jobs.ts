import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../app-context.ts';
import { pullDueFeeds } from '../ical/scheduled-pulls.ts';
import { createMailDelivery } from '../mail/deliver-mail.ts';
import type { MailSender } from '../mail/smtp-sender.ts';
import { pruneIdempotencyRecords } from '../bookings/idempotency.ts';
import { expireDueDrafts } from '../bookings/expire-holds.ts';
import { pruneDeliveries } from '../webhooks/webhook-events.ts';
import { createEventDelivery } from '../endpoints/deliver-events.ts';
import { pruneEvents } from '../events/delivery-repository.ts';
import { isDeliveriesQueued } from '../events/delivery-wake.ts';
import { sendDueMessages } from '../messages/send-messages.ts';
import { planAllQueued } from '../tasks/new-stay-turnovers.ts';
import { followUpAllQueued } from '../bookings/confirmed-follow-up.ts';
import { eraseExpiredDocuments } from '../privacy/document-retention.ts';
import { readRetentionDays } from '../settings/registration-retention.ts';
import { acquireLease } from './job-lease.ts';
import { startJobRunner, type Job, type JobLogger, type JobRunner } from './job-runner.ts';

const DRAFT_BATCH = 100;
/** Guest messages claimed, rendered and queued per transaction. */
const MESSAGE_BATCH = 50;
const PRUNE_INTERVAL_MS = 3_600_000;
/** How long partners' events are kept for the catch-up feed. */
const EVENTS_KEPT_MS = 30 * 24 * 3_600_000;

/** Names this process in leases and outbox claims, for the operator reading them. */
export function workerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * The service's background work, started by `staydesk serve` once it listens:
 * - expire-drafts and deliver-mail every STAYDESK_JOB_POLL_MS, on every process; each expired
 *   draft and each mail is claimed by exactly one of them;
 * - ical-sync: pulls each external calendar every ICAL_SYNC_INTERVAL_SECONDS (0: never), with
 *   jitter and a backoff after failures; each due feed is claimed by exactly one process; a run
 *   pulls every due feed, many at once (src/ical/pull-limits.ts), and stops early on shutdown;
 * - prune-idempotency hourly, by whichever process takes the lease: forgets idempotency keys
 *   past their retention.
 * - prune-webhook-deliveries hourly, under its own lease: deletes remembered webhook deliveries
 *   whose time is up.
 * - deliver-events every STAYDESK_EVENT_POLL_MS, on every process, and at once when deliveries are
 *   committed (by this process, or announced by another on the store's change feed): sends
 *   partners' events to their endpoints, each delivery claimed by exactly one process, a lane
 *   per endpoint so that a slow endpoint holds up no other (src/endpoints/deliver-events.ts);
 * - prune-events hourly, under its own lease: forgets partners' events older than 30 days.
 * - send-guest-messages every STAYDESK_JOB_POLL_MS, on every process: claims due guest messages
 *   (each by one process), renders them and queues them into the mail outbox (docs/messages.md).
 * - plan-turnovers and follow-up-bookings every STAYDESK_JOB_POLL_MS, on every process: plan the
 *   turnover tasks, issue the invoices and schedule the guest messages of new bookings whose
 *   request did not (the process died right after the commit: src/tasks/new-stay-turnovers.ts,
 *   src/bookings/confirmed-follow-up.ts).
 * - erase-registration-documents hourly, under its own lease: erases the identity documents of
 *   check-ins whose stay departed `registration_retention_days` ago (docs/registrations.md#retention).
 */
export function startBackgroundJobs(
  ctx: AppContext,
  log: JobLogger,
  options: { worker?: string; sender?: MailSender } = {},
): JobRunner {
  const worker = options.worker ?? workerId();
  const mail = createMailDelivery({
    db: ctx.db,
    config: ctx.config,
    metrics: ctx.metrics,
    log,
    now: () => ctx.now(),
    worker,
    sender: options.sender,
  });

  const events = createEventDelivery({
    db: ctx.db,
    commit: (work) => ctx.store.commitUnflushed(work),
    config: ctx.config,
    metrics: ctx.metrics,
    log,
    now: () => ctx.now(),
    worker,
  });
  const leased = async (name: string, work: () => Promise<number>, what: string) => {
    if (!(await acquireLease(ctx.db, { name, holder: worker, now: ctx.now(), ttlMs: PRUNE_INTERVAL_MS })))
      return 'skipped' as const;
    const removed = await work();
    if (removed > 0) log.info({ removed }, what);
    return removed > 0 ? ('done' as const) : ('skipped' as const);
  };

  const jobs: Job[] = [
    {
      name: 'deliver-events',
      intervalMs: ctx.config.eventPollMs,
      run: async (signal) => {
        const { delivered, failed } = await events.run(signal);
        return delivered + failed > 0 ? 'done' : 'skipped';
      },
    },
    {
      name: 'prune-events',
      intervalMs: PRUNE_INTERVAL_MS,
      run: () =>
        leased(
          'prune-events',
          () => pruneEvents(ctx.db, new Date(ctx.now().getTime() - EVENTS_KEPT_MS)),
          "partners' events past 30 days forgotten",
        ),
    },
    {
      name: 'expire-drafts',
      intervalMs: ctx.config.jobPollMs,
      run: async (signal) => {
        let total = 0;
        // Stopping: the batch in hand is finished, no other is started.
        while (!signal.aborted) {
          const expired = await expireDueDrafts(ctx, ctx.now(), DRAFT_BATCH);
          if (expired.length > 0) log.info({ booking_ids: expired }, 'unpaid drafts expired: nights released');
          total += expired.length;
          if (expired.length < DRAFT_BATCH) break;
        }
        return total > 0 ? 'done' : 'skipped';
      },
    },
    {
      name: 'send-guest-messages',
      intervalMs: ctx.config.jobPollMs,
      run: async (signal) => {
        let total = 0;
        // Stopping: the batch in hand is committed, no other is claimed.
        while (!signal.aborted) {
          const { sent, skipped, failed } = await sendDueMessages(ctx.db, ctx.config, ctx.now(), MESSAGE_BATCH);
          if (failed > 0) log.warn({ failed }, 'guest messages could not be rendered: marked failed');
          const done = sent + skipped + failed;
          total += done;
          if (done < MESSAGE_BATCH) break;
        }
        if (total > 0) runner.wake('deliver-mail');
        return total > 0 ? 'done' : 'skipped';
      },
    },
    {
      name: 'plan-turnovers',
      intervalMs: ctx.config.jobPollMs,
      run: async () => ((await planAllQueued(ctx)) > 0 ? 'done' : 'skipped'),
    },
    {
      name: 'follow-up-bookings',
      intervalMs: ctx.config.jobPollMs,
      run: async () => ((await followUpAllQueued(ctx)) ? 'done' : 'skipped'),
    },
    {
      name: 'deliver-mail',
      intervalMs: ctx.config.jobPollMs,
      run: async (signal) => {
        const { sent, failed } = await mail.run(signal);
        return sent + failed > 0 ? 'done' : 'skipped';
      },
    },
    {
      name: 'erase-registration-documents',
      intervalMs: PRUNE_INTERVAL_MS,
      run: () =>
        leased(
          'erase-registration-documents',
          async () => eraseExpiredDocuments(ctx.db, ctx.now(), await readRetentionDays(ctx.db)),
          'check-in documents past their retention erased',
        ),
    },
    {
      name: 'prune-idempotency',
      intervalMs: PRUNE_INTERVAL_MS,
      run: async () => {
        // One prune per hour across processes: the delete reads the whole table.
        if (
          !(await acquireLease(ctx.db, {
            name: 'prune-idempotency',
            holder: worker,
            now: ctx.now(),
            ttlMs: PRUNE_INTERVAL_MS,
          }))
        )
          return 'skipped';
        const removed = await pruneIdempotencyRecords(ctx.db, ctx.now());
        if (removed > 0) log.info({ removed }, 'old idempotency keys forgotten');
        return removed > 0 ? 'done' : 'skipped';
      },
    },
    {
      name: 'prune-webhook-deliveries',
      intervalMs: PRUNE_INTERVAL_MS,
      run: async () => {
        if (
          !(await acquireLease(ctx.db, {
            name: 'prune-webhook-deliveries',
            holder: worker,
            now: ctx.now(),
            ttlMs: PRUNE_INTERVAL_MS,
          }))
        )
          return 'skipped';
        const removed = await pruneDeliveries(ctx.db, ctx.now());
        if (removed > 0) log.info({ removed }, 'expired webhook deliveries forgotten');
        return removed > 0 ? 'done' : 'skipped';
      },
    },
  ];

  const syncMs = ctx.config.icalSyncIntervalSeconds * 1000;
  if (syncMs > 0) {
    jobs.push({
      name: 'ical-sync',
      // Each feed carries its own next attempt (interval with jitter, or a failure's backoff);
      // looking for due feeds every minute at most keeps a pull close to its time.
      intervalMs: Math.min(syncMs, 60_000),
      run: async (signal) => {
        const reports = await pullDueFeeds(ctx, log, { signal });
        if (reports.length > 0)
          log.info(
            { feeds: reports.length, failed: reports.filter((r) => r.outcome === 'failed').length },
            'external calendars pulled',
          );
        return reports.length > 0 ? 'done' : 'skipped';
      },
    });
  }

  const runner = startJobRunner(jobs, { metrics: ctx.metrics, log, health: ctx.store.health });
  // Deliveries committed by this process or, on PostgreSQL, announced by another: sent now, not at the next poll.
  const unsubscribe = ctx.store.changes.subscribe({
    change: (change) => {
      if (!isDeliveriesQueued(change)) return;
      // A run in progress (lanes still in flight) claims them at once; an idle worker is woken.
      events.wake();
      runner.wake('deliver-events');
    },
    live: () => undefined,
  });
  return {
    wake: (name) => {
      runner.wake(name);
    },
    stop: async () => {
      unsubscribe();
      await runner.stop();
      mail.close();
    },
  };
}
