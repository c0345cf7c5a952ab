import type { Db } from '../db/store.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { checkFeedUrl, redactUrl, RefusedUrlError } from '../shared/address-guard.ts';
import { deleteFeed, findFeedByName, insertFeed, listFeeds, type ExternalFeed } from './external-feed-repository.ts';
import { requireAccommodation } from './manage-accommodations.ts';

/**
 * The records of an accommodation's external calendars. A feed's name is the channel reported
 * as an imported booking's `source` (e.g. `airbnb`), so it is kept lower-case and unique per
 * accommodation.
 */

/** The URL as given, refused with a 400 when it is not http(s) or names an internal address. */
function feedUrl(url: string, allowPrivate: boolean): string {
  try {
    checkFeedUrl(url, allowPrivate);
    return url;
  } catch (error) {
    if (!(error instanceof RefusedUrlError)) throw error;
    const reason = error.reason === 'private_address' ? 'private_address' : 'invalid_url';
    throw badRequest(reason, error.message, {
      parameter: 'url',
      expected: 'public http(s) URL',
      received: redactUrl(url),
    });
  }
}

export async function addFeed(
  db: Db,
  accommodationId: number,
  input: { name: string; url: string },
  now: Date,
  options: { allowPrivate: boolean },
): Promise<ExternalFeed> {
  const name = input.name.toLowerCase();
  const url = new URL(feedUrl(input.url, options.allowPrivate)).href;
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    if ((await findFeedByName(trx, accommodationId, name)) !== undefined) {
      throw conflict('duplicate_feed_name', `Accommodation ${accommodationId} already has a feed named "${name}".`, {
        parameter: 'name',
        received: name,
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
      throw notFound('feed_not_found', `Accommodation ${accommodationId} has no feed ${feedId}.`, {
        parameter: 'feedId',
        expected: 'id of a feed of this accommodation',
        received: feedId,
      });
    }
  });
}
