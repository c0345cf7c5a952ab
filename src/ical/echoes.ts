import type { Executor } from '../db/store.ts';
import { takenRuns, type HolderKey, type TakenRun } from './export-stays.ts';

/**
 * Echoes. Channels import the calendar we export and publish those nights again in their own
 * feed (Airbnb as "Not available", another Staydesk as an imported stay), so a direct booking
 * comes back to us as a channel's stay over the same nights. Taken for a stay of the channel, it
 * would be an overbooking alert against the booking it mirrors, and, once the booking is
 * cancelled, it would keep its nights blocked on both sides: we would take them and publish them
 * back to the channel, which would keep them because we publish them.
 *
 * An imported stay is an echo when its nights are exactly a run of nights that we publish to that
 * channel (a booking, a block run, another feed's stay: what the feed's own export URL shows; the
 * accommodation-wide URL shows the same plus the channel's own stays), and the channel could
 * have seen it: one of the two export URLs it may have been given answered a version made after
 * those nights were taken. Without that second condition a real booking the channel took before
 * it knew ours, on the very same nights, would be silenced. An echo holds no night and raises no
 * alert; it is not shown in calendars nor exported; it goes when the channel drops it.
 *
 * Only stays new or changed in a pull are judged; a stay keeps what it was judged while its
 * nights do not change.
 */

/** The holder a stay mirrors, or null. */
export function mirroredHolder(
  stay: { start: string; end: string },
  runs: readonly TakenRun[],
  seenSince: string | null,
): HolderKey | null {
  if (seenSince === null) return null;
  const run = runs.find((r) => r.start === stay.start && r.end === stay.end && r.takenAt <= seenSince);
  return run === undefined ? null : run.holder;
}

/**
 * What an echo needs to know of the accommodation: what we publish to the feed, and since when it can
 * have been seen.
 */
export async function echoContext(
  db: Executor,
  feed: { id: number; accommodation_id: number },
  timeZone: string,
  now: Date,
): Promise<{ runs: TakenRun[]; seenSince: string | null }> {
  const runs = await takenRuns(db, { accommodationId: feed.accommodation_id, excludeFeedId: feed.id }, timeZone, now);
  const versions = await db
    .selectFrom('external_feeds')
    .leftJoin('ical_exports as e', 'e.accommodation_id', 'external_feeds.accommodation_id')
    .select(['external_feeds.export_modified_at as feed_seen', 'e.modified_at as accommodation_seen'])
    .where('external_feeds.id', '=', feed.id)
    .executeTakeFirst();
  const seen = [versions?.feed_seen ?? null, versions?.accommodation_seen ?? null].filter((v) => v !== null);
  return { runs, seenSince: seen.length === 0 ? null : (seen.sort().at(-1) ?? null) };
}
