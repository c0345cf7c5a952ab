import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from './store.ts';

/**
 * The one base query for a booking with its guest and its accommodation: every stored column of
 * the booking (which keeps the guest details it was made with, guest_*), the accommodation's name,
 * times, tax rate, language and registration number. Retrieval, the admin views, the invoice and
 * the mail add their filter.
 */
export function bookingsWithGuest(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .selectAll('b')
    .select([
      'a.name as accommodation_name',
      'a.checkin_time',
      'a.checkout_time',
      'a.tax_rate_ppm',
      'a.timezone',
      'a.language as accommodation_language',
      'a.registration_number',
    ]);
}

export type BookingWithGuest = Awaited<ReturnType<ReturnType<typeof bookingsWithGuest>['executeTakeFirstOrThrow']>>;

/**
 * A row that names a live booking, or none (a payment issue of no known booking): test bookings'
 * rows are in no live list (docs/partners.md#test-mode).
 */
export function ofLiveBookingOrNone(column: string): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return sql<SqlBool>`(${ref} is null or ${ref} not in (select id from bookings where mode = 'test'))`;
}
