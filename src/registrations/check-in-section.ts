import type { Executor } from '../db/store.ts';
import { notFound } from '../http/errors.ts';
import { todayIn } from '../shared/dates.ts';
import type { Html } from '../shared/html.ts';
import { formValuesOf } from './registration-json.ts';
import { renderRegistrationForm, type RegistrationFormOptions } from './registration-form.ts';
import { loadRegistration } from './registration-repository.ts';
import { registrationState } from './registration-state.ts';

/**
 * The guest page's check-in section for a booking, as stored now: the form with the
 * stored values and the state (registration-form.ts), birth dates offered up to today where the
 * home is. An unknown booking is a 404 `booking_not_found`.
 */
export async function checkInSection(
  db: Executor,
  bookingId: number,
  now: Date,
  options: Pick<RegistrationFormOptions, 'language' | 'action' | 'hidden'>,
): Promise<Html> {
  const booking = await db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select(['b.adults', 'b.children', 'a.timezone'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (booking === undefined)
    throw notFound('booking_not_found', `No booking with id ${bookingId}.`, { parameter: 'id', received: bookingId });
  const stored = await loadRegistration(db, bookingId);
  const party = booking.adults + booking.children;
  return renderRegistrationForm({
    ...options,
    adults: booking.adults,
    children: booking.children,
    values: formValuesOf(party, stored),
    state: registrationState(party, stored),
    today: todayIn(booking.timezone, now),
  });
}
