import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The booking lifecycle's history and the guest details each booking was made with.
 *
 * - `booking_events`: one row per change of a booking's state, with who made it and why.
 * - `bookings.hold_expired_at`: set when the hold expiry cancels an unpaid card draft; only such a
 *   booking may still be confirmed by a late payment. Free-text cancel reasons never decide it.
 * - `bookings.guest_*`: the guest details sent with this booking. The partner record is still
 *   matched by e-mail, but a later booking of the same guest never changes an earlier one's.
 *
 * Existing rows are backfilled: guest details from their partner record; an expired hold from the
 * one sign the hold expiry left (cancelled with payment_timeout while keeping hold_expires_at, which
 * a cancellation by webhook always cleared).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const columns: [string, 'text' | 'timestamp', boolean][] = [
    ['guest_title', 'text', false],
    ['guest_first_name', 'text', true],
    ['guest_last_name', 'text', true],
    ['guest_email', 'text', true],
    ['guest_phone', 'text', false],
    ['guest_address', 'text', false],
    ['hold_expired_at', 'timestamp', false],
  ];
  for (const [name, type, required] of columns) {
    await db.schema
      .alterTable('bookings')
      .addColumn(name, type === 'text' ? 'text' : t.timestamp, (c) => (required ? c.notNull().defaultTo('') : c))
      .execute();
  }
  await sql`update bookings set
      guest_title = (select p.title from partners p where p.id = bookings.partner_id),
      guest_first_name = (select p.first_name from partners p where p.id = bookings.partner_id),
      guest_last_name = (select p.last_name from partners p where p.id = bookings.partner_id),
      guest_email = (select p.email from partners p where p.id = bookings.partner_id),
      guest_phone = (select p.phone from partners p where p.id = bookings.partner_id),
      guest_address = (select p.address from partners p where p.id = bookings.partner_id)`.execute(db);
  await sql`update bookings set hold_expired_at = cancelled_at
    where status = 'cancelled' and cancel_reason = 'payment_timeout' and hold_expires_at is not null`.execute(db);

  await t
    .addId(db.schema.createTable('booking_events'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_ref', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_events_booking').on('booking_events').columns(['booking_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_events').execute();
  for (const name of [
    'hold_expired_at',
    'guest_address',
    'guest_phone',
    'guest_email',
    'guest_last_name',
    'guest_first_name',
    'guest_title',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(name).execute();
  }
}
