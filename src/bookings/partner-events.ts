import type { ChangeFeed } from '../db/change-feed.ts';
import type { Executor } from '../db/store.ts';
import type { BookingEventType } from '../events/event-types.ts';
import type { PaymentIssueDetails } from '../events/payment-issue.ts';
import type { Mode } from '../db/schema.ts';
import { DELIVERIES_QUEUED } from '../events/delivery-wake.ts';
import { bookingEvent, calendarChange, recordEvents, type EventToWrite } from '../events/record-event.ts';
import type { BookingView } from './booking-schemas.ts';
import { findBookingView } from './booking-retrieval.ts';

/** A booking as partners hear of it: who made it, where and when, and (if a key made it) its view. */
interface AnnouncedBooking {
  id: number;
  /** A test booking's events say `livemode: false` and change no live calendar. */
  mode: Mode;
  api_key_id: number | null;
  accommodation_id: number;
  checkin: string;
  checkout: string;
}

/**
 * Which events a change makes: a calendar change too, over `formerStay`'s nights as well; a payment
 * issue's details.
 */
interface AnnounceOptions {
  calendar: boolean;
  formerStay?: { from: string; to: string } | undefined;
  /** A `payment.issue`'s: carried as `data.issue`, beside the booking. */
  issue?: PaymentIssueDetails | undefined;
}

/**
 * What partners hear of a change to bookings, written in the change's transaction by the
 * lifecycle (afterTransition, the create path, a payment that confirms nothing): for each booking
 * a key created, the event with the booking as that key's GET /bookings/:id shows it (and a
 * payment issue's `issue` beside it); and for its
 * accommodation, a calendar change over the nights concerned (and `formerStay`'s, when the dates
 * moved) for endpoints that ask for one. Returns how many deliveries were queued: once the
 * transaction has committed, the caller wakes the delivery workers (wakeDeliveries) if any were.
 */
export async function announceToPartners(
  db: Executor,
  bookingIds: readonly number[],
  type: BookingEventType,
  now: string,
  options: AnnounceOptions,
): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'mode', 'api_key_id', 'accommodation_id', 'checkin', 'checkout'])
    .where('id', 'in', bookingIds)
    .orderBy('id')
    .execute();
  let queued = 0;
  for (const row of rows) {
    const view =
      row.api_key_id === null
        ? undefined
        : await findBookingView(db, row.id, { kind: 'key', apiKeyId: row.api_key_id });
    queued += await announceOne(db, row, view, type, now, options);
  }
  return queued;
}

async function announceOne(
  db: Executor,
  row: AnnouncedBooking,
  view: BookingView | undefined,
  type: BookingEventType,
  now: string,
  options: AnnounceOptions,
): Promise<number> {
  return recordBookingEvents(db, eventsOf(row, view, type, now, options));
}

/** Writes a booking's events (recordEvents); returns how many deliveries they queued. */
export async function recordBookingEvents(db: Executor, events: readonly EventToWrite[]): Promise<number> {
  const recorded = await recordEvents(db, events);
  return recorded.reduce((sum, r) => sum + r.queued, 0);
}

/**
 * A new booking's events, `booking.created` for its key and a calendar change, from the rows it is
 * writing (no read back): `view` is the booking as its key's GET shows it, built from those rows.
 */
export function createdEvents(booking: AnnouncedBooking, view: BookingView | undefined, now: string): EventToWrite[] {
  return eventsOf(booking, view, 'booking.created', now, { calendar: true });
}

function eventsOf(
  row: AnnouncedBooking,
  view: BookingView | undefined,
  type: BookingEventType,
  now: string,
  options: AnnounceOptions,
): EventToWrite[] {
  const events: EventToWrite[] = [];
  const livemode = row.mode !== 'test';
  if (row.api_key_id !== null) {
    const data = options.issue === undefined ? view : { ...view, issue: options.issue };
    events.push(bookingEvent({ apiKeyId: row.api_key_id, bookingId: row.id, type, data, now, livemode }));
  }
  if (options.calendar && livemode) {
    const former = options.formerStay;
    events.push(
      calendarChange(
        {
          accommodation_id: row.accommodation_id,
          from: former !== undefined && former.from < row.checkin ? former.from : row.checkin,
          to: former !== undefined && former.to > row.checkout ? former.to : row.checkout,
        },
        now,
      ),
    );
  }
  return events;
}

/**
 * After a commit that queued deliveries: this process's delivery worker runs at once, and the
 * other processes' are told (on PostgreSQL a NOTIFY shared with the other announcements of the
 * moment), so an event does not wait for the next poll.
 */
export function wakeDeliveries(changes: Pick<ChangeFeed, 'committed'>, queued: number): void {
  if (queued > 0) changes.committed(DELIVERIES_QUEUED, { announce: true });
}
