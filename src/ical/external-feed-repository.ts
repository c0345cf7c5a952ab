import type { Executor } from '../db/store.ts';
import { releaseFeedNights } from '../occupancy/night-ledger.ts';
import type { ExternalFeedsTable } from '../db/schema.ts';
import type { Selectable, Updateable } from 'kysely';

/** External calendars (iCal feeds) to import for an accommodation. */

export type ExternalFeed = Selectable<ExternalFeedsTable>;

export function insertFeed(
  db: Executor,
  values: { accommodation_id: number; name: string; url: string; created_at: string },
): Promise<ExternalFeed> {
  return db
    .insertInto('external_feeds')
    .values({ ...values, last_synced_at: null, last_status: null, last_error: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateFeed(
  db: Executor,
  feedId: number,
  values: Updateable<ExternalFeedsTable>,
): Promise<ExternalFeed> {
  if (Object.keys(values).length === 0)
    return db.selectFrom('external_feeds').selectAll().where('id', '=', feedId).executeTakeFirstOrThrow();
  return db.updateTable('external_feeds').set(values).where('id', '=', feedId).returningAll().executeTakeFirstOrThrow();
}

export function listFeeds(db: Executor, accommodationId: number): Promise<ExternalFeed[]> {
  return db
    .selectFrom('external_feeds')
    .selectAll()
    .where('accommodation_id', '=', accommodationId)
    .orderBy('id')
    .execute();
}

export function findFeedByName(db: Executor, accommodationId: number, name: string): Promise<ExternalFeed | undefined> {
  return db
    .selectFrom('external_feeds')
    .selectAll()
    .where('accommodation_id', '=', accommodationId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** One feed of this accommodation; undefined when it has none with this id. */
export function findFeed(db: Executor, accommodationId: number, feedId: number): Promise<ExternalFeed | undefined> {
  return db
    .selectFrom('external_feeds')
    .selectAll()
    .where('id', '=', feedId)
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirst();
}

/**
 * Deletes a feed with its imported reservations and the nights they held. False when the accommodation
 * has no such feed.
 */
export async function deleteFeed(db: Executor, accommodationId: number, feedId: number, now: string): Promise<boolean> {
  const feed = await db
    .selectFrom('external_feeds')
    .select('id')
    .where('id', '=', feedId)
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirst();
  if (feed === undefined) return false;
  await releaseFeedNights(db, feedId, now);
  await db.deleteFrom('external_reservations').where('feed_id', '=', feedId).execute();
  await db.deleteFrom('external_feeds').where('id', '=', feedId).execute();
  return true;
}
