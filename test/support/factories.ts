import { randomBytes } from 'node:crypto';
import { bookingSearchText } from '../../src/shared/search-text.ts';
import { insertAccommodation } from '../../src/accommodations/accommodation-repository.ts';
import { quoteColumns, quoteStay } from '../../src/pricing/quote-stay.ts';
import type {
  Accommodation,
  Booking,
  BookingStatus,
  NewAccommodation,
  NewBooking,
  PaymentMethod,
} from '../../src/db/schema.ts';
import type { Executor } from '../../src/db/store.ts';
import { claimNights } from '../../src/occupancy/night-ledger.ts';
import type { ExtraName } from '../../src/pricing/price-stay.ts';
import { classifySummary } from '../../src/ical/stay-kind.ts';
import { addDays, eachDate, todayIn } from '../../src/shared/dates.ts';

/** The worked example of docs/api.md#pricing: 100/night, cleaning 50, tax 10 %, weekly 10 %, breakfast 12. */
export function makeAccommodation(db: Executor, overrides: Partial<NewAccommodation> = {}): Promise<Accommodation> {
  const now = new Date().toISOString();
  return insertAccommodation(db, {
    name: 'Test House',
    currency: 'EUR',
    timezone: 'UTC',
    base_price: 10000,
    cleaning_fee: 5000,
    tax_rate_ppm: 100000,
    weekly_discount_ppm: 100000,
    monthly_discount_ppm: 0,
    min_stay: 1,
    max_stay: 60,
    max_guests: 4,
    checkin_time: '15:00',
    checkout_time: '10:00',
    extra_breakfast: 1200,
    extra_linen: null,
    extra_late_checkin: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  });
}

let offset = 0;
/** A distinct future date range for each call, so tests never collide on nights. */
export function futureStay(nights: number, daysAhead?: number): { checkin: string; checkout: string } {
  offset += nights + 3;
  const checkin = addDays(todayIn('UTC'), daysAhead ?? 400 + offset);
  return { checkin, checkout: addDays(checkin, nights) };
}

export function bookingBody(
  accommodationId: number,
  stay: { checkin: string; checkout: string },
  overrides: {
    booking?: Record<string, unknown>;
    partner?: Record<string, unknown>;
    extras?: Record<string, boolean>;
  } = {},
) {
  return {
    accommodation_id: accommodationId,
    partner_data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 0000',
      ...overrides.partner,
    },
    booking_data: {
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      children_count: 0,
      babies_count: 0,
      payment_method: 'bank_transfer',
      payment_token: 'tok_test',
      ...overrides.booking,
    },
    ...(overrides.extras ? { extras: overrides.extras } : {}),
  };
}

/**
 * Inserts a booking the way the booking feature stores one (guest, priced booking row, night
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
  /** The guest's other stored facts. */
  guest?: { title?: string | null; lastName?: string; phone?: string | null };
  notes?: string;
  /** Columns written as given instead of the defaults (e.g. fixed amounts instead of the quote). */
  row?: Partial<NewBooking>;
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
  const guest = await db
    .insertInto('guests')
    .values({
      email,
      email_key: email.toLowerCase(),
      title: seed.guest?.title ?? null,
      first_name: seed.firstName ?? 'Ada',
      last_name: seed.guest?.lastName ?? 'Lovelace',
      phone: seed.guest?.phone ?? null,
      address: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const quote = await quoteStay(db, accommodation, {
    checkin: seed.checkin,
    checkout: seed.checkout,
    guests: adults + children,
    extras: seed.extras ?? {},
  });
  const code = randomCode();
  const booking = await db
    .insertInto('bookings')
    .values({
      accommodation_id: accommodation.id,
      guest_id: guest.id,
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
      hold_expires_at:
        seed.holdExpiresAt !== undefined
          ? seed.holdExpiresAt
          : status === 'draft'
            ? new Date(Date.now() + 3600_000).toISOString()
            : null,
      cancel_reason: seed.cancelReason ?? null,
      invoice_token: randomBytes(16).toString('hex'),
      guest_token: randomBytes(32).toString('base64url'),
      api_key_id: null,
      color_index: 0,
      created_at: now,
      updated_at: now,
      confirmed_at: status === 'confirmed' ? now : null,
      cancelled_at: status === 'cancelled' ? now : null,
      hold_expired_at: null,
      guest_title: seed.guest?.title ?? null,
      guest_first_name: seed.firstName ?? 'Ada',
      guest_last_name: seed.guest?.lastName ?? 'Lovelace',
      guest_email: email,
      guest_phone: seed.guest?.phone ?? null,
      guest_address: null,
      search_text: bookingSearchText({
        confirmation_code: code,
        guest_first_name: seed.firstName ?? 'Ada',
        guest_last_name: seed.guest?.lastName ?? 'Lovelace',
        guest_email: email,
        guest_phone: seed.guest?.phone ?? null,
      }),
      ...seed.row,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (status !== 'cancelled') {
    await claimNights(
      db,
      {
        accommodationId: accommodation.id,
        nights: eachDate(seed.checkin, seed.checkout),
        kind: 'booking',
        bookingId: booking.id,
      },
      now,
    );
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

/** A calendar feed of the accommodation, as `ical feed add` stores one before its first pull. */
export function insertFeed(db: Executor, accommodationId: number, name: string) {
  return db
    .insertInto('external_feeds')
    .values({
      accommodation_id: accommodationId,
      name,
      url: 'https://example.com/cal.ics',
      created_at: new Date().toISOString(),
      last_synced_at: null,
      last_status: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A reservation imported through `feedId` (its nights are not claimed: the caller claims them if it needs to). */
export function insertReservation(
  db: Executor,
  feedId: number,
  accommodationId: number,
  stay: { uid: string; summary: string; start: string; end: string; kind?: 'reserved' | 'not_available' },
) {
  const now = new Date().toISOString();
  return db
    .insertInto('external_reservations')
    .values({
      feed_id: feedId,
      accommodation_id: accommodationId,
      uid: stay.uid,
      summary: stay.summary,
      start_date: stay.start,
      end_date: stay.end,
      ...(stay.kind === undefined ? {} : { kind: stay.kind }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * A stay imported through a new feed named `feed`, holding its nights as an import does; its kind
 * follows its summary as the feed parser classifies it ("Airbnb (Not available)" is a host block).
 */
export async function insertImportedStay(
  db: Executor,
  accommodationId: number,
  feed: string,
  stay: { summary: string; start: string; end: string },
): Promise<{ feedId: number; reservationId: number }> {
  const { id: feedId } = await insertFeed(db, accommodationId, feed);
  const { id: reservationId } = await insertReservation(db, feedId, accommodationId, {
    uid: `${feed}-${stay.start}-${randomCode()}`,
    ...stay,
    kind: classifySummary(stay.summary),
  });
  await claimNights(
    db,
    { accommodationId, nights: eachDate(stay.start, stay.end), kind: 'external', externalReservationId: reservationId },
    new Date().toISOString(),
  );
  return { feedId, reservationId };
}
