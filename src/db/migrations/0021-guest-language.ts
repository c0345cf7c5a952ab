import { sql, type Kysely } from 'kysely';

/**
 * The language guests are written to in (mails, invoice): each accommodation has one (default
 * English), and a booking may carry its guest's own (null: the accommodation's). Two-letter
 * codes; which ones are offered is the application's choice (src/shared/guest-language.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accommodations')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(sql.lit('en')))
    .execute();
  await db.schema.alterTable('bookings').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('language').execute();
  await db.schema.alterTable('accommodations').dropColumn('language').execute();
}
