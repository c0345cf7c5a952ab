import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Executor } from '../db/store.ts';
import { CALENDAR_CHANGED, type BookingEventType, type EventType } from './event-types.ts';

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

/** The event row and who takes it: the endpoints of one key, or every key's (calendar changes). */
interface NewEvent {
  apiKeyId: number | null;
  bookingId: number | null;
  type: EventType;
  data: unknown;
  now: string;
}

/** What was written: the event's row id (null when no endpoint took a calendar change) and the deliveries queued. */
export interface RecordedEvent {
  rowId: number | null;
  queued: number;
}

/**
 * The endpoints that take an event: not disabled (paused ones too: they receive it once resumed),
 * listing its type (their `events` is JSON text, so the quoted type appears in it exactly when it
 * is listed), and for a booking event, of the booking's key.
 */
function takers(type: EventType, apiKeyId: number | null, pg: boolean) {
  const listed = JSON.stringify(type);
  return sql`e.status <> 'disabled'
    and ${pg ? sql`strpos(e.events, ${listed})` : sql`instr(e.events, ${listed})`} > 0
    ${apiKeyId === null ? sql`` : sql`and e.api_key_id = ${apiKeyId}`}`;
}

/** An event to write: the event row always when `always`, else only when some endpoint takes it. */
interface EventToWrite {
  event: NewEvent;
  always: boolean;
}

/** The statement's parts for one event, its row `ev<i>` and its deliveries `d<i>` (PostgreSQL). */
function eventCtes(i: number, { event, always }: EventToWrite) {
  const payload = JSON.stringify({ type: event.type, timestamp: event.now, data: event.data } satisfies EventBody);
  const ev = sql.raw(`ev${String(i)}`);
  const d = sql.raw(`d${String(i)}`);
  return sql`${ev} as (
        insert into partner_events (api_key_id, booking_id, type, payload, created_at)
        select ${event.apiKeyId}::integer, ${event.bookingId}::integer, ${event.type}, ${payload}, ${event.now}::timestamptz
        where ${always} or exists (select 1 from webhook_endpoints e where ${takers(event.type, event.apiKeyId, true)})
        returning id
      ), ${d} as (
        insert into webhook_deliveries (endpoint_id, event_id, booking_id, status, next_attempt_at, created_at)
        select e.id, ${ev}.id, ${event.bookingId}::integer, 'pending', ${event.now}::timestamptz, ${event.now}::timestamptz
        from webhook_endpoints e cross join ${ev}
        where ${takers(event.type, event.apiKeyId, true)}
        order by e.id
        returning 1
      )`;
}

/**
 * Writes events and their deliveries: each event row (always when `always`, else only when some
 * endpoint takes it), then one pending delivery per endpoint that takes it, due now. On
 * PostgreSQL one statement for them all (a round trip inside the change's transaction costs more
 * than the work it carries); on the embedded store two per event, of microseconds each.
 */
export async function recordEvents(db: Executor, events: readonly EventToWrite[]): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  if (isPostgres(db)) {
    const columns = events.map(
      (_, i) =>
        sql`(select id from ${sql.raw(`ev${String(i)}`)}) as ${sql.raw(`id${String(i)}`)}, (select count(*) from ${sql.raw(`d${String(i)}`)}) as ${sql.raw(`queued${String(i)}`)}`,
    );
    const result = await sql<Record<string, number | string | null>>`
      with ${sql.join(events.map((e, i) => eventCtes(i, e)))}
      select ${sql.join(columns)}`.execute(db);
    const row = result.rows[0] ?? {};
    return events.map((_, i) => {
      const id = row[`id${String(i)}`];
      return {
        rowId: id === null || id === undefined ? null : Number(id),
        queued: Number(row[`queued${String(i)}`] ?? 0),
      };
    });
  }
  const recorded: RecordedEvent[] = [];
  for (const e of events) recorded.push(await recordOnEmbedded(db, e));
  return recorded;
}

async function recordOnEmbedded(db: Executor, { event, always }: EventToWrite): Promise<RecordedEvent> {
  const body: EventBody = { type: event.type, timestamp: event.now, data: event.data };
  const payload = JSON.stringify(body);
  if (!always) {
    const any =
      await sql`select 1 from webhook_endpoints e where ${takers(event.type, event.apiKeyId, false)} limit 1`.execute(
        db,
      );
    if (any.rows.length === 0) return { rowId: null, queued: 0 };
  }
  const inserted = await db
    .insertInto('partner_events')
    .values({
      api_key_id: event.apiKeyId,
      booking_id: event.bookingId,
      type: event.type,
      payload,
      created_at: event.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const queued = await sql`
    insert into webhook_deliveries (endpoint_id, event_id, booking_id, status, next_attempt_at, created_at)
    select e.id, ${inserted.id}, ${event.bookingId}, 'pending', ${event.now}, ${event.now}
    from webhook_endpoints e
    where ${takers(event.type, event.apiKeyId, false)}
    order by e.id`.execute(db);
  return { rowId: inserted.id, queued: Number(queued.numAffectedRows ?? 0n) };
}

/**
 * One event about a booking (written by recordEvents), for the key that created it: kept for its catch-up feed, and queued
 * to each of its endpoints (paused ones too: they receive it once resumed; not disabled ones)
 * that takes this type.
 */
export function bookingEvent(event: {
  apiKeyId: number;
  bookingId: number;
  type: BookingEventType;
  data: unknown;
  now: string;
}): EventToWrite {
  return { event, always: true };
}

/** The nights of an accommodation that changed: no guest data, no booking. */
export interface CalendarChange {
  accommodation_id: number;
  from: string;
  to: string;
}

/**
 * A calendar change (written by recordEvents), for every endpoint (of any key) that asks for calendar changes; written
 * only when one does, as no catch-up feed carries it.
 */
export function calendarChange(change: CalendarChange, now: string): EventToWrite {
  return { event: { apiKeyId: null, bookingId: null, type: CALENDAR_CHANGED, data: change, now }, always: false };
}

/** Writes one calendar change (calendarChange) on its own: what blocks and feed pulls write. */
export async function recordCalendarChange(db: Executor, change: CalendarChange, now: string): Promise<RecordedEvent> {
  const [recorded] = await recordEvents(db, [calendarChange(change, now)]);
  return recorded ?? { rowId: null, queued: 0 };
}
