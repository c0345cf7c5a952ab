import { randomBytes } from 'node:crypto';
import type { Accommodation, Booking, BookingStatus, PaymentMethod } from '../../src/db/schema.ts';
import type { Executor } from '../../src/db/store.ts';
import { claimNights } from '../../src/occupancy/night-ledger.ts';
import { quoteColumns, quoteStay } from '../../src/pricing/quote-stay.ts';
import type { ExtraName } from '../../src/pricing/price-stay.ts';
import { eachDate } from '../../src/shared/dates.ts';

/**
 * Inserts a booking the way the booking feature stores one (partner, priced booking row, night
 * claims), without the HTTP layer, so tests can start from any state: an expired draft, a
 * cancelled booking, a given payment method.
 */
export interface BookingSeed {
  checkin: string;
  checkout: string;
  status?: BookingStatus;
  paymentMethod?: PaymentMethod;
  adults?: number;
  children?: number;
  babies?: number;
  extras?: Partial<Record<ExtraName, boolean>>;
  /** Draft hold end; defaults to an hour from now for drafts. */
  holdExpiresAt?: string | null;
  cancelReason?: string | null;
  email?: string;
  firstName?: string;
  notes?: string;
}

export function randomCode(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

export async function insertBooking(db: Executor, accommodation: Accommodation, seed: BookingSeed): Promise<Booking> {
  const now = new Date().toISOString();
  const status = seed.status ?? 'confirmed';
  const adults = seed.adults ?? 2;
  const children = seed.children ?? 0;
  const email = seed.email ?? `guest-${randomCode().toLowerCase()}@example.com`;
  const first_name = seed.firstName ?? 'Ada';
  const partner = await db
    .insertInto('partners')
    .values({
      email,
      email_key: email.toLowerCase(),
      title: null,
      first_name,
      last_name: 'Lovelace',
      phone: null,
      address: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const quote = await quoteStay(db, accommodation, { checkin: seed.checkin, checkout: seed.checkout, guests: adults + children, extras: seed.extras ?? {} });
  const code = randomCode();
  const booking = await db
    .insertInto('bookings')
    .values({
      accommodation_id: accommodation.id,
      partner_id: partner.id,
      confirmation_code: code,
      status,
      source: 'direct',
      checkin: seed.checkin,
      checkout: seed.checkout,
      nights: quote.nights,
      adults,
      children,
      babies: seed.babies ?? 0,
      guest_notes: seed.notes ?? '',
      payment_method: seed.paymentMethod ?? (status === 'draft' ? 'card_processor' : 'bank_transfer'),
      payment_intent_id: null,
      currency: accommodation.currency,
      ...quoteColumns(quote),
      hold_expires_at: seed.holdExpiresAt !== undefined ? seed.holdExpiresAt : status === 'draft' ? new Date(Date.now() + 3600_000).toISOString() : null,
      cancel_reason: seed.cancelReason ?? null,
      invoice_token: randomBytes(16).toString('hex'),
      api_key_id: null,
      color_index: 0,
      created_at: now,
      updated_at: now,
      confirmed_at: status === 'confirmed' ? now : null,
      cancelled_at: status === 'cancelled' ? now : null,
      hold_expired_at: null,
      guest_title: null,
      guest_first_name: first_name,
      guest_last_name: 'Lovelace',
      guest_email: email,
      guest_phone: null,
      guest_address: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (status !== 'cancelled') {
    await claimNights(db, { accommodationId: accommodation.id, nights: eachDate(seed.checkin, seed.checkout), kind: 'booking', bookingId: booking.id });
  }
  return booking;
}

export function claimedNights(db: Executor, bookingId: number): Promise<string[]> {
  return db
    .selectFrom('night_claims')
    .select('night')
    .where('booking_id', '=', bookingId)
    .orderBy('night')
    .execute()
    .then((rows) => rows.map((r) => r.night));
}

export function outboxFor(db: Executor, bookingId: number) {
  return db.selectFrom('outbox').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
}

export function bookingById(db: Executor, id: number): Promise<Booking> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
