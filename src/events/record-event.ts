import type { Executor } from '../db/store.ts';
import { CALENDAR_CHANGED, endpointEvents, eventIdOf, type BookingEventType } from './event-types.ts';

/**
 * Writes events to the outbox (partner_events, and one webhook_deliveries row per endpoint that
 * takes it) in the transaction of the change that causes them: a change rolled back sends
 * nothing, and a committed one is delivered even if the process dies right after. Called by the
 * booking lifecycle only (src/bookings/booking-lifecycle.ts and the create path).
 */

/** The body every event carries: `{type, timestamp, data}`. */
export interface EventBody {
  type: string;
  timestamp: string;
  data: unknown;
}

async function insertEvent(
  db: Executor,
  row: { apiKeyId: number | null; bookingId: number | null; type: string; data: unknown; now: string },
): Promise<number> {
  const body: EventBody = { type: row.type, timestamp: row.now, data: row.data };
  const inserted = await db
    .insertInto('partner_events')
    .values({
      api_key_id: row.apiKeyId,
      booking_id: row.bookingId,
      type: row.type,
      payload: JSON.stringify(body),
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function queueDeliveries(
  db: Executor,
  endpointIds: readonly number[],
  eventId: number,
  bookingId: number | null,
  now: string,
): Promise<void> {
  if (endpointIds.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpointIds.map((endpointId) => ({
        endpoint_id: endpointId,
        event_id: eventId,
        booking_id: bookingId,
        status: 'pending' as const,
        next_attempt_at: now,
        locked_until: null,
        locked_by: null,
        last_status: null,
        last_response: null,
        last_error: null,
        created_at: now,
        delivered_at: null,
      })),
    )
    .execute();
}

/**
 * One event about a booking, for the key that created it: kept for its catch-up feed, and queued
 * to each of its endpoints (paused ones too: they receive it once resumed; not disabled ones)
 * that takes this type. Returns the event's id.
 */
export async function recordBookingEvent(
  db: Executor,
  event: { apiKeyId: number; bookingId: number; type: BookingEventType; data: unknown; now: string },
): Promise<string> {
  const id = await insertEvent(db, event);
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('api_key_id', '=', event.apiKeyId)
    .where('status', '<>', 'disabled')
    .execute();
  const takers = endpoints.filter((e) => endpointEvents(e.events).includes(event.type)).map((e) => e.id);
  await queueDeliveries(db, takers, id, event.bookingId, event.now);
  return eventIdOf(id);
}

/** The nights of an accommodation that changed: no guest data, no booking. */
export interface CalendarChange {
  accommodation_id: number;
  from: string;
  to: string;
}

/**
 * A calendar change, for every endpoint (of any key) that asks for calendar changes; written
 * only when one does, as no catch-up feed carries it.
 */
export async function recordCalendarChange(db: Executor, change: CalendarChange, now: string): Promise<void> {
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('status', '<>', 'disabled')
    .where('events', 'like', `%${CALENDAR_CHANGED}%`)
    .execute();
  const takers = endpoints.filter((e) => endpointEvents(e.events).includes(CALENDAR_CHANGED)).map((e) => e.id);
  if (takers.length === 0) return;
  const id = await insertEvent(db, { apiKeyId: null, bookingId: null, type: CALENDAR_CHANGED, data: change, now });
  await queueDeliveries(db, takers, id, null, now);
}
