import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { claimRows } from '../db/row-locks.ts';
import { FETCHES_AT_ONCE, interleaveByHost, pullLimits } from './pull-limits.ts';
import { pullFeed, type PullDeps, type PullReport } from './pull-feed.ts';
import type { Feed } from './apply-pull.ts';

/** How long a claimed feed is this process's: longer than a pull can wait and take. */
const CLAIM_MS = 10 * 60_000;

/**
 * Takes up to `count` due feeds for this process, in one statement: their next attempt moves to
 * the end of the claim, so when several processes share the store each due feed is pulled by
 * exactly one of them (on PostgreSQL, rows another process is claiming are skipped, not waited
 * for). The pull sets the real next attempt; a process that dies mid-pull leaves the feed due
 * again when the claim runs out. Most overdue first.
 */
async function claimDueFeeds(ctx: AppContext, count: number, now: Date): Promise<Feed[]> {
  const at = now.toISOString();
  const due = claimRows(
    ctx.db,
    ctx.db
      .selectFrom('external_feeds')
      .select('id')
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(count),
  );
  return ctx.db
    .updateTable('external_feeds')
    .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/**
 * Pulls every feed that is due (never pulled, interval passed, or backoff over), until none is
 * left or `signal` says the process is stopping: up to FETCHES_AT_ONCE at once, at most PER_HOST
 * to one host, at most WRITES_AT_ONCE writing (pull-limits.ts). Feeds are claimed as slots free
 * up, so a run keeps pace with thousands of feeds without holding claims it cannot serve soon.
 * Each feed's next attempt carries its own jitter (pull-schedule.ts), so feeds added together
 * drift apart instead of falling due in the same second forever.
 */
export async function pullDueFeeds(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  options: { signal?: AbortSignal; fetchOptions?: PullDeps['fetchOptions'] } = {},
): Promise<PullReport[]> {
  const reports: PullReport[] = [];
  const deps: PullDeps = {
    ctx,
    limits: pullLimits(),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.fetchOptions === undefined ? {} : { fetchOptions: options.fetchOptions }),
  };
  const inFlight = new Set<Promise<void>>();
  const start = (feed: Feed): void => {
    const pull: Promise<void> = pullFeed(deps, feed).then(
      (report) => {
        if (report.outcome === 'failed' && options.signal?.aborted !== true)
          log.warn({ feed_id: feed.id, feed: feed.name, error: report.error }, 'external calendar pull failed');
        reports.push(report);
      },
      (error: unknown) => {
        log.error({ err: error, feed_id: feed.id }, 'external calendar pull failed unexpectedly');
      },
    );
    const tracked = pull.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  let drained = false;
  while (options.signal?.aborted !== true) {
    const room = FETCHES_AT_ONCE - inFlight.size;
    // Claim in batches of at least a quarter of the slots, not one feed per finished pull.
    if (!drained && (room >= FETCHES_AT_ONCE / 4 || inFlight.size === 0)) {
      const batch = await claimDueFeeds(ctx, room, ctx.now());
      for (const feed of interleaveByHost(batch)) start(feed);
      drained = batch.length < room;
    }
    if (inFlight.size === 0) {
      if (drained) break;
      continue;
    }
    await Promise.race(inFlight);
    // Feeds may have fallen due meanwhile; look again once slots are free.
    if (drained && inFlight.size === 0) drained = false;
  }
  await Promise.all(inFlight);
  return reports;
}
