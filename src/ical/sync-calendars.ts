import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { mapLimit } from '../shared/map-limit.ts';
import { FETCHES_AT_ONCE, interleaveByHost, pullLimits } from './pull-limits.ts';
import { pullFeed, type PullDeps, type PullReport } from './pull-feed.ts';

export interface SyncReport {
  /** False when any feed failed. */
  ok: boolean;
  accommodations: { id: number; name: string; feeds: PullReport[] }[];
  lines: string[];
}

/** One line per feed: what the pull changed, or why it failed. */
export function describePull(accommodation: { id: number; name: string }, pull: PullReport): string {
  const where = `Accommodation ${accommodation.id} "${accommodation.name}", feed ${pull.feed_id} "${pull.feed}"`;
  if (pull.outcome === 'failed') return `${where}: failed: ${pull.error ?? 'unknown error'}; nothing changed.`;
  if (pull.outcome === 'not_modified') return `${where}: not modified; added 0, changed 0, removed 0.`;
  if (pull.outcome === 'held')
    return `${where}: the calendar came back empty; its stays are kept until the next pull confirms it.`;
  const alerts = pull.alerts > 0 ? `; ${pull.alerts} new overbooking alert(s)` : '';
  return `${where}: added ${pull.added}, changed ${pull.changed}, removed ${pull.removed}${alerts}.`;
}

/**
 * Pulls the external calendars of one accommodation or all of them, now, whatever their backoff
 * (the webhook, the CLI and the admin API ask for it explicitly). Many feeds are pulled at once,
 * within the schedule's limits per host and for writes (pull-limits.ts): each waits mostly on its
 * channel's server.
 */
export async function syncCalendars(
  ctx: AppContext,
  accommodationId?: number,
  deps: Omit<PullDeps, 'ctx'> = {},
): Promise<SyncReport> {
  let query = ctx.db.selectFrom('accommodations').select(['id', 'name']).orderBy('id');
  if (accommodationId !== undefined) query = query.where('id', '=', accommodationId);
  const accommodations = await query.execute();
  if (accommodationId !== undefined && accommodations.length === 0) {
    throw notFound('accommodation_not_found', `Accommodation ${accommodationId} not found.`, {
      parameter: 'accommodation_id',
      received: accommodationId,
    });
  }
  let feedQuery = ctx.db.selectFrom('external_feeds').selectAll().orderBy('id');
  if (accommodationId !== undefined) feedQuery = feedQuery.where('accommodation_id', '=', accommodationId);
  const feeds = interleaveByHost(await feedQuery.execute());
  const report: SyncReport = { ok: true, accommodations: [], lines: [] };
  const limits = pullLimits();
  const pulls = await mapLimit(feeds, FETCHES_AT_ONCE, (feed) => pullFeed({ ctx, limits, ...deps }, feed));
  for (const a of accommodations) {
    const entry = {
      id: a.id,
      name: a.name,
      feeds: pulls.filter((p, i) => feeds[i]?.accommodation_id === a.id).sort((x, y) => x.feed_id - y.feed_id),
    };
    for (const pull of entry.feeds) {
      if (pull.outcome === 'failed') report.ok = false;
      report.lines.push(describePull(a, pull));
    }
    if (entry.feeds.length === 0)
      report.lines.push(`Accommodation ${a.id} "${a.name}": no external calendars configured; calendar is up to date.`);
    report.accommodations.push(entry);
  }
  if (accommodations.length === 0) report.lines.push('No accommodations yet.');
  return report;
}
