import { sql, type Kysely } from 'kysely';

/**
 * Indexes that cost every booking a write for rows it never has, and one a calendar needed:
 * - night_claims_external keeps only claims of imported stays. Every query that reads it names a
 *   reservation (`= id`, `in (...)`), which implies a non-null id on both stores, so a booking's
 *   and a block's claims (which have none) need no entry.
 * - bookings_draft_hold replaces bookings_status_hold: only card drafts have a hold that runs out,
 *   and the two queries that read the index (the expiry job and the draft cap) ask for drafts
 *   by the literal status 'draft' (a bound parameter would not prove the index's condition).
 *   A confirmed booking writes no entry.
 * - external_reservations_accommodation_dates: the month calendar lists an accommodation's
 *   imported stays by their dates; without it, every calendar read every imported stay of every
 *   accommodation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('night_claims_external').execute();
  await db.schema
    .createIndex('night_claims_external')
    .on('night_claims')
    .column('external_reservation_id')
    .where(sql.ref('external_reservation_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('bookings_status_hold').execute();
  await db.schema
    .createIndex('bookings_draft_hold')
    .on('bookings')
    .column('hold_expires_at')
    .where(sql.ref('status'), '=', sql.lit('draft'))
    .execute();
  await db.schema
    .createIndex('external_reservations_accommodation_dates')
    .on('external_reservations')
    .columns(['accommodation_id', 'start_date', 'end_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('external_reservations_accommodation_dates').execute();
  await db.schema.dropIndex('bookings_draft_hold').execute();
  await db.schema.createIndex('bookings_status_hold').on('bookings').columns(['status', 'hold_expires_at']).execute();
  await db.schema.dropIndex('night_claims_external').execute();
  await db.schema.createIndex('night_claims_external').on('night_claims').column('external_reservation_id').execute();
}
