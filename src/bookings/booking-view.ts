import type { Executor } from '../db/store.ts';
import { decimalsOf } from '../pricing/accommodation-rules.ts';
import { toMajor } from '../shared/money.ts';
import type { BookingView } from './booking-schemas.ts';

/** api-v1.md 2.7 Booking, plus booking_status and booking_reference for the card-payment poller. */
export async function findBookingView(db: Executor, id: number): Promise<BookingView | undefined> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .innerJoin('partners as p', 'p.id', 'b.partner_id')
    .select([
      'b.id',
      'b.confirmation_code',
      'b.accommodation_id',
      'a.name as accommodation_name',
      'b.checkin',
      'b.checkout',
      'b.nights',
      'b.adults',
      'b.children',
      'b.babies',
      'b.total',
      'b.currency',
      'b.status',
      'b.payment_method',
      'p.id as partner_id',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.phone',
    ])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    confirmation_code: row.confirmation_code,
    booking_reference: row.confirmation_code,
    accommodation_id: row.accommodation_id,
    accommodation_name: row.accommodation_name,
    checkin_date: row.checkin,
    checkout_date: row.checkout,
    nights: row.nights,
    guest_count: row.adults + row.children,
    composition: { adults: row.adults, children: row.children, babies: row.babies },
    total_amount: toMajor(row.total, decimalsOf(row.currency)),
    currency: row.currency,
    status: row.status,
    booking_status: row.status,
    payment_method: row.payment_method,
    partner: { id: row.partner_id, name: `${row.first_name} ${row.last_name}`, email: row.email, phone: row.phone ?? '' },
  };
}
