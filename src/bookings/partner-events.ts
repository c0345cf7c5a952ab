import type { Executor } from '../db/store.ts';
import type { BookingEventType } from '../events/event-types.ts';
import { recordBookingEvent, recordCalendarChange } from '../events/record-event.ts';
import { findBookingView } from './booking-retrieval.ts';

/**
 * What partners hear of a change to bookings, written in the change's transaction by the
 * lifecycle (afterTransition, the create path, a payment that confirms nothing): for each booking
 * a key created, the event with the booking as that key's GET /bookings/:id shows it; and for its
 * accommodation, a calendar change over the nights concerned (and `formerStay`'s, when the dates
 * moved) for endpoints that ask for one.
 */
export async function announceToPartners(
  db: Executor,
  bookingIds: readonly number[],
  type: BookingEventType,
  now: string,
  options: { calendar: boolean; formerStay?: { from: string; to: string } | undefined },
): Promise<void> {
  if (bookingIds.length === 0) return;
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'api_key_id', 'accommodation_id', 'checkin', 'checkout'])
    .where('id', 'in', bookingIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    if (row.api_key_id !== null) {
      const data = await findBookingView(db, row.id, { kind: 'key', apiKeyId: row.api_key_id });
      await recordBookingEvent(db, { apiKeyId: row.api_key_id, bookingId: row.id, type, data, now });
    }
    if (options.calendar) {
      const former = options.formerStay;
      await recordCalendarChange(
        db,
        {
          accommodation_id: row.accommodation_id,
          from: former !== undefined && former.from < row.checkin ? former.from : row.checkin,
          to: former !== undefined && former.to > row.checkout ? former.to : row.checkout,
        },
        now,
      );
    }
  }
}
