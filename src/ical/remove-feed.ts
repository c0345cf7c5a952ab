import { deleteFeed } from './external-feed-repository.ts';
import { syncTurnovers } from '../tasks/sync-turnovers.ts';
import { feedNotFound } from './ical-feeds.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import type { Db } from '../db/store.ts';
import { recordCalendarChange } from '../events/record-event.ts';

/**
 * Removes an imported calendar and what was imported from it, freeing those nights; when its
 * stays held nights, a calendar.changed event over them is written in the same transaction.
 */
export async function removeFeed(db: Db, accommodationId: number, feedId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    const span = await trx
      .selectFrom('external_reservations')
      .select((eb) => [eb.fn.min('start_date').as('from'), eb.fn.max('end_date').as('to')])
      .where('feed_id', '=', feedId)
      .where('accommodation_id', '=', accommodationId)
      .where('echo_of', 'is', null)
      .executeTakeFirst();
    if (!(await deleteFeed(trx, accommodationId, feedId, at))) throw feedNotFound(accommodationId, feedId);
    // Its stays are gone: their turnover tasks are cancelled, and the ones before them re-timed.
    await syncTurnovers(trx, [accommodationId], now);
    if (span?.from != null && span.to != null)
      await recordCalendarChange(trx, { accommodation_id: accommodationId, from: span.from, to: span.to }, at);
  });
}
