import type { Db, Executor } from '../db/store.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { checkFeedUrl, redactUrl, RefusedUrlError } from '../shared/address-guard.ts';
import {
  findFeed,
  findFeedByName,
  insertFeed,
  listFeeds,
  updateFeed,
  type ExternalFeed,
} from './external-feed-repository.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';

/**
 * The records of an accommodation's external calendars. A feed's name is the channel reported
 * as an imported booking's `source` (e.g. `airbnb`), so it is kept lower-case and unique per
 * accommodation.
 */

export interface FeedUrlRules {
  allowPrivate: boolean;
  /** The service segment of this installation's paths: its export URLs end in `/<slug>/ical/<token>.ics`. */
  slug: string;
}

export function feedUrlRules(config: { allowPrivateNetworks: boolean; slug: string }): FeedUrlRules {
  return { allowPrivate: config.allowPrivateNetworks, slug: config.slug };
}

/** The URL as given, normalised; refused with a 400 when it is not http(s) or names an internal address. */
function feedUrl(url: string, allowPrivate: boolean): string {
  try {
    return checkFeedUrl(url, allowPrivate).href;
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

/**
 * Refuses the accommodation's own export URL, or one of its feeds', as a feed of it: it would
 * import its own taken nights. Judged by the path, whatever the host the URL names (a proxy, the
 * public name). Another accommodation's export is allowed (a house and its rooms block each other).
 */
async function refuseOwnExport(db: Executor, accommodationId: number, url: string, slug: string): Promise<void> {
  const token = new RegExp(`/${slug}/ical/([A-Za-z0-9_-]{43})\\.ics$`).exec(new URL(url).pathname)?.[1];
  if (token === undefined) return;
  const whole = await db
    .selectFrom('ical_exports')
    .select('accommodation_id')
    .where('token', '=', token)
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirst();
  const feed = await db
    .selectFrom('external_feeds')
    .select('id')
    .where('export_token', '=', token)
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirst();
  if (whole === undefined && feed === undefined) return;
  throw badRequest(
    'own_export_url',
    "This is the accommodation's own calendar export URL: " +
      'imported as a feed it would block its own nights. ' +
      'Give it to the other channel instead, ' +
      "and add that channel's calendar URL here.",
    { parameter: 'url', expected: "another channel's calendar URL", received: redactUrl(url) },
  );
}

async function refuseDuplicateName(db: Executor, accommodationId: number, name: string, feedId?: number) {
  const existing = await findFeedByName(db, accommodationId, name);
  if (existing !== undefined && existing.id !== feedId) {
    throw conflict('duplicate_feed_name', `Accommodation ${accommodationId} already has a feed named "${name}".`, {
      parameter: 'name',
      received: name,
    });
  }
}

export async function addFeed(
  db: Db,
  accommodationId: number,
  input: { name: string; url: string },
  now: Date,
  rules: FeedUrlRules,
): Promise<ExternalFeed> {
  const name = input.name.toLowerCase();
  const url = feedUrl(input.url, rules.allowPrivate);
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    await refuseOwnExport(trx, accommodationId, url, rules.slug);
    await refuseDuplicateName(trx, accommodationId, name);
    return insertFeed(trx, { accommodation_id: accommodationId, name, url, created_at: now.toISOString() });
  });
}

export function feedNotFound(accommodationId: number, feedId: number) {
  return notFound('feed_not_found', `Accommodation ${accommodationId} has no feed ${feedId}.`, {
    parameter: 'feedId',
    expected: 'id of a feed of this accommodation',
    received: feedId,
  });
}

/**
 * Changes a feed's name or URL in place: it keeps its id, its export URL (which the channel
 * already has) and its stays until the next pull reads the new URL. A new URL is a new source:
 * its validators and the hash of the last body are dropped, and it is due at once.
 */
export async function editFeed(
  db: Db,
  accommodationId: number,
  feedId: number,
  input: { name?: string | undefined; url?: string | undefined },
  rules: FeedUrlRules,
): Promise<ExternalFeed> {
  const name = input.name?.toLowerCase();
  const url = input.url === undefined ? undefined : feedUrl(input.url, rules.allowPrivate);
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    const feed = await findFeed(trx, accommodationId, feedId);
    if (feed === undefined) throw feedNotFound(accommodationId, feedId);
    if (name !== undefined) await refuseDuplicateName(trx, accommodationId, name, feedId);
    if (url !== undefined) await refuseOwnExport(trx, accommodationId, url, rules.slug);
    return updateFeed(trx, feedId, {
      ...(name === undefined ? {} : { name }),
      ...(url === undefined || url === feed.url
        ? {}
        : {
            url,
            etag: null,
            last_modified: null,
            body_hash: null,
            parsed_time_zone: null,
            empty_held_at: null,
            last_status: null,
            last_error: null,
            consecutive_failures: 0,
            next_attempt_at: null,
          }),
    });
  });
}

export async function feedsOf(db: Db, accommodationId: number): Promise<ExternalFeed[]> {
  await requireAccommodation(db, accommodationId);
  return listFeeds(db, accommodationId);
}
