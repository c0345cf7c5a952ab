import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * The guest's page (docs/guest-page.md): `bookings.guest_token`, the secret of the booking's page
 * `/guest/<token>` (256 random bits, base64url; kept as it is, since the host's booking shows the
 * address again and scheduled messages print it), one per booking and unique; existing bookings
 * get one here. `accommodations.door_code_days`: how many days before arrival the page shows the
 * door code (2 by default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('guest_token', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await sql<{ id: number }>`select id from bookings`.execute(db);
  for (const row of rows.rows) {
    const token = randomBytes(32).toString('base64url');
    await sql`update bookings set guest_token = ${token} where id = ${row.id}`.execute(db);
  }
  await sql`create unique index bookings_guest_token on bookings (guest_token)`.execute(db);
  await db.schema
    .alterTable('accommodations')
    .addColumn('door_code_days', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accommodations').dropColumn('door_code_days').execute();
  await sql`drop index bookings_guest_token`.execute(db);
  await db.schema.alterTable('bookings').dropColumn('guest_token').execute();
}
