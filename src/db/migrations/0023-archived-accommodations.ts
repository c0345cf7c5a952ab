import { type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * An accommodation that has bookings is archived instead of deleted: `archived_at` says when.
 * An archived one is left out of lists and takes no new booking; its bookings stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('accommodations').addColumn('archived_at', t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accommodations').dropColumn('archived_at').execute();
}
