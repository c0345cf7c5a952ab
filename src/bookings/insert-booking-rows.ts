import { sql, type QueryCreator } from 'kysely';
import { isPostgres, isUniqueViolation } from '../db/dialect.ts';
import type { NewBooking } from '../db/schema.ts';
import { runShaped, runShapedRow, StatementValues } from '../db/shaped-statement.ts';
import type { Executor } from '../db/store.ts';
import type { BookingMailRow } from '../mail/enqueue-booking-mail.ts';
import {
  NightTakenError,
  claimNights,
  claimNightsOfInsertedBooking,
  type InsertedBooking,
} from '../occupancy/night-ledger.ts';
import { findOrCreateGuest, guestRow, type GuestInput } from '../guests/guest-repository.ts';
import { bookingEventRow, type BookingActor } from './booking-lifecycle.ts';
import { isDraft } from './booking-transitions.ts';
import { newBookingEventCtes, type CutEvent } from '../events/new-booking-events.ts';
import type { NamedCte } from '../events/record-event.ts';
import { queueFollowUp } from './confirmed-follow-up.ts';
import { queueNewStay } from '../tasks/new-stay-turnovers.ts';

/**
 * What a new booking leaves to be done right after its commit (migration 0036), queued by its
 * own rows: a live booking confirmed as it is made is invoiced and its guest messages scheduled
 * (confirmed-follow-up.ts),
 * and a confirmed one departs, so its turnover is planned (tasks/new-stay-turnovers.ts).
 */
export function queuedAfterCommit(booking: Pick<NewBooking, 'mode' | 'status'>): {
  followUp: boolean;
  turnover: boolean;
} {
  const live = booking.mode !== 'test';
  return { followUp: live && booking.status !== 'draft', turnover: live && booking.status === 'confirmed' };
}

/** The new booking's ids, and how many deliveries of its events were queued by the same statement. */
export interface InsertedIds {
  bookingId: number;
  guestId: number;
  queued: number;
}

/** Everything a new booking writes: its guest, itself, one claim per night, its mail and its first history row. */
export interface BookingRows {
  guest: GuestInput;
  booking: Omit<NewBooking, 'guest_id'>;
  nights: readonly string[];
  mail: BookingMailRow | null;
  actor: BookingActor;
  /** The first history row's reason, when not the usual one (a booking the host made by hand). */
  createdReason?: string;
}

/**
 * The lifecycle's `create`: writes a booking's rows; a night already taken throws NightTakenError.
 * This is the one place the stores differ on the booking path:
 * - SQLite runs five statements, so the caller must hold a transaction (statements on the
 *   embedded store cost microseconds); each is compiled once (db/shaped-statement.ts);
 * - PostgreSQL runs one statement of data-modifying CTEs, atomic by itself, because there each
 *   round trip costs more than the work it carries. The primary key of night_claims refuses a
 *   taken night inside that statement just as it does for a separate insert.
 * Both build their rows with the same builders (guest, claim, mail, history). A test booking
 * takes the first way on both stores, in the caller's transaction.
 * On PostgreSQL `events`, the booking's events cut around its ids (events/new-booking-events.ts),
 * are written by the same statement, and `queued` counts their deliveries; the embedded store's
 * caller writes the events itself, once it has the ids.
 */
export async function insertBookingRows(
  db: Executor,
  rows: BookingRows,
  now: string,
  events: readonly CutEvent[] = [],
): Promise<InsertedIds> {
  // A test booking's nights are checked against the live ones and go to test_night_claims
  // (night-ledger.ts): statements of their own, in the caller's transaction, on both stores.
  const test = rows.booking.mode === 'test';
  if (!isPostgres(db) || test) {
    const guestId = await findOrCreateGuest(db, rows.guest, now);
    const inserted = await runShapedRow(db, 'booking-row', { ...rows.booking, guest_id: guestId }, (booking) =>
      db.insertInto('bookings').values(booking).returning('id'),
    );
    const bookingId = inserted.rows[0]?.id;
    if (bookingId === undefined) throw new Error('booking insert returned no row');
    await claimNights(
      db,
      {
        accommodationId: rows.booking.accommodation_id,
        nights: rows.nights,
        kind: 'booking',
        bookingId,
        testKeyId: test ? rows.booking.api_key_id : null,
      },
      now,
    );
    if (rows.mail !== null)
      await runShapedRow(db, 'booking-mail', { ...rows.mail, booking_id: bookingId }, (mail) =>
        db.insertInto('outbox').values(mail),
      );
    await runShapedRow(db, 'booking-created-event', createdEvent(rows, bookingId, now), (event) =>
      db.insertInto('booking_events').values(event),
    );
    const queue = queuedAfterCommit(rows.booking);
    if (queue.followUp) await queueFollowUp(db, bookingId);
    if (queue.turnover)
      await queueNewStay(db, {
        accommodationId: rows.booking.accommodation_id,
        bookingId,
        start: rows.booking.checkin,
        end: rows.booking.checkout,
      });
    return { bookingId, guestId, queued: 0 };
  }
  try {
    return await insertInOneStatement(db, rows, now, events);
  } catch (error) {
    if (isUniqueViolation(error) && (error as { constraint?: unknown }).constraint === 'night_claims_pk') {
      throw new NightTakenError('night already taken', { cause: error });
    }
    throw error;
  }
}

function createdEvent(rows: BookingRows, bookingId: number, now: string) {
  const reason =
    rows.createdReason ??
    (isDraft(rows.booking.status)
      ? 'created as a draft awaiting card payment'
      : `created, paid by ${rows.booking.payment_method}`);
  return bookingEventRow(bookingId, 'created', rows.booking.status, rows.actor, reason, now);
}

/** The rows of a booking's statement, each value replaced by its stand-in (shaped-statement.ts). */
interface StoodRows {
  guest: ReturnType<typeof guestRow>;
  booking: BookingRows['booking'];
  event: ReturnType<typeof createdEvent>;
  mail: BookingMailRow | null;
  nights: readonly string[];
  now: string;
  queue: { followUp: boolean; turnover: boolean };
}

/**
 * The PostgreSQL statement: guest (found or created by e-mail; the conflict branch only returns
 * the existing row's id), booking, one claim per night, mail, history, and the events `events` writes.
 */
function oneStatement(
  db: Executor,
  rows: StoodRows,
  events: { ctes: readonly NamedCte[]; deliveries: readonly string[] },
) {
  const written = rowsCtes(db, rows);
  let all = written;
  // The events' CTEs come last, reading the booking from `b` (their rows' types are not needed).
  for (const cte of events.ctes)
    all = all.with(cte.name, () => sql<Record<string, unknown>>`(${cte.body})`) as unknown as typeof written;
  const queued =
    events.deliveries.length === 0
      ? sql<number | string>`0`
      : sql<number | string>`${sql.join(
          events.deliveries.map((d) => sql`(select count(*) from ${sql.table(d)})`),
          sql` + `,
        )}`;
  return all.selectFrom('b').select(['b.id as booking_id', 'b.guest_id', queued.as('queued')]);
}

/** The CTEs that write the booking's own rows, `p` (guest), `b`, `c` (claims), `e` (history) and `o` (mail). */
function rowsCtes(db: Executor, { guest, booking, event, mail, nights, now, queue }: StoodRows) {
  return (
    db
      .with('p', (qb) =>
        qb
          .insertInto('guests')
          .values(guest)
          // A no-op update, so that RETURNING yields the existing guest's id too.
          .onConflict((oc) => oc.column('email_key').doUpdateSet({ email_key: (eb) => eb.ref('excluded.email_key') }))
          .returning('id'),
      )
      .with('b', (qb) =>
        qb
          .insertInto('bookings')
          .values({ ...booking, guest_id: qb.selectFrom('p').select('p.id') })
          .returning(['id', 'guest_id']),
      )
      // The ledger writes the claims; it needs only the inserted booking's id from the statement.
      .with('c', (qb) =>
        claimNightsOfInsertedBooking(
          qb as unknown as QueryCreator<InsertedBooking>,
          booking.accommodation_id,
          nights,
          now,
        ),
      )
      .with('e', (qb) =>
        qb.insertInto('booking_events').values({ ...event, booking_id: qb.selectFrom('b').select('b.id') }),
      )
      .with('o', (qb) =>
        mail === null
          ? qb.selectNoFrom(sql<number>`0`.as('none'))
          : qb
              .insertInto('outbox')
              .values({ ...mail, booking_id: qb.selectFrom('b').select('b.id') })
              .returning('id'),
      )
      // What is left to do once it has committed (queuedAfterCommit).
      .with('qi', (qb) =>
        queue.followUp
          ? qb
              .insertInto('bookings_to_follow_up')
              .values({ booking_id: qb.selectFrom('b').select('b.id') })
              .returning('booking_id')
          : qb.selectNoFrom(sql<number>`0`.as('none')),
      )
      .with('qt', (qb) =>
        queue.turnover
          ? qb
              .insertInto('turnovers_to_plan')
              .values({
                accommodation_id: booking.accommodation_id,
                booking_id: qb.selectFrom('b').select('b.id'),
                start_on: booking.checkin,
                end_on: booking.checkout,
              })
              .returning('id')
          : qb.selectNoFrom(sql<number>`0`.as('none')),
      )
  );
}

async function insertInOneStatement(
  db: Executor,
  rows: BookingRows,
  now: string,
  cutEvents: readonly CutEvent[],
): Promise<InsertedIds> {
  const v = new StatementValues();
  const guest = v.row(guestRow(rows.guest, now));
  const booking = v.row(rows.booking);
  const event = v.row(createdEvent(rows, 0, now));
  const mail = rows.mail === null ? null : v.row(rows.mail);
  const nights = v.value(rows.nights);
  const at = v.value(now);
  const events = newBookingEventCtes(cutEvents, v, 'b');
  // The events' structure (which ones, where the ids go in their text) is part of the statement's shape.
  const eventShapes = cutEvents.map((e) => `${e.write.event.type}/${String(e.write.always)}/${e.refs.join('.')}`);
  const queue = queuedAfterCommit(rows.booking);
  const shape = `booking:${String(queue.followUp)}/${String(queue.turnover)}:${eventShapes.join(',')}`;
  const result = await runShaped(db, shape, v, () =>
    oneStatement(db, { guest, booking, event, mail, nights, now: at, queue }, events()),
  );
  const row = result.rows[0];
  if (row === undefined) throw new Error('booking insert returned no row');
  return { bookingId: row.booking_id, guestId: row.guest_id, queued: Number(row.queued) };
}
