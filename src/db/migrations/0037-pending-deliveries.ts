import { sql, type Kysely } from 'kysely';

/**
 * The delivery worker's claim reads only the pending deliveries it takes
 * (src/events/delivery-repository.ts): `event_deliveries_due` holds the pending ones in the order
 * they came due, so a claim reads the first of them and stops at its window, however many wait
 * (it read every due one and sorted them before); `event_deliveries_pending` finds a booking's
 * earlier pending delivery to the same endpoint. A delivered row leaves both, so recording it
 * writes neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_deliveries_due').execute();
  await db.schema
    .createIndex('event_deliveries_due')
    .on('event_deliveries')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema
    .createIndex('event_deliveries_pending')
    .on('event_deliveries')
    .columns(['endpoint_id', 'booking_id', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_deliveries_pending').execute();
  await db.schema.dropIndex('event_deliveries_due').execute();
  await db.schema
    .createIndex('event_deliveries_due')
    .on('event_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
