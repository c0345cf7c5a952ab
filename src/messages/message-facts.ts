import { readPaymentTerms } from '../accommodations/money-rules.ts';
import type { Config } from '../config/config.ts';
import type { Executor } from '../db/store.ts';
import { guestPageUrl } from '../guests/guest-page-url.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { guestFormats, type GuestLanguage } from '../shared/guest-language.ts';
import type { HostIdentity } from '../settings/host-identity.ts';
import type { ScheduleFacts } from './message-schedule.ts';
import type { MessageValues } from './message-text.ts';

/**
 * What guest messages read of bookings: one query for the facts that time them (schedule) and
 * the values they print (render), with the home's facts for guests.
 */

function bookingFactsQuery(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select([
      'b.id',
      'b.accommodation_id',
      'b.status',
      'b.mode',
      'b.source',
      'b.nights',
      'b.checkin',
      'b.checkout',
      'b.guest_email',
      'b.guest_first_name',
      'b.guest_last_name',
      'b.confirmation_code',
      'b.confirmed_at',
      'b.cancelled_at',
      'b.payment_terms',
      'b.total',
      'b.amount_paid',
      'b.processor_paid',
      'b.cancellation_fee',
      'b.currency',
      'b.language',
      'b.guest_token',
      'a.language as accommodation_language',
      'a.name as accommodation_name',
      'a.timezone',
      'a.checkin_time',
      'a.checkout_time',
      'a.address',
      'a.arrival_instructions',
      'a.door_code',
      'a.wifi_name',
      'a.wifi_password',
    ]);
}

export type MessageBooking = Awaited<ReturnType<ReturnType<typeof bookingFactsQuery>['executeTakeFirstOrThrow']>>;

export function readMessageBookings(db: Executor, ids: readonly number[]): Promise<MessageBooking[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return bookingFactsQuery(db).where('b.id', 'in', ids).execute();
}

/**
 * Live bookings ever confirmed whose stay ends on or after `from`, `limit` at a time after
 * `afterId` (a rule's reach).
 */
export function readMessageBookingsFrom(
  db: Executor,
  from: string,
  afterId: number,
  limit: number,
): Promise<MessageBooking[]> {
  return bookingFactsQuery(db)
    .where('b.mode', '=', 'live')
    .where('b.confirmed_at', 'is not', null)
    .where('b.checkout', '>=', from)
    .where('b.id', '>', afterId)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

export function scheduleFacts(b: MessageBooking): ScheduleFacts {
  return { ...b, balance_days_before: readPaymentTerms(b.payment_terms)?.balance_days_before ?? null };
}

/** Where the booking's money stands, for the payment conditions and `{{payment.balance}}`. */
export function bookingPayment(b: MessageBooking) {
  return paymentSummary(b);
}

/** The values a message prints for this booking, written for `language`. */
export function messageValues(
  b: MessageBooking,
  host: HostIdentity,
  language: GuestLanguage,
  config: Pick<Config, 'publicBaseUrl'>,
): MessageValues {
  const f = guestFormats(language);
  const payment = bookingPayment(b);
  return {
    guest: { first_name: b.guest_first_name, last_name: b.guest_last_name },
    stay: {
      checkin_date: f.date(b.checkin),
      checkout_date: f.date(b.checkout),
      checkin_time: b.checkin_time,
      checkout_time: b.checkout_time,
      nights: b.nights,
    },
    accommodation: {
      name: b.accommodation_name,
      address: b.address,
      arrival_instructions: b.arrival_instructions,
      door_code: b.door_code,
      wifi_name: b.wifi_name,
      wifi_password: b.wifi_password,
    },
    booking: { confirmation_code: b.confirmation_code },
    payment: {
      total: f.money(b.total, b.currency),
      balance: f.money(Math.max(payment.balance, 0), b.currency),
    },
    host: { name: host.business?.name ?? b.accommodation_name },
    guest_page_url: guestPageUrl(config, b.guest_token),
  };
}
