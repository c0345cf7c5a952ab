import type { Selectable } from 'kysely';
import type { ExternalFeedsTable } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { recordCalendarChange } from '../events/record-event.ts';
import {
  claimFreeNights,
  releaseReservationNights,
  releaseReservationNightsOutside,
  type ExternalClaim,
} from '../occupancy/night-ledger.ts';
import { eachDate } from '../shared/dates.ts';
import { diffStays, type StayDiff, type StoredStay } from './diff-stays.ts';
import { echoContext, mirroredHolder } from './echoes.ts';
import { deleteStays, insertStays, storedStays, updateStay, type StayToWrite } from './import-repository.ts';
import { reconcileAlerts, type NewAlert } from './overbooking-alerts.ts';
import type { ImportedStay } from './parse-feed.ts';
import { syncTurnovers } from '../tasks/sync-turnovers.ts';

export type Feed = Selectable<ExternalFeedsTable>;

export interface Applied {
  added: number;
  changed: number;
  removed: number;
  newAlerts: NewAlert[];
}

/**
 * Applies a feed's parsed stays to its reservations and nights; the caller owns the transaction.
 * New and moved stays that mirror one of ours are recorded as echoes (echoes.ts) and hold no
 * night; the others take every free night they lack; then the feed's alerts are brought up to
 * date. When stays came, went or moved, a calendar.changed event over their nights (old and new) is
 * written for the endpoints that ask for one.
 */
export async function applyStays(
  trx: Executor,
  feed: Feed,
  stays: readonly ImportedStay[],
  timeZone: string,
  now: Date,
): Promise<Applied> {
  const at = now.toISOString();
  const stored = await storedStays(trx, feed.id);
  const wasEcho = new Map(stored.map((s) => [s.id, s.echoOf]));
  const diff = diffStays(stored, stays);
  const judged = diff.added.length + diff.changed.length > 0 ? await echoContext(trx, feed, timeZone, now) : null;
  const judge = (stay: ImportedStay): StayToWrite => ({
    ...stay,
    echoOf: judged === null ? null : mirroredHolder(stay, judged.runs, judged.seenSince),
  });

  const removed = diff.removed.map((s) => s.id);
  await releaseReservationNights(trx, removed, at);
  await deleteStays(trx, removed);
  for (const { id, stay } of diff.changed) {
    const write = judge(stay);
    await updateStay(trx, id, write, at);
    if (write.echoOf === null) await releaseReservationNightsOutside(trx, id, stay, at);
    else await releaseReservationNights(trx, [id], at);
  }
  for (const { id, stay } of diff.quiet) {
    // Quiet: the same stay re-keyed or its window moved; what it was judged stays.
    await releaseReservationNightsOutside(trx, id, stay, at);
    await updateStay(trx, id, { ...stay, echoOf: wasEcho.get(id) ?? null }, at);
  }
  await insertStays(trx, feed, diff.added.map(judge), at);

  const newAlerts = await retakeNights(trx, feed, now);
  const moved = touchedRange(diff, stored);
  if (moved !== null) await recordCalendarChange(trx, { accommodation_id: feed.accommodation_id, ...moved }, at);
  if (removed.length + diff.added.length + diff.changed.length + diff.quiet.length > 0)
    await syncTurnovers(trx, [feed.accommodation_id], now);
  return { added: diff.added.length, changed: diff.changed.length, removed: removed.length, newAlerts };
}

/** The nights a pull's diff touches (stays added, removed, or moved: old and new), or null when none. */
function touchedRange(diff: StayDiff, stored: readonly StoredStay[]): { from: string; to: string } | null {
  const before = new Map(stored.map((s) => [s.id, s]));
  const moved = [...diff.changed, ...diff.quiet].flatMap(({ id, stay }) => {
    const old = before.get(id);
    return old !== undefined && old.start === stay.start && old.end === stay.end ? [] : [stay, ...(old ? [old] : [])];
  });
  const stays = [...diff.added, ...diff.removed, ...moved];
  if (stays.length === 0) return null;
  let from = stays[0]?.start ?? '';
  let to = stays[0]?.end ?? '';
  for (const s of stays) {
    if (s.start < from) from = s.start;
    if (s.end > to) to = s.end;
  }
  return { from, to };
}

/**
 * Every stay of the feed that is not an echo takes the free nights it lacks (new and moved
 * stays; nights freed since are handed over by the night ledger as they are freed). A night two
 * stays of the feed cover is asked for once. Then the feed's overbooking alerts are brought up
 * to date.
 */
async function retakeNights(trx: Executor, feed: Feed, now: Date): Promise<NewAlert[]> {
  const held = await trx
    .selectFrom('night_claims as c')
    .innerJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
    .select('c.night')
    .where('r.feed_id', '=', feed.id)
    // Named so the claims' primary key is used, whatever the planner's statistics say.
    .where('c.accommodation_id', '=', feed.accommodation_id)
    .execute();
  const asked = new Set(held.map((h) => h.night));
  const wanted: ExternalClaim[] = [];
  for (const stored of await storedStays(trx, feed.id)) {
    if (stored.echoOf !== null) continue;
    for (const night of eachDate(stored.start, stored.end)) {
      if (asked.has(night)) continue;
      asked.add(night);
      wanted.push({ accommodationId: feed.accommodation_id, reservationId: stored.id, night });
    }
  }
  if (wanted.length > 0) await claimFreeNights(trx, wanted, now);
  return reconcileAlerts(trx, feed, now.toISOString());
}

/** Stays of the feed that hold or want nights (echoes do not), from today on. */
export async function liveStayCount(trx: Executor, feedId: number, today: string): Promise<number> {
  const row = await trx
    .selectFrom('external_reservations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('feed_id', '=', feedId)
    .where('echo_of', 'is', null)
    .where('end_date', '>', today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
