import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/store.ts';
import { lockRows } from '../db/row-locks.ts';
import { todayIn } from '../shared/dates.ts';
import { RefusedUrlError } from '../shared/address-guard.ts';
import { queueAlertDigest, queueEmptyFeedMail } from './alert-mail.ts';
import { applyStays, liveStayCount, type Feed } from './apply-pull.ts';
import { FeedFetchError, fetchFeed, type FetchOptions } from './fetch-feed.ts';
import { FeedParseError } from './feed-parse-error.ts';
import { logPull } from './import-repository.ts';
import type { ReadFeed } from './parse-feed.ts';
import { readFeedOffThread } from './parse-pool.ts';
import type { PullLimits } from './pull-limits.ts';
import { nextAttemptAfterFailure, nextAttemptAfterSuccess } from './pull-schedule.ts';

/**
 * - updated: the calendar was read and the feed's stays replaced by it;
 * - not_modified: the channel answered 304, or the same body as last time;
 * - held: the calendar came back empty while the feed had stays: they are kept (and the host
 *   told) until the next pull confirms it;
 * - failed: nothing changed.
 */
export type PullOutcome = 'updated' | 'not_modified' | 'held' | 'failed';

export interface PullReport {
  feed_id: number;
  feed: string;
  outcome: PullOutcome;
  added: number;
  changed: number;
  removed: number;
  alerts: number;
  error: string | null;
}

export interface PullDeps {
  ctx: AppContext;
  /** Tests replace the resolver and the address rule. */
  fetchOptions?: Partial<FetchOptions>;
  /** The schedule stops pulling (the process is stopping): a pull in flight ends unrecorded. */
  signal?: AbortSignal;
  /** Slots per host and for writes, shared by the pulls of one run (pull-limits.ts). */
  limits?: PullLimits;
}

const UNLIMITED: PullLimits = { fetch: (_url, fn) => fn(), write: (fn) => fn() };

function failureMessage(error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof FeedParseError || error instanceof RefusedUrlError)
    return error.message;
  return 'unexpected error';
}

type Fetched =
  | { kind: 'unchanged'; status: number; etag: string | null; lastModified: string | null }
  | {
      kind: 'read';
      status: number;
      feed: ReadFeed;
      hash: string;
      etag: string | null;
      lastModified: string | null;
    };

/**
 * Fetches the feed and reads it off the event loop (parse-pool.ts). Not read again: a 304, or
 * the same bytes as last time (a channel without validators), unless the accommodation's time
 * zone changed since the stays were read in it (the feed is then fetched without validators).
 */
async function fetchAndRead(deps: PullDeps, feed: Feed, timeZone: string, now: Date): Promise<Fetched> {
  const { ctx } = deps;
  const sameZone = feed.parsed_time_zone === timeZone;
  const fetched = await (deps.limits ?? UNLIMITED).fetch(feed.url, () =>
    fetchFeed(feed.url, {
      allowPrivate: ctx.config.allowPrivateNetworks,
      etag: sameZone ? feed.etag : null,
      lastModified: sameZone ? feed.last_modified : null,
      ...(deps.signal === undefined ? {} : { signal: deps.signal }),
      ...deps.fetchOptions,
    }),
  );
  if (fetched.kind === 'not_modified')
    return { kind: 'unchanged', status: fetched.status, etag: feed.etag, lastModified: feed.last_modified };
  const hash = createHash('sha256').update(fetched.body).digest('base64url');
  if (sameZone && hash === feed.body_hash)
    return { kind: 'unchanged', status: fetched.status, etag: fetched.etag, lastModified: fetched.lastModified };
  const read = await readFeedOffThread(fetched.body, fetched.charset, { timeZone, today: todayIn(timeZone, now) });
  return {
    kind: 'read',
    status: fetched.status,
    feed: read,
    hash,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
}

/** The feed row, locked: two pulls of one feed at once (schedule and webhook) apply one after the other. */
function lockFeed(trx: Executor, feedId: number): Promise<Feed | undefined> {
  return lockRows(trx, trx.selectFrom('external_feeds').selectAll().where('id', '=', feedId)).executeTakeFirst();
}

/**
 * Pulls one feed. A failure (network, timeout, non-2xx, too large, HTML, unreadable, over the
 * limits) changes no reservation and no night: it is recorded on the feed, logged, counted, and
 * backs off. An unchanged calendar (304 or the same body) leaves the stays as they are. A valid
 * calendar replaces the feed's stays in one transaction, with at most one mail to the host.
 */
export async function pullFeed(deps: PullDeps, feed: Feed): Promise<PullReport> {
  const { ctx } = deps;
  // On the embedded store every statement runs on the event loop, and the statements of queued
  // transactions follow each other without a pause: each pull's transaction starts in a turn of
  // its own, so requests are answered between them.
  const write = <T>(fn: () => Promise<T>) =>
    (deps.limits ?? UNLIMITED).write(async () => {
      await setImmediate();
      return fn();
    });
  const now = ctx.now();
  const at = now.toISOString();
  const report: PullReport = {
    feed_id: feed.id,
    feed: feed.name,
    outcome: 'failed',
    added: 0,
    changed: 0,
    removed: 0,
    alerts: 0,
    error: null,
  };
  const { timezone } = await ctx.db
    .selectFrom('accommodations')
    .select(['timezone'])
    .where('id', '=', feed.accommodation_id)
    .executeTakeFirstOrThrow();
  let fetched: Fetched;
  try {
    fetched = await fetchAndRead(deps, feed, timezone, now);
  } catch (error) {
    report.error = failureMessage(error);
    if (deps.signal?.aborted === true) return report;
    const status = error instanceof FeedFetchError ? error.status : null;
    const failures = feed.consecutive_failures + 1;
    await write(() =>
      ctx.db.transaction().execute(async (trx) => {
        const recorded = await trx
          .updateTable('external_feeds')
          .set({
            last_synced_at: at,
            last_status: 'failed',
            last_error: report.error,
            consecutive_failures: failures,
            next_attempt_at: nextAttemptAfterFailure(ctx.config, failures, now),
          })
          .where('id', '=', feed.id)
          // Not the failure of a URL the feed no longer has.
          .where('url', '=', feed.url)
          .executeTakeFirst();
        if (Number(recorded.numUpdatedRows) === 0) return;
        await logPull(trx, feed.id, {
          ...NOTHING,
          started_at: at,
          outcome: 'failed',
          http_status: status,
          error: report.error,
        });
      }),
    );
    ctx.metrics.icalPulls.labels('failed').inc();
    return report;
  }

  const success = {
    last_synced_at: at,
    last_success_at: at,
    last_error: null,
    consecutive_failures: 0,
    next_attempt_at: nextAttemptAfterSuccess(ctx.config, now),
  };
  const result = await write(() =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await lockFeed(trx, feed.id);
      // Removed, or given another URL, while this pull fetched the old one.
      if (current === undefined || current.url !== feed.url) return null;
      if (fetched.kind === 'unchanged') {
        await trx
          .updateTable('external_feeds')
          .set({
            ...success,
            last_status: 'not_modified',
            etag: fetched.etag,
            last_modified: fetched.lastModified,
            // The calendar is as it was before an empty answer: nothing was held for nothing.
            empty_held_at: null,
          })
          .where('id', '=', feed.id)
          .execute();
        await logPull(trx, feed.id, {
          ...NOTHING,
          started_at: at,
          outcome: 'not_modified',
          http_status: fetched.status,
        });
        return { outcome: 'not_modified' as const, added: 0, changed: 0, removed: 0, alerts: 0 };
      }
      const stays = fetched.feed.events === 0 ? await liveStayCount(trx, feed.id, todayIn(timezone, now)) : 0;
      if (stays > 0 && current.empty_held_at === null) {
        // Validators and hash stay those of the last calendar read, so the next pull reads it again.
        await trx
          .updateTable('external_feeds')
          .set({ ...success, last_status: 'held', empty_held_at: at })
          .where('id', '=', feed.id)
          .execute();
        await logPull(trx, feed.id, {
          ...NOTHING,
          started_at: at,
          outcome: 'held',
          http_status: fetched.status,
          error: `the calendar came back empty; its ${stays} stay(s) are kept until the next pull confirms it`,
        });
        await queueEmptyFeedMail(trx, current, stays, now);
        return { outcome: 'held' as const, added: 0, changed: 0, removed: 0, alerts: 0 };
      }
      const applied = await applyStays(trx, current, fetched.feed.stays, timezone, now);
      await trx
        .updateTable('external_feeds')
        .set({
          ...success,
          last_status: 'ok',
          etag: fetched.etag,
          last_modified: fetched.lastModified,
          body_hash: fetched.hash,
          parsed_time_zone: timezone,
          empty_held_at: null,
        })
        .where('id', '=', feed.id)
        .execute();
      await logPull(trx, feed.id, {
        started_at: at,
        outcome: 'updated',
        http_status: fetched.status,
        added: applied.added,
        changed: applied.changed,
        removed: applied.removed,
        error: null,
      });
      await queueAlertDigest(trx, current, applied.newAlerts, now);
      return { outcome: 'updated' as const, ...applied, alerts: applied.newAlerts.length };
    }),
  );
  if (result === null) {
    report.error = 'the feed was changed or removed during the pull; nothing was applied';
    return report;
  }
  ctx.metrics.icalPulls.labels(result.outcome).inc();
  if (result.alerts > 0) ctx.metrics.overbookingAlerts.inc(result.alerts);
  return {
    ...report,
    outcome: result.outcome,
    added: result.added,
    changed: result.changed,
    removed: result.removed,
    alerts: result.alerts,
  };
}

const NOTHING = { added: 0, changed: 0, removed: 0, error: null };
