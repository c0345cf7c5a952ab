import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Test mode. `api_keys.mode` and `bookings.mode` are 'live' or 'test' (every row so far is
 * live): a test key's bookings are test bookings. A test booking never takes a live night, so it
 * holds its nights in `test_night_claims`, not `night_claims`: one row per night and per test
 * key, whose primary key (api_key_id, accommodation_id, night) refuses a second test booking of
 * the same key on a night as night_claims refuses a second live one. No trigger announces these
 * rows: the live memories of taken nights never hold them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('api_keys')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
    .execute();
  await db.schema
    .createTable('test_night_claims')
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('night', t.date, (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('test_night_claims_pk', ['api_key_id', 'accommodation_id', 'night'])
    .execute();
  await db.schema.createIndex('test_night_claims_booking').on('test_night_claims').column('booking_id').execute();
  // Test bookings are few: an index of them alone lets the clean-up and the console's count find
  // them at once, and leaves the live reads (mode = 'live') to the indexes they use.
  await sql`create index bookings_test on bookings (id) where mode = 'test'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_test').execute();
  await db.schema.dropTable('test_night_claims').execute();
  await db.schema.alterTable('bookings').dropColumn('mode').execute();
  await db.schema.alterTable('api_keys').dropColumn('mode').execute();
}
