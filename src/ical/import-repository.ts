import type { Selectable } from 'kysely';
import type { IcalPullsTable } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import type { StoredStay } from './diff-stays.ts';
import type { ImportedStay } from './parse-feed.ts';

/** Imported reservations and the pull log of a feed. */

export async function storedStays(db: Executor, feedId: number): Promise<StoredStay[]> {
  const rows = await db
    .selectFrom('external_reservations')
    .select(['id', 'uid', 'summary', 'kind', 'start_date', 'end_date', 'echo_of'])
    .where('feed_id', '=', feedId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    uid: r.uid,
    summary: r.summary,
    kind: r.kind,
    start: r.start_date,
    end: r.end_date,
    echoOf: r.echo_of,
  }));
}

/** An imported stay as a pull writes it: what the feed says, and whether it mirrors one of ours. */
export type StayToWrite = ImportedStay & { echoOf: string | null };

const INSERT_CHUNK = 500;

/** Inserts new stays of a feed, many rows per statement (a first pull brings hundreds). */
export async function insertStays(
  db: Executor,
  feed: { id: number; accommodation_id: number },
  stays: readonly StayToWrite[],
  now: string,
): Promise<void> {
  for (let i = 0; i < stays.length; i += INSERT_CHUNK) {
    await db
      .insertInto('external_reservations')
      .values(
        stays.slice(i, i + INSERT_CHUNK).map((stay) => ({
          feed_id: feed.id,
          accommodation_id: feed.accommodation_id,
          uid: stay.uid,
          summary: stay.summary,
          kind: stay.kind,
          start_date: stay.start,
          end_date: stay.end,
          echo_of: stay.echoOf,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function updateStay(db: Executor, id: number, stay: StayToWrite, now: string): Promise<void> {
  await db
    .updateTable('external_reservations')
    .set({
      uid: stay.uid,
      summary: stay.summary,
      kind: stay.kind,
      start_date: stay.start,
      end_date: stay.end,
      echo_of: stay.echoOf,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteStays(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('external_reservations').where('id', 'in', ids).execute();
}

/** How many pulls each feed's log keeps. */
export const PULL_LOG_SIZE = 20;

export type PullLogEntry = Omit<Selectable<IcalPullsTable>, 'id' | 'feed_id'>;

export async function logPull(db: Executor, feedId: number, entry: PullLogEntry): Promise<void> {
  await db
    .insertInto('ical_pulls')
    .values({ feed_id: feedId, ...entry })
    .execute();
  const keep = db
    .selectFrom('ical_pulls')
    .select('id')
    .where('feed_id', '=', feedId)
    .orderBy('id', 'desc')
    .limit(PULL_LOG_SIZE);
  // PostgreSQL refuses LIMIT directly inside NOT IN on some plans; a derived table works on both stores.
  await db
    .deleteFrom('ical_pulls')
    .where('feed_id', '=', feedId)
    .where('id', 'not in', db.selectFrom(keep.as('k')).select('k.id'))
    .execute();
}

export function recentPulls(
  db: Executor,
  feedIds: readonly number[],
): Promise<(PullLogEntry & { feed_id: number; id: number })[]> {
  if (feedIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('ical_pulls').selectAll().where('feed_id', 'in', feedIds).orderBy('id', 'desc').execute();
}
