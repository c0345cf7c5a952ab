import { sql, type RawBuilder } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import { CALENDAR_CHANGED, type BookingEventType, type EventType } from './event-types.ts';

/**
 * Writes events to the outbox (partner_events, and one event_deliveries row per endpoint that
 * takes it) in the transaction of the change that causes them: a change rolled back sends
 * nothing, and a committed one is delivered even if the process dies right after. The caller
 * owns that transaction: a booking's change, a block, an iCal pull.
 */

/**
 * The body every event carries, as stored: `{type, timestamp, livemode, data}` (its id joins it when
 * read: event-body.ts).
 */
export interface EventBody {
  type: string;
  timestamp: string;
  /** false for a test key's events (docs/partners.md#test-mode). */
  livemode: boolean;
  data: unknown;
}

/** The event row and who takes it: the endpoints of one key, or every key's (calendar changes). */
interface NewEvent {
  apiKeyId: number | null;
  bookingId: number | null;
  type: EventType;
  data: unknown;
  now: string;
  /** false: an event of a test booking (docs/partners.md#test-mode); omitted: live. */
  livemode?: boolean;
}

/** What was written: the event's row id (null when no endpoint took a calendar change) and the deliveries queued. */
export interface RecordedEvent {
  rowId: number | null;
  queued: number;
}

/**
 * The endpoints that take an event: not disabled (paused ones too: they receive it once resumed),
 * listing its type (their `events` is JSON text, so the quoted type, `listed`, appears in it
 * exactly when it is listed), and for a booking event, of the booking's key.
 */
function takers(listed: unknown, apiKeyId: unknown, pg: boolean): RawBuilder<boolean> {
  return sql<boolean>`e.status <> 'disabled'
    and ${pg ? sql`strpos(e.events, ${listed})` : sql`instr(e.events, ${listed})`} > 0
    ${apiKeyId === null ? sql`` : sql`and e.api_key_id = ${apiKeyId}`}`;
}

/** An event to write: the event row always when `always`, else only when some endpoint takes it. */
export interface EventToWrite {
  event: NewEvent;
  always: boolean;
}

/** What one event's statement parts take: values, or SQL for those computed in the statement. */
export interface EventCteInput {
  apiKeyId: unknown;
  type: unknown;
  /** The type as JSON text (what an endpoint's `events` lists). */
  listed: unknown;
  now: unknown;
  bookingId: RawBuilder<unknown>;
  payload: RawBuilder<unknown>;
  always: boolean;
}

/** A named CTE of a statement. */
export interface NamedCte {
  name: string;
  body: RawBuilder<unknown>;
}

/**
 * The statement's parts for one event (PostgreSQL): its row `ev<i>`, written always or only when
 * an endpoint takes it, and its deliveries `d<i>`, one per endpoint that takes it; with the
 * names of both CTEs.
 */
export function eventCte(i: number, input: EventCteInput): { ctes: NamedCte[]; row: string; deliveries: string } {
  const ev = `ev${String(i)}`;
  const d = `d${String(i)}`;
  const { apiKeyId, type, listed, now, bookingId, payload, always } = input;
  const who = takers(listed, apiKeyId, true);
  return {
    ctes: [
      {
        name: ev,
        body: sql`insert into partner_events (api_key_id, booking_id, type, payload, created_at)
        select ${apiKeyId}::integer, ${bookingId}, ${type}, ${payload}, ${now}::timestamptz
        where ${sql.lit(always)} or exists (select 1 from event_endpoints e where ${who})
        returning id`,
      },
      {
        name: d,
        body: sql`insert into event_deliveries
          (endpoint_id, event_id, booking_id, status, next_attempt_at, created_at)
        select e.id, ${sql.table(ev)}.id, ${bookingId}, 'pending', ${now}::timestamptz, ${now}::timestamptz
        from event_endpoints e cross join ${sql.table(ev)}
        where ${who}
        order by e.id
        returning 1`,
      },
    ],
    row: ev,
    deliveries: d,
  };
}

/** An event's parts with every value a parameter of its own (recordEvents). */
function valuesOf({ event, always }: EventToWrite): EventCteInput {
  return {
    apiKeyId: event.apiKeyId,
    type: event.type,
    listed: JSON.stringify(event.type),
    now: event.now,
    bookingId: sql`${event.bookingId}::integer`,
    payload: sql`${payloadOf({ event, always })}`,
    always,
  };
}

/** The JSON text an event carries: `{type, timestamp, livemode, data}`. */
export function payloadOf({ event }: EventToWrite): string {
  const livemode = event.livemode ?? true;
  return JSON.stringify({ type: event.type, timestamp: event.now, livemode, data: event.data } satisfies EventBody);
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
    const parts = events.map((e, i) => eventCte(i, valuesOf(e)));
    const columns = parts.map(({ row, deliveries }, i) => {
      const id = sql`(select id from ${sql.table(row)}) as ${sql.ref(`id${String(i)}`)}`;
      return sql`${id}, (select count(*) from ${sql.table(deliveries)}) as ${sql.ref(`queued${String(i)}`)}`;
    });
    const ctes = parts.flatMap((p) => p.ctes);
    const result = await sql<Record<string, number | string | null>>`
      with ${sql.join(ctes.map((c) => sql`${sql.table(c.name)} as (${c.body})`))}
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

/**
 * The embedded store's statements of an event, compiled once (db/prepared.ts); an event of a
 * booking names its key (`OfKey`), a calendar change does not.
 */
const endpointTakes = (db: Executor, listed: string, apiKeyId: number | null) =>
  db.selectFrom('event_endpoints as e').where(takers(listed, apiKeyId, false));
const takerExists = (db: Executor, listed: string, apiKeyId: number | null) =>
  endpointTakes(db, listed, apiKeyId)
    .select(sql`1`.as('one'))
    .limit(1);
const anyTaker = prepared((db, listed: string) => takerExists(db, listed, null));
const anyTakerOfKey = prepared((db, listed: string, apiKeyId: number) => takerExists(db, listed, apiKeyId));
const insertEvent = prepared(
  (db, apiKeyId: number | null, bookingId: number | null, type: string, payload: string, now: string) =>
    db
      .insertInto('partner_events')
      .values({ api_key_id: apiKeyId, booking_id: bookingId, type, payload, created_at: now })
      .returning('id'),
);
/** One pending delivery, due now, to each endpoint that takes the event (their ids: the number queued). */
const queueDeliveries = (
  db: Executor,
  listed: string,
  apiKeyId: number | null,
  eventId: number,
  bookingId: number | null,
  now: string,
) =>
  db
    .insertInto('event_deliveries')
    .columns(['endpoint_id', 'event_id', 'booking_id', 'status', 'next_attempt_at', 'created_at'])
    .expression(
      endpointTakes(db, listed, apiKeyId)
        .select([
          'e.id',
          sql<number>`${eventId}`.as('event_id'),
          sql<number | null>`${bookingId}`.as('booking_id'),
          sql<string>`'pending'`.as('status'),
          sql<string>`${now}`.as('next_attempt_at'),
          sql<string>`${now}`.as('created_at'),
        ])
        .orderBy('e.id'),
    )
    .returning('id');
const queueAllDeliveries = prepared((db, listed: string, eventId: number, bookingId: number | null, now: string) =>
  queueDeliveries(db, listed, null, eventId, bookingId, now),
);
const queueKeyDeliveries = prepared(
  (db, listed: string, apiKeyId: number, eventId: number, bookingId: number | null, now: string) =>
    queueDeliveries(db, listed, apiKeyId, eventId, bookingId, now),
);

async function recordOnEmbedded(db: Executor, { event, always }: EventToWrite): Promise<RecordedEvent> {
  const payload = payloadOf({ event, always });
  const listed = JSON.stringify(event.type);
  const key = event.apiKeyId;
  if (!always) {
    const any = key === null ? await anyTaker(db, listed) : await anyTakerOfKey(db, listed, key);
    if (any.length === 0) return { rowId: null, queued: 0 };
  }
  const inserted = (await insertEvent(db, key, event.bookingId, event.type, payload, event.now))[0];
  if (inserted === undefined) throw new Error('the partner event was not inserted');
  const queued =
    key === null
      ? await queueAllDeliveries(db, listed, inserted.id, event.bookingId, event.now)
      : await queueKeyDeliveries(db, listed, key, inserted.id, event.bookingId, event.now);
  return { rowId: inserted.id, queued: queued.length };
}

/**
 * One event about a booking (written by recordEvents), for the key that created it: kept for its
 * catch-up feed, and queued to each of its endpoints (paused ones too: they receive it once
 * resumed; not disabled ones) that takes this type.
 */
export function bookingEvent(event: {
  apiKeyId: number;
  bookingId: number;
  type: BookingEventType;
  data: unknown;
  now: string;
  livemode: boolean;
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
