import { CompiledQuery, sql, type QueryCreator } from 'kysely';
import { isPostgres, isUniqueViolation } from '../db/dialect.ts';
import type { NewBooking } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import type { BookingMailRow } from '../mail/enqueue-booking-mail.ts';
import { NightTakenError, claimNights, claimNightsOfInsertedBooking, type InsertedBooking } from '../occupancy/night-ledger.ts';
import { findOrCreatePartner, partnerRow, type PartnerInput } from '../partners/partner-repository.ts';
import { bookingEventRow, type BookingActor } from './booking-lifecycle.ts';

/** Everything a new booking writes: its guest, itself, one claim per night, its mail and its first history row. */
export interface BookingRows {
  partner: PartnerInput;
  booking: Omit<NewBooking, 'partner_id'>;
  nights: readonly string[];
  mail: BookingMailRow | null;
  actor: BookingActor;
}

/**
 * The lifecycle's `create`: writes a booking's rows; a night already taken throws NightTakenError.
 * This is the one place the stores differ on the booking path:
 * - SQLite runs five statements, so the caller must hold a transaction (statements on the
 *   embedded store cost microseconds);
 * - PostgreSQL runs one statement of data-modifying CTEs, atomic by itself, because there each
 *   round trip costs more than the work it carries. The primary key of night_claims refuses a
 *   taken night inside that statement just as it does for a separate insert.
 * Both build their rows with the same builders (partner, claim, mail, history).
 */
export async function insertBookingRows(db: Executor, rows: BookingRows, now: string): Promise<{ bookingId: number; partnerId: number }> {
  if (!isPostgres(db)) {
    const partnerId = await findOrCreatePartner(db, rows.partner, now);
    const booking = await db
      .insertInto('bookings')
      .values({ ...rows.booking, partner_id: partnerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimNights(db, { accommodationId: rows.booking.accommodation_id, nights: rows.nights, kind: 'booking', bookingId: booking.id });
    if (rows.mail !== null) await db.insertInto('outbox').values({ ...rows.mail, booking_id: booking.id }).execute();
    await db.insertInto('booking_events').values(createdEvent(rows, booking.id, now)).execute();
    return { bookingId: booking.id, partnerId };
  }
  try {
    return await insertInOneStatement(db, rows, now);
  } catch (error) {
    if (isUniqueViolation(error) && (error as { constraint?: unknown }).constraint === 'night_claims_pk') {
      throw new NightTakenError('night already taken', { cause: error });
    }
    throw error;
  }
}

function createdEvent(rows: BookingRows, bookingId: number, now: string) {
  const reason = rows.booking.status === 'draft' ? 'created as a draft awaiting card payment' : `created, paid by ${rows.booking.payment_method}`;
  return bookingEventRow(bookingId, 'created', rows.booking.status, rows.actor, reason, now);
}

/**
 * The PostgreSQL statement: partner (found or created by e-mail; the conflict branch only returns
 * the existing row's id), booking, one claim per night, mail and history.
 */
function oneStatement(
  db: Executor,
  partner: ReturnType<typeof partnerRow>,
  booking: BookingRows['booking'],
  event: ReturnType<typeof createdEvent>,
  mail: BookingMailRow | null,
  nights: readonly string[],
  now: string,
) {
  return (
    db
      .with('p', (qb) =>
        qb
          .insertInto('partners')
          .values(partner)
          // A no-op update, so that RETURNING yields the existing guest's id too.
          .onConflict((oc) => oc.column('email_key').doUpdateSet({ email_key: (eb) => eb.ref('excluded.email_key') }))
          .returning('id'),
      )
      .with('b', (qb) =>
        qb
          .insertInto('bookings')
          .values({ ...booking, partner_id: qb.selectFrom('p').select('p.id') })
          .returning(['id', 'partner_id']),
      )
      // The ledger writes the claims; it needs only the inserted booking's id from the statement.
      .with('c', (qb) => claimNightsOfInsertedBooking(qb as unknown as QueryCreator<InsertedBooking>, booking.accommodation_id, nights, now))
      .with('e', (qb) => qb.insertInto('booking_events').values({ ...event, booking_id: qb.selectFrom('b').select('b.id') }))
      .with('o', (qb) =>
        mail === null
          ? qb.selectNoFrom(sql<number>`0`.as('none'))
          : qb
              .insertInto('outbox')
              .values({ ...mail, booking_id: qb.selectFrom('b').select('b.id') })
              .returning('id'),
      )
      .selectFrom('b')
      .select(['b.id as booking_id', 'b.partner_id'])
  );
}

/**
 * The statement's text per column layout, compiled once: building and compiling five CTEs costs
 * more CPU than the store spends running them. It is compiled from stand-in values (one marker
 * per value, as src/db/prepared.ts does); each run puts the real values in their places.
 */
const compiled = new Map<string, { sql: string; slots: ({ arg: number } | { value: unknown })[] }>();
const MARK = '\u0001booking-insert:';

async function insertInOneStatement(db: Executor, rows: BookingRows, now: string): Promise<{ bookingId: number; partnerId: number }> {
  const args: unknown[] = [];
  const keys: string[] = [];
  /** The row with each defined value replaced by its marker; the values go to `args` in order. */
  const stand = <T extends object>(row: T): T => {
    const out: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) {
      if (value === undefined) continue;
      args.push(value);
      keys.push(column);
      out[column] = `${MARK}${args.length - 1}`;
    }
    keys.push('|');
    return out as T;
  };
  const partner = stand(partnerRow(rows.partner, now));
  const booking = stand(rows.booking);
  const event = stand(createdEvent(rows, 0, now));
  const mail = rows.mail === null ? null : stand(rows.mail);
  const nights = stand({ nights: rows.nights }).nights;
  const at = stand({ now }).now;
  const layout = keys.join(',');
  let entry = compiled.get(layout);
  if (entry === undefined) {
    const query = oneStatement(db, partner, booking, event, mail, nights, at).compile();
    const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? { arg: Number(p.slice(MARK.length)) } : { value: p }));
    entry = { sql: query.sql, slots };
    compiled.set(layout, entry);
  }
  const parameters = entry.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
  const result = await db.executeQuery<{ booking_id: number; partner_id: number }>(CompiledQuery.raw(entry.sql, parameters));
  const row = result.rows[0];
  if (row === undefined) throw new Error('booking insert returned no row');
  return { bookingId: row.booking_id, partnerId: row.partner_id };
}
