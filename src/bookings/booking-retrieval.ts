import { bookingsWithGuest, type BookingWithGuest } from '../db/booking-with-guest.ts';
import type { BookingStatus, Mode } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import type { Viewer } from '../http/viewer.ts';
import { decimalsOf } from '../pricing/accommodation-rules.ts';
import { paymentSummary, type PaymentFacts } from '../pricing/payment-summary.ts';
import { toMajor } from '../shared/money.ts';
import type { BookingView } from './booking-schemas.ts';

/**
 * docs/api.md#bookings-get: the Booking, plus booking_status and booking_reference for the card-payment poller;
 * undefined when there is no such booking or the viewer may not see it (docs/api.md#tenant-isolation).
 */
export async function findBookingView(db: Executor, id: number, viewer: Viewer): Promise<BookingView | undefined> {
  let query = bookingsWithGuest(db).where('b.id', '=', id);
  // A v1 key finds only the bookings it created; anything else is not there for it.
  if (viewer.kind === 'key') query = query.where('b.api_key_id', '=', viewer.apiKeyId);
  // The host's view is of live bookings: a test booking is its test key's alone (docs/partners.md#test-mode).
  else query = query.where('b.mode', '=', 'live');
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : bookingView(row);
}

/** What a booking's view is made of: its stored columns and its accommodation's name. */
export type BookingViewFacts = Pick<
  BookingWithGuest,
  | 'id'
  | 'confirmation_code'
  | 'accommodation_id'
  | 'accommodation_name'
  | 'checkin'
  | 'checkout'
  | 'nights'
  | 'adults'
  | 'children'
  | 'babies'
  | 'total'
  | 'currency'
  | 'status'
  | 'payment_method'
  | 'guest_id'
  | 'guest_first_name'
  | 'guest_last_name'
  | 'guest_email'
  | 'guest_phone'
  | 'confirmed_at'
  | 'payment_intent_id'
  | 'amount_paid'
  | 'processor_paid'
  | 'hold_expires_at'
  | 'cancel_reason'
  | 'cancelled_at'
  | 'updated_at'
  | 'cancellation_fee'
>;

/**
 * The Booking as GET /bookings/:id shows it (pure): from the row read back, or for a booking
 * being written, from the row it writes (its partner event is built in its own transaction).
 */
export function bookingView(row: BookingViewFacts): BookingView {
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
    partner: {
      id: row.guest_id,
      name: `${row.guest_first_name} ${row.guest_last_name}`,
      email: row.guest_email,
      phone: row.guest_phone ?? '',
    },
    payment: partnerPayment(row, decimalsOf(row.currency)),
    hold_expires_at: row.status === 'draft' ? row.hold_expires_at : null,
    cancel_reason: row.cancel_reason,
    cancelled_at: row.cancelled_at,
    cancellation_fee: row.cancellation_fee === null ? null : toMajor(row.cancellation_fee, decimalsOf(row.currency)),
    updated_at: row.updated_at,
  };
}

/**
 * What has been paid of a booking, as a partner sees it: the host's own summary (a confirmed card
 * payment and the payments recorded at the desk), in major units.
 */
function partnerPayment(row: PaymentFacts, decimals: number): BookingView['payment'] {
  const summary = paymentSummary(row);
  return {
    state: summary.state,
    amount_paid: toMajor(summary.amount_paid, decimals),
    balance: toMajor(summary.balance, decimals),
  };
}

/** A booking's status now; undefined when there is no such booking. */
export async function findBookingStatus(db: Executor, id: number): Promise<BookingStatus | undefined> {
  const row = await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export interface PaidBooking {
  id: number;
  confirmation_code: string;
}

/** The booking a payment names, by its confirmation code, its id or the payment_intent_id it was created with. */
export function findBookingByReference(
  db: Executor,
  reference: { code: string } | { id: number } | { paymentIntentId: string },
  /** The card processor pays live bookings; the test payment route plays it for test bookings. */
  mode: Mode = 'live',
): Promise<PaidBooking | undefined> {
  const query = db.selectFrom('bookings').select(['id', 'confirmation_code']).where('mode', '=', mode);
  if ('code' in reference) return query.where('confirmation_code', '=', reference.code).executeTakeFirst();
  if ('id' in reference) return query.where('id', '=', reference.id).executeTakeFirst();
  // Several bookings may name one intent (a caller reusing it): the latest is the one being paid.
  return query
    .where('payment_intent_id', '=', reference.paymentIntentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
