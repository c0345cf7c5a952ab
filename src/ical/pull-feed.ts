import type { AppContext } from '../app-context.ts';
import type { ExternalFeedsTable } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { lockRows } from '../db/row-locks.ts';
import type { Selectable } from 'kysely';
import { eachDate, todayIn } from '../shared/dates.ts';
import { RefusedUrlError } from '../shared/address-guard.ts';
import { diffStays } from './diff-stays.ts';
import {
  claimFreeNights,
  releaseReservationNights,
  releaseReservationNightsOutside,
  type ExternalClaim,
} from '../occupancy/night-ledger.ts';
import { FeedFetchError, fetchFeed, type FetchOptions } from './fetch-feed.ts';
import { deleteStay, insertStays, logPull, storedStays, updateStay } from './import-repository.ts';
import { queueAlertMail } from './alert-mail.ts';
import { reconcileAlerts } from './overbooking-alerts.ts';
import { FeedParseError } from './feed-parse-error.ts';
import type { ImportedStay } from './parse-feed.ts';
import { nextAttemptAfterFailure, nextAttemptAfterSuccess } from './pull-schedule.ts';

type Feed = Selectable<ExternalFeedsTable>;

export interface PullReport {
  feed_id: number;
  feed: string;
  outcome: 'updated' | 'not_modified' | 'failed';
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
}

/** Applies parsed stays to the feed's reservations and nights; the caller owns the transaction. */
async function applyStays(
  trx: Executor,
  feed: Feed,
  stays: ImportedStay[],
  now: Date,
): Promise<{
  added: number;
  changed: number;
  removed: number;
  newAlerts: Awaited<ReturnType<typeof reconcileAlerts>>;
}> {
  const at = now.toISOString();
  const diff = diffStays(await storedStays(trx, feed.id), stays);
  for (const gone of diff.removed) {
    await releaseReservationNights(trx, [gone.id]);
    await deleteStay(trx, gone.id);
  }
  for (const { id, stay } of [...diff.changed, ...diff.quiet]) {
    await releaseReservationNightsOutside(trx, id, stay);
    await updateStay(trx, id, stay, at);
  }
  await insertStays(trx, feed, diff.added, at);

  const newAlerts = await retakeNights(trx, feed, now);
  return { added: diff.added.length, changed: diff.changed.length, removed: diff.removed.length, newAlerts };
}

/**
 * Every stay of the feed takes the free nights it lacks: new and moved stays, and stays whose
 * nights a cancelled booking, a removed block or another feed has freed since the last pull.
 * Then the feed's overbooking alerts are brought up to date. Runs after a 304 too, since the
 * nights around an unchanged feed may have changed.
 */
async function retakeNights(
  trx: Executor,
  feed: Feed,
  now: Date,
): Promise<Awaited<ReturnType<typeof reconcileAlerts>>> {
  const held = await trx
    .selectFrom('night_claims as c')
    .innerJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
    .select(['c.external_reservation_id', 'c.night'])
    .where('r.feed_id', '=', feed.id)
    // Named so the claims' primary key is used, whatever the planner's statistics say.
    .where('c.accommodation_id', '=', feed.accommodation_id)
    .execute();
  const heldKeys = new Set(held.map((h) => `${h.external_reservation_id ?? 0} ${h.night}`));
  const wanted: ExternalClaim[] = [];
  for (const stored of await storedStays(trx, feed.id)) {
    for (const night of eachDate(stored.start, stored.end)) {
      if (!heldKeys.has(`${stored.id} ${night}`))
        wanted.push({ accommodationId: feed.accommodation_id, reservationId: stored.id, night });
    }
  }
  if (wanted.length > 0) await claimFreeNights(trx, wanted, now);
  return reconcileAlerts(trx, feed, now.toISOString());
}

function failureMessage(error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof FeedParseError || error instanceof RefusedUrlError)
    return error.message;
  return 'unexpected error';
}

/**
 * Pulls one feed. A failure (network, timeout, non-2xx, too large, HTML, unreadable) changes no
 * reservation and no night: it is recorded on the feed, logged, counted, and backs off. A 304
 * leaves the feed's stays as they are (they still take nights freed since the last pull). A valid calendar replaces the feed's stays in one transaction.
 */
export async function pullFeed(deps: PullDeps, feed: Feed): Promise<PullReport> {
  const { ctx } = deps;
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
  const accommodation = await ctx.db
    .selectFrom('accommodations')
    .select(['timezone'])
    .where('id', '=', feed.accommodation_id)
    .executeTakeFirstOrThrow();
  let status: number | null = null;
  let stays: ImportedStay[] | null = null;
  let validators: { etag: string | null; lastModified: string | null } | null = null;
  try {
    const fetched = await fetchFeed(feed.url, {
      allowPrivate: ctx.config.icalAllowPrivateNetworks,
      etag: feed.etag,
      lastModified: feed.last_modified,
      ...deps.fetchOptions,
    });
    status = fetched.status;
    if (fetched.kind === 'ok') {
      // ical.js (about 0.5 MB of source) is loaded by the first pull that gets a feed.
      const { parseFeed } = await import('./parse-feed.ts');
      stays = parseFeed(fetched.body, {
        timeZone: accommodation.timezone,
        today: todayIn(accommodation.timezone, now),
      });
      validators = { etag: fetched.etag, lastModified: fetched.lastModified };
    }
  } catch (error) {
    if (error instanceof FeedFetchError) status = error.status;
    report.error = failureMessage(error);
    const failures = feed.consecutive_failures + 1;
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('external_feeds')
        .set({
          last_synced_at: at,
          last_status: 'failed',
          last_error: report.error,
          consecutive_failures: failures,
          next_attempt_at: nextAttemptAfterFailure(ctx.config, failures, now),
        })
        .where('id', '=', feed.id)
        .execute();
      await logPull(trx, feed.id, {
        started_at: at,
        outcome: 'failed',
        http_status: status,
        added: 0,
        changed: 0,
        removed: 0,
        error: report.error,
      });
    });
    ctx.metrics.icalPulls.labels('failed').inc();
    return report;
  }

  if (stays === null || validators === null) {
    const newAlerts = await ctx.db.transaction().execute(async (trx) => {
      const current = await lockRows(
        trx,
        trx.selectFrom('external_feeds').selectAll().where('id', '=', feed.id),
      ).executeTakeFirst();
      if (current === undefined) return [];
      const alerts = await retakeNights(trx, current, now);
      await trx
        .updateTable('external_feeds')
        .set({
          last_synced_at: at,
          last_success_at: at,
          last_status: 'not_modified',
          last_error: null,
          consecutive_failures: 0,
          next_attempt_at: nextAttemptAfterSuccess(ctx.config, now),
        })
        .where('id', '=', feed.id)
        .execute();
      await logPull(trx, feed.id, {
        started_at: at,
        outcome: 'not_modified',
        http_status: status,
        added: 0,
        changed: 0,
        removed: 0,
        error: null,
      });
      for (const alert of alerts) await queueAlertMail(trx, alert, now);
      return alerts;
    });
    ctx.metrics.icalPulls.labels('not_modified').inc();
    if (newAlerts.length > 0) ctx.metrics.overbookingAlerts.inc(newAlerts.length);
    return { ...report, outcome: 'not_modified', alerts: newAlerts.length };
  }

  const parsed = stays;
  const { etag, lastModified } = validators;
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Two pulls of one feed at once (schedule and webhook) apply one after the other.
    const current = await lockRows(
      trx,
      trx.selectFrom('external_feeds').selectAll().where('id', '=', feed.id),
    ).executeTakeFirst();
    if (current === undefined) return null;
    const applied = await applyStays(trx, current, parsed, now);
    await trx
      .updateTable('external_feeds')
      .set({
        last_synced_at: at,
        last_success_at: at,
        last_status: 'ok',
        last_error: null,
        consecutive_failures: 0,
        etag,
        last_modified: lastModified,
        next_attempt_at: nextAttemptAfterSuccess(ctx.config, now),
      })
      .where('id', '=', feed.id)
      .execute();
    await logPull(trx, feed.id, {
      started_at: at,
      outcome: 'updated',
      http_status: status,
      added: applied.added,
      changed: applied.changed,
      removed: applied.removed,
      error: null,
    });
    for (const alert of applied.newAlerts) await queueAlertMail(trx, alert, now);
    return applied;
  });
  if (result === null) {
    report.error = 'the feed was removed during the pull';
    return report;
  }
  ctx.metrics.icalPulls.labels('updated').inc();
  if (result.newAlerts.length > 0) ctx.metrics.overbookingAlerts.inc(result.newAlerts.length);
  return {
    ...report,
    outcome: 'updated',
    added: result.added,
    changed: result.changed,
    removed: result.removed,
    alerts: result.newAlerts.length,
  };
}
