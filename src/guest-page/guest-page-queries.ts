import type { Executor } from '../db/store.ts';

/**
 * What a guest's page reads: its booking by the page's token, with its home's facts, payments, refunds
 * and documents.
 */

export function findGuestBooking(db: Executor, token: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select([
      'b.id',
      'b.confirmation_code',
      'b.status',
      'b.checkin',
      'b.checkout',
      'b.nights',
      'b.adults',
      'b.children',
      'b.babies',
      'b.guest_first_name',
      'b.guest_email',
      'b.language',
      'b.currency',
      'b.total',
      'b.amount_paid',
      'b.processor_paid',
      'b.cancellation_fee',
      'b.cancelled_at',
      'b.confirmed_at',
      'a.name',
      'a.language as home_language',
      'a.timezone',
      'a.checkin_time',
      'a.checkout_time',
      'a.address',
      'a.arrival_instructions',
      'a.door_code',
      'a.door_code_days',
      'a.wifi_name',
      'a.wifi_password',
    ])
    .where('b.guest_token', '=', token)
    .executeTakeFirst();
}

export type GuestBooking = NonNullable<Awaited<ReturnType<typeof findGuestBooking>>>;

export async function guestMoneyAndDocuments(db: Executor, bookingId: number) {
  const [payments, refunds, documents] = await Promise.all([
    db
      .selectFrom('booking_payments')
      .select(['received_on', 'method', 'amount'])
      .where('booking_id', '=', bookingId)
      .where('undone_at', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('booking_refunds')
      .select(['created_at', 'method', 'amount'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('documents')
      .select(['number', 'kind', 'issued_on', 'total_amount'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute(),
  ]);
  return { payments, refunds, documents };
}
