import { CompiledQuery } from 'kysely';
import { isPostgres, isUniqueViolation } from '../db/dialect.ts';
import type { NewBooking } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import type { BookingMailRow } from '../mail/enqueue-booking-mail.ts';
import { NightTakenError, claimNights } from '../occupancy/night-claims.ts';
import { emailKey, upsertPartner, type PartnerInput } from '../partners/partner-repository.ts';

/** Everything a new booking writes: its guest, itself, one claim per night and its mail. */
export interface BookingRows {
  partner: PartnerInput;
  booking: Omit<NewBooking, 'partner_id'>;
  nights: readonly string[];
  mail: BookingMailRow | null;
}

/**
 * Writes a booking's rows; a night already taken throws NightTakenError. This is the one place
 * the stores differ on the booking path:
 * - SQLite runs four statements, so the caller must hold a transaction (statements on the
 *   embedded store cost microseconds);
 * - PostgreSQL runs one statement of data-modifying CTEs, atomic by itself, because there each
 *   round trip costs more than the work it carries. The primary key of night_claims refuses a
 *   taken night inside that statement just as it does for a separate insert.
 */
export async function insertBookingRows(db: Executor, rows: BookingRows, now: string): Promise<{ bookingId: number; partnerId: number }> {
  if (!isPostgres(db)) {
    const partnerId = await upsertPartner(db, rows.partner, now);
    const booking = await db
      .insertInto('bookings')
      .values({ ...rows.booking, partner_id: partnerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimNights(db, { accommodationId: rows.booking.accommodation_id, nights: rows.nights, kind: 'booking', bookingId: booking.id });
    if (rows.mail !== null) await db.insertInto('outbox').values({ ...rows.mail, booking_id: booking.id }).execute();
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

/** The statement's text per column layout, built once: the layouts are fixed by the code. */
const statements = new Map<string, string>();

function quoted(columns: readonly string[]): string {
  // Column names come from the typed row objects of this module, never from a request.
  return columns.map((c) => `"${c}"`).join(', ');
}

function placeholders(from: number, count: number): string {
  return Array.from({ length: count }, (_, i) => `$${String(from + i)}`).join(', ');
}

function oneStatementSql(bookingColumns: readonly string[], mailColumns: readonly string[]): string {
  const key = `${bookingColumns.join(',')}|${mailColumns.join(',')}`;
  let text = statements.get(key);
  if (text !== undefined) return text;
  // Parameters: 9 partner values, the booking's, then accommodation id, now, nights, the mail's.
  const b0 = 10;
  const after = b0 + bookingColumns.length;
  const m0 = after + 3;
  // Same partner rule as upsertPartner: contact details sent now refresh the stored ones, names
  // stay as first recorded, updated_at moves only when something changed.
  text = `with p as (
  insert into partners (email, email_key, title, first_name, last_name, phone, address, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  on conflict (email_key) do update set
    phone = coalesce(excluded.phone, partners.phone),
    address = coalesce(excluded.address, partners.address),
    title = coalesce(excluded.title, partners.title),
    updated_at = case
      when (coalesce(excluded.phone, partners.phone), coalesce(excluded.address, partners.address), coalesce(excluded.title, partners.title))
        is distinct from (partners.phone, partners.address, partners.title)
      then excluded.updated_at else partners.updated_at end
  returning id
), b as (
  insert into bookings (${quoted(bookingColumns)}, partner_id)
  values (${placeholders(b0, bookingColumns.length)}, (select id from p))
  returning id, partner_id
), c as (
  insert into night_claims (accommodation_id, night, kind, booking_id, created_at)
  select $${String(after)}::integer, n.night, 'booking', b.id, $${String(after + 1)}::timestamptz
  from b cross join unnest($${String(after + 2)}::date[]) as n(night)
)${
    mailColumns.length === 0
      ? ''
      : `, o as (
  insert into outbox (${quoted(mailColumns)}, booking_id)
  values (${placeholders(m0, mailColumns.length)}, (select id from b))
)`
  }
select id as booking_id, partner_id from b`;
  statements.set(key, text);
  return text;
}

async function insertInOneStatement(db: Executor, rows: BookingRows, now: string): Promise<{ bookingId: number; partnerId: number }> {
  const p = rows.partner;
  const booking = rows.booking;
  const mail = rows.mail;
  const bookingColumns = Object.keys(booking) as (keyof typeof booking)[];
  const mailColumns = mail === null ? [] : (Object.keys(mail) as (keyof BookingMailRow)[]);
  const parameters: unknown[] = [
    p.email.trim(),
    emailKey(p.email),
    p.title ?? null,
    p.first_name.trim(),
    p.last_name.trim(),
    p.phone ?? null,
    p.address === undefined ? null : JSON.stringify(p.address),
    now,
    now,
    ...bookingColumns.map((c) => booking[c] ?? null),
    booking.accommodation_id,
    now,
    rows.nights,
    ...(mail === null ? [] : mailColumns.map((c) => mail[c] ?? null)),
  ];
  const result = await db.executeQuery<{ booking_id: number; partner_id: number }>(
    CompiledQuery.raw(oneStatementSql(bookingColumns, mailColumns), parameters),
  );
  const row = result.rows[0];
  if (row === undefined) throw new Error('booking insert returned no row');
  return { bookingId: row.booking_id, partnerId: row.partner_id };
}
