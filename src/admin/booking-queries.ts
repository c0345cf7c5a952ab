import { bookingsWithGuest, type BookingWithGuest } from '../db/booking-with-guest.ts';
import type { BookingStatus } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';

/** Read-only views of bookings for the admin, with their accommodation's name and guest. */

export type BookingRow = BookingWithGuest;

export interface BookingFilter {
  accommodationId?: number;
  status?: BookingStatus;
  /** Bookings with at least one night in [from, to). */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The bookings the filter's accommodation, status and dates select (the console adds a search). */
export function filteredBookings(db: Executor, filter: Omit<BookingFilter, 'limit' | 'offset'>) {
  let query = bookingsWithGuest(db);
  if (filter.accommodationId !== undefined) query = query.where('b.accommodation_id', '=', filter.accommodationId);
  if (filter.status !== undefined) query = query.where('b.status', '=', filter.status);
  // A stay [checkin, checkout) overlaps [from, to) when it starts before `to` and ends after `from`.
  if (filter.to !== undefined) query = query.where('b.checkin', '<', filter.to);
  if (filter.from !== undefined) query = query.where('b.checkout', '>', filter.from);
  return query;
}

/** Newest first. */
export function listBookings(db: Executor, filter: BookingFilter): Promise<BookingRow[]> {
  return filteredBookings(db, filter).orderBy('b.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
}

export function findBookingRow(db: Executor, id: number): Promise<BookingRow | undefined> {
  return bookingsWithGuest(db).where('b.id', '=', id).executeTakeFirst();
}
