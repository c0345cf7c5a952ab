import type { AppContext } from '../app-context.ts';
import type { FastifyBaseLogger } from 'fastify';
import { mapLimit } from '../shared/map-limit.ts';
import { pullFeed, type PullReport } from './pull-feed.ts';
import { PULL_CONCURRENCY } from './sync-calendars.ts';

const BATCH = 50;

/**
 * Takes a due feed for this process: moves its next attempt forward only if it is still due, so
 * when several processes share the store exactly one of them wins each feed per interval. The
 * pull sets the real next attempt afterwards; a process that dies mid-pull leaves the feed due
 * again after the claim runs out.
 */
async function claimFeed(ctx: AppContext, feedId: number, dueBefore: string, claimUntil: string): Promise<boolean> {
  const result = await ctx.db
    .updateTable('external_feeds')
    .set({ next_attempt_at: claimUntil })
    .where('id', '=', feedId)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', dueBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pulls every feed that is due (never pulled, interval passed, or backoff over). */
export async function pullDueFeeds(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<PullReport[]> {
  const reports: PullReport[] = [];
  const now = ctx.now();
  const at = now.toISOString();
  // Held while pulling: longer than a pull can take (10 s fetch plus the write).
  const claimUntil = new Date(now.getTime() + 5 * 60_000).toISOString();
  const due = await ctx.db
    .selectFrom('external_feeds')
    .selectAll()
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  await mapLimit(due, PULL_CONCURRENCY, async (feed) => {
    if (!(await claimFeed(ctx, feed.id, at, claimUntil))) return;
    const report = await pullFeed({ ctx }, feed);
    if (report.outcome === 'failed')
      log.warn({ feed_id: feed.id, feed: feed.name, error: report.error }, 'external calendar pull failed');
    reports.push(report);
  });
  return reports;
}
