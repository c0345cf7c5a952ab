import { sql, type Kysely } from 'kysely';

/**
 * Indexes the occupancy report (src/reports/report-repository.ts) reads a range through, so that
 * its cost follows the range asked for and not the years of history kept:
 * - bookings_checkout: bookings by departure, then arrival. A stay meets the nights [from, to)
 *   when it leaves after `from` and arrives before `to`; without the index every report read
 *   every booking ever made. One entry per booking.
 * - night_claims_blocks_and_imports: blocked and imported nights by night, with their
 *   accommodation and kind (covering the report's count). Only claims that are not a booking's
 *   have an entry, so a booking writes none; the report asks for `kind <> 'booking'` as a literal,
 *   which proves the index's condition on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bookings_checkout').on('bookings').columns(['checkout', 'checkin']).execute();
  await db.schema
    .createIndex('night_claims_blocks_and_imports')
    .on('night_claims')
    .columns(['night', 'accommodation_id', 'kind'])
    .where(sql.ref('kind'), '<>', sql.lit('booking'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('night_claims_blocks_and_imports').execute();
  await db.schema.dropIndex('bookings_checkout').execute();
}
