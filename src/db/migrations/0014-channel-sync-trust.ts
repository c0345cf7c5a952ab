import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Channel sync a host can trust (docs/decisions.md#channel-sync-ical):
 * - external_feeds: the hash of the last calendar body read and the accommodation's time zone it
 *   was read in (an unchanged body without an ETag is not read again, unless the zone changed),
 *   when an empty calendar from a feed with stays was first held back, and the version of the
 *   feed's own export URL (its ETag and when it last changed: Last-Modified, and whether the
 *   channel can have seen a stay we published);
 * - ical_exports: the same version of the accommodation's export URL;
 * - external_reservations.echo_of: the Staydesk stay an imported stay mirrors ('booking:<id>',
 *   'block' or 'external:<id>'); an echo holds no night.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  // SQLite adds one column per ALTER TABLE.
  for (const [name, type] of [
    ['body_hash', 'text'],
    ['parsed_time_zone', 'text'],
    ['empty_held_at', t.timestamp],
    ['export_etag', 'text'],
    ['export_modified_at', t.timestamp],
  ] as const) {
    await db.schema.alterTable('external_feeds').addColumn(name, type).execute();
  }
  await db.schema.alterTable('ical_exports').addColumn('etag', 'text').execute();
  await db.schema.alterTable('ical_exports').addColumn('modified_at', t.timestamp).execute();
  await db.schema.alterTable('external_reservations').addColumn('echo_of', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('external_reservations').dropColumn('echo_of').execute();
  await db.schema.alterTable('ical_exports').dropColumn('modified_at').execute();
  await db.schema.alterTable('ical_exports').dropColumn('etag').execute();
  for (const name of ['export_modified_at', 'export_etag', 'empty_held_at', 'parsed_time_zone', 'body_hash']) {
    await db.schema.alterTable('external_feeds').dropColumn(name).execute();
  }
}
