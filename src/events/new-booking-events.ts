import { sql, type RawBuilder } from 'kysely';
import type { StatementValues } from '../db/shaped-statement.ts';
import { eventCte, payloadOf, type EventToWrite, type NamedCte } from './record-event.ts';

/**
 * A new booking's events written by the statement that inserts the booking (PostgreSQL): the
 * booking's and its guest's ids are known only inside that statement, and its events carry them
 * (the booking as its key's GET shows it). Built once with stand-in ids, the event's JSON text is
 * cut where the ids go and joined again in SQL around the inserted rows' ids. The booking then
 * costs one round trip instead of two (docs/benchmarks.md).
 */

/** The ids of a booking not yet written, as the statement will know them. */
export interface NewBookingIds {
  bookingId: number;
  guestId: number;
}

/** Two sets of stand-ins no stored row has (ids are positive); two, so that a value equal to one is caught. */
const STAND_INS: readonly [NewBookingIds, NewBookingIds] = [
  { bookingId: -1_000_000_001, guestId: -1_000_000_002 },
  { bookingId: -2_000_000_001, guestId: -2_000_000_002 },
];

type IdRef = keyof NewBookingIds;

/** An event whose JSON text is cut around the new booking's ids. */
export interface CutEvent {
  write: EventToWrite;
  parts: string[];
  refs: IdRef[];
  /** Whether the event's booking_id column is the new booking's. */
  ofBooking: boolean;
}

/** The JSON numbers equal to one of `ids`, in order: where each occurs and which id it is. */
function cut(text: string, ids: NewBookingIds): { parts: string[]; refs: IdRef[] } {
  const parts: string[] = [];
  const refs: IdRef[] = [];
  const numbers = new Map<string, IdRef>([
    [String(ids.bookingId), 'bookingId'],
    [String(ids.guestId), 'guestId'],
  ]);
  // A JSON number follows a `:`, `,` or `[` and ends at `,`, `}` or `]`; inside a string a
  // stand-in would follow a quote or other text, so it is not taken for one.
  const pattern = /(?<=[:,[])(-\d+)(?=[,}\]])/g;
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    const ref = numbers.get(match[1] ?? '');
    if (ref === undefined) continue;
    parts.push(text.slice(from, match.index));
    refs.push(ref);
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return { parts, refs };
}

/**
 * The events `eventsFor` makes for a new booking, cut around its ids; null when they cannot be
 * (a value of the booking equal to a stand-in), and the caller writes them in a statement of
 * their own once the ids are known.
 */
export function cutNewBookingEvents(eventsFor: (ids: NewBookingIds) => EventToWrite[]): CutEvent[] | null {
  const [a, b] = STAND_INS;
  const first = eventsFor(a);
  const second = eventsFor(b);
  const cutEvents: CutEvent[] = [];
  for (const [i, write] of first.entries()) {
    const other = second[i];
    if (other === undefined) return null;
    const one = cut(payloadOf(write), a);
    const two = cut(payloadOf(other), b);
    const same =
      one.parts.length === two.parts.length &&
      one.parts.every((part, j) => part === two.parts[j]) &&
      one.refs.every((ref, j) => ref === two.refs[j]);
    if (!same) return null;
    const ofBooking = write.event.bookingId === a.bookingId;
    if (!ofBooking && write.event.bookingId !== null) return null;
    cutEvents.push({ write, ...one, ofBooking });
  }
  return cutEvents;
}

/**
 * The CTEs that write `events` in the booking's statement, named `ev<i>` and `d<i>`, reading the
 * inserted booking from the CTE `booking` (its `id` and `guest_id`); every value goes through
 * `values` (shaped-statement.ts), now, in the order the statement takes them. The CTEs
 * themselves, and the name of each deliveries CTE (to count what was queued), are built by the
 * function returned, which the statement calls only when its shape is compiled
 * (shaped-statement.ts): a booking of a known shape builds none of them.
 */
export function newBookingEventCtes(
  events: readonly CutEvent[],
  values: StatementValues,
  booking: string,
): () => { ctes: NamedCte[]; deliveries: string[] } {
  const stood = events.map(({ write, parts, refs, ofBooking }) => {
    const texts = parts.map((part) => values.value(part));
    const { event, always } = write;
    return {
      texts,
      refs,
      ofBooking,
      always,
      apiKeyId: event.apiKeyId === null ? null : values.value(event.apiKeyId),
      type: values.value(event.type),
      listed: values.value(JSON.stringify(event.type)),
      now: values.value(event.now),
    };
  });
  return () => {
    const b = sql.table(booking);
    const ctes: NamedCte[] = [];
    const deliveries: string[] = [];
    for (const [i, { texts, refs, ofBooking, always, ...fields }] of stood.entries()) {
      const pieces: RawBuilder<unknown>[] = [];
      texts.forEach((text, j) => {
        pieces.push(sql`${text}::text`);
        const ref = refs[j];
        if (ref !== undefined)
          pieces.push(sql`(select ${sql.ref(ref === 'bookingId' ? 'id' : 'guest_id')} from ${b})::text`);
      });
      const payload = sql`(${sql.join(pieces, sql` || `)})`;
      const bookingId = ofBooking ? sql`(select id from ${b})` : sql`null::integer`;
      const pair = eventCte(i, { ...fields, bookingId, payload, always });
      ctes.push(...pair.ctes);
      deliveries.push(pair.deliveries);
    }
    return { ctes, deliveries };
  };
}
