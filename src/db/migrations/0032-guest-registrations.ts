import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Online check-in (docs/guest-page.md): `registrations` holds one booking's check-in (the arrival
 * time the guest gave, when it was last sent), `registration_guests` one row per guest in the
 * order the guest page lists them (position 0 is the lead guest, who alone has an `address`, the
 * JSON object of src/guests/stored-address.ts). The document fields (`document_type`,
 * `document_number`, `document_country`) are what the retention job erases: it sets them to null
 * and stamps `documents_erased_at`, so a page can say why they are gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('registrations')
    .addColumn('booking_id', 'integer', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('arrival_time', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await t
    .addId(db.schema.createTable('registration_guests'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('sex', 'text')
    .addColumn('birth_date', t.date)
    .addColumn('birth_place', 'text')
    .addColumn('nationality', 'text')
    .addColumn('document_type', 'text')
    .addColumn('document_number', 'text')
    .addColumn('document_country', 'text')
    .addColumn('address', 'text')
    .addColumn('documents_erased_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await sql`create unique index registration_guests_position on registration_guests (booking_id, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_guests').execute();
  await db.schema.dropTable('registrations').execute();
}
