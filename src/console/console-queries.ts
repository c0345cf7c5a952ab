import { bookingsWithGuest, ofLiveBookingOrNone, type BookingWithGuest } from '../db/booking-with-guest.ts';
import type { Executor } from '../db/store.ts';
import { liveClaim } from '../occupancy/night-ledger.ts';

/** Read-only views the console needs beyond those the admin API already has. */

/** The time zones of the host's homes (archived ones too: their bookings are still shown), in order. */
export async function homeZones(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('accommodations').select('timezone').distinct().orderBy('timezone').execute();
  return rows.map((r) => r.timezone);
}

/** Stays arriving, or leaving, on a date in [from, to): not cancelled, and no draft past its hold. */
export function staysBetween(
  db: Executor,
  column: 'checkin' | 'checkout',
  from: string,
  to: string,
  now: Date,
): Promise<BookingWithGuest[]> {
  return bookingsWithGuest(db)
    .where('b.mode', '=', 'live')
    .where('b.status', '!=', 'cancelled')
    .where(liveClaim(now.toISOString()))
    .where(`b.${column}`, '>=', from)
    .where(`b.${column}`, '<', to)
    .orderBy(`b.${column}`)
    .orderBy('b.id')
    .execute();
}

/** Card drafts still waiting for payment (their hold not over), soonest hold end first. */
export function waitingCardDrafts(db: Executor, now: Date): Promise<BookingWithGuest[]> {
  return bookingsWithGuest(db)
    .where('b.mode', '=', 'live')
    .where('b.status', '=', 'draft')
    .where('b.payment_method', '=', 'card_processor')
    .where(liveClaim(now.toISOString()))
    .orderBy('b.hold_expires_at')
    .limit(200)
    .execute();
}

/** Card drafts whose hold ran out (the hold expiry cancelled them) since `since`, newest first. */
export function expiredCardDrafts(db: Executor, since: Date): Promise<BookingWithGuest[]> {
  return bookingsWithGuest(db)
    .where('b.mode', '=', 'live')
    .where('b.status', '=', 'cancelled')
    .where('b.hold_expired_at', 'is not', null)
    .where('b.hold_expired_at', '>=', since.toISOString())
    .orderBy('b.hold_expired_at', 'desc')
    .limit(100)
    .execute();
}

export function failedMails(db: Executor) {
  return db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'last_error', 'attempts', 'created_at'])
    .where('status', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function failingFeeds(db: Executor) {
  return db
    .selectFrom('external_feeds as f')
    .innerJoin('accommodations as a', 'a.id', 'f.accommodation_id')
    .select([
      'f.id',
      'f.name',
      'f.accommodation_id',
      'a.name as accommodation_name',
      'f.last_error',
      'f.consecutive_failures',
      'f.last_synced_at',
    ])
    .where('f.consecutive_failures', '>', 0)
    .orderBy('f.id')
    .execute();
}

export function unresolvedPaymentIssues(db: Executor) {
  return db
    .selectFrom('payment_issues')
    .selectAll()
    .where('resolved_at', 'is', null)
    .where(ofLiveBookingOrNone('booking_id'))
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function mailsOfBooking(db: Executor, bookingId: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'template', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

export function paymentIssuesOfBooking(db: Executor, bookingId: number) {
  return db.selectFrom('payment_issues').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
}

/** Card processor events and signed webhooks recorded for a booking, oldest first. */
export function deliveriesOfBooking(db: Executor, bookingId: number) {
  return db
    .selectFrom('inbound_webhook_events')
    .select(['id', 'source', 'event_type', 'outcome', 'detail', 'received_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

/**
 * Stays imported from channel feeds (not echoes of our own stays, not "not available" blocks)
 * arriving, or leaving, on a date in [from, to), with the feed's name.
 */
export function importedStaysBetween(db: Executor, column: 'start_date' | 'end_date', from: string, to: string) {
  return db
    .selectFrom('external_reservations as r')
    .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
    .select(['r.id', 'a.id as accommodation_id', 'a.name as accommodation_name', 'f.name as feed', 'r.summary'])
    .select(['r.start_date', 'r.end_date'])
    .where('r.echo_of', 'is', null)
    .where('r.kind', '=', 'reserved')
    .where(`r.${column}`, '>=', from)
    .where(`r.${column}`, '<', to)
    .orderBy(`r.${column}`)
    .orderBy('r.id')
    .limit(200)
    .execute();
}

export type ImportedStayView = Awaited<ReturnType<typeof importedStaysBetween>>[number];

/**
 * Live bookings holding a damage deposit whose guests may have left (checkout on or before
 * `latestToday`, the latest "today" of any home's time zone; the page checks each home's own).
 */
export function heldDeposits(db: Executor, latestToday: string): Promise<BookingWithGuest[]> {
  return bookingsWithGuest(db)
    .where('b.mode', '=', 'live')
    .where('b.deposit_state', '=', 'held')
    .where('b.checkout', '<=', latestToday)
    .orderBy('b.checkout')
    .orderBy('b.id')
    .limit(200)
    .execute();
}

/**
 * Live confirmed or modified bookings with something left to pay (the page checks which part of
 * their schedule has fallen due), soonest arrival first.
 */
export function bookingsOwing(db: Executor): Promise<BookingWithGuest[]> {
  return bookingsWithGuest(db)
    .where('b.mode', '=', 'live')
    .where('b.status', 'in', ['confirmed', 'modified'])
    .where((eb) => eb(eb('b.amount_paid', '+', eb.ref('b.processor_paid')), '<', eb.ref('b.total')))
    .orderBy('b.checkin')
    .orderBy('b.id')
    .limit(500)
    .execute();
}
