import type { Db } from '../db/store.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { deleteFeed, findFeedByName, insertFeed, listFeeds, type ExternalFeed } from './external-feed-repository.ts';
import { requireAccommodation } from './manage-accommodations.ts';

/**
 * The records of an accommodation's external calendars. A feed's name is the channel reported
 * as an imported booking's `source` (e.g. `airbnb`), so it is kept lower-case and unique per
 * accommodation.
 */

function httpUrl(url: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw badRequest('url must be an absolute http:// or https:// URL.', { parameter: 'url', expected: 'http(s) URL', received: url, reason: 'invalid_url' });
  }
  return parsed.href;
}

export async function addFeed(db: Db, accommodationId: number, input: { name: string; url: string }, now: Date): Promise<ExternalFeed> {
  const name = input.name.toLowerCase();
  const url = httpUrl(input.url);
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    if ((await findFeedByName(trx, accommodationId, name)) !== undefined) {
      throw conflict(`Accommodation ${accommodationId} already has a feed named "${name}".`, {
        parameter: 'name',
        received: name,
        reason: 'duplicate_feed_name',
      });
    }
    return insertFeed(trx, { accommodation_id: accommodationId, name, url, created_at: now.toISOString() });
  });
}

export async function feedsOf(db: Db, accommodationId: number): Promise<ExternalFeed[]> {
  await requireAccommodation(db, accommodationId);
  return listFeeds(db, accommodationId);
}

/** Removes a feed and what was imported from it, freeing those nights. */
export async function removeFeed(db: Db, accommodationId: number, feedId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    if (!(await deleteFeed(trx, accommodationId, feedId))) {
      throw notFound(`Accommodation ${accommodationId} has no feed ${feedId}.`, {
        parameter: 'feedId',
        expected: 'id of a feed of this accommodation',
        received: feedId,
        reason: 'not_found',
      });
    }
  });
}
