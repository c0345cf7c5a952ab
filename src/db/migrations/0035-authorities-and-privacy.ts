import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Registrations for the authorities and personal data with an end (docs/registrations.md).
 * `alloggiati_codes` holds the official code tables of Italy's Alloggiati Web portal as the host
 * imported them (`staydesk alloggiati-tables import`): one row per code of a `kind` (`comune`,
 * `state`, `document`, `guest_type`), with the comune's province and the date a place stopped
 * existing (`valid_until`, null: still valid). An import replaces the whole table.
 * `guests.erased_at` marks a guest whose personal data was erased on request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('alloggiati_codes')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('province', 'text')
    .addColumn('valid_until', t.date)
    .addPrimaryKeyConstraint('alloggiati_codes_pk', ['kind', 'code'])
    .execute();
  await sql`create index alloggiati_codes_name on alloggiati_codes (kind, name_key)`.execute(db);
  await db.schema.alterTable('guests').addColumn('erased_at', t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guests').dropColumn('erased_at').execute();
  await db.schema.dropTable('alloggiati_codes').execute();
}
