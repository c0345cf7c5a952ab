import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Channel sync over iCal: each feed's pull state and log, the kind of each imported stay,
 * overbooking alerts, and the secret tokens of the exported calendars.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  // SQLite adds one column per ALTER TABLE.
  const feedColumns: [string, 'text' | 'integer' | typeof t.timestamp, boolean][] = [
    ['last_success_at', t.timestamp, false],
    ['etag', 'text', false],
    ['last_modified', 'text', false],
    ['next_attempt_at', t.timestamp, false],
    ['export_token', 'text', false],
  ];
  for (const [name, type] of feedColumns) {
    await db.schema.alterTable('external_feeds').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('external_feeds')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('external_feeds_export_token')
    .on('external_feeds')
    .column('export_token')
    .unique()
    .execute();
  await db.schema.createIndex('external_feeds_due').on('external_feeds').column('next_attempt_at').execute();

  await db.schema
    .alterTable('external_reservations')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('reserved'))
    .execute();

  await t
    .addId(db.schema.createTable('ical_pulls'))
    .addColumn('feed_id', 'integer', (c) => c.notNull().references('external_feeds.id').onDelete('cascade'))
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('changed', 'integer', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('ical_pulls_feed').on('ical_pulls').columns(['feed_id', 'id']).execute();

  await t
    .addId(db.schema.createTable('overbooking_alerts'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('feed_id', 'integer', (c) => c.notNull().references('external_feeds.id').onDelete('cascade'))
    .addColumn('external_reservation_id', 'integer', (c) =>
      c.notNull().references('external_reservations.id').onDelete('cascade'),
    )
    .addColumn('other_key', 'text', (c) => c.notNull())
    .addColumn('other_kind', 'text', (c) => c.notNull())
    .addColumn('other_booking_id', 'integer')
    .addColumn('other_external_reservation_id', 'integer')
    .addColumn('first_night', t.date, (c) => c.notNull())
    .addColumn('nights', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('overbooking_alerts_pair', ['external_reservation_id', 'other_key'])
    .execute();
  await db.schema
    .createIndex('overbooking_alerts_accommodation')
    .on('overbooking_alerts')
    .column('accommodation_id')
    .execute();

  await db.schema
    .createTable('ical_exports')
    .addColumn('accommodation_id', 'integer', (c) => c.primaryKey().references('accommodations.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ical_exports').execute();
  await db.schema.dropTable('overbooking_alerts').execute();
  await db.schema.dropTable('ical_pulls').execute();
  await db.schema.alterTable('external_reservations').dropColumn('kind').execute();
  await db.schema.dropIndex('external_feeds_due').execute();
  await db.schema.dropIndex('external_feeds_export_token').execute();
  for (const name of [
    'consecutive_failures',
    'export_token',
    'next_attempt_at',
    'last_modified',
    'etag',
    'last_success_at',
  ]) {
    await db.schema.alterTable('external_feeds').dropColumn(name).execute();
  }
}
