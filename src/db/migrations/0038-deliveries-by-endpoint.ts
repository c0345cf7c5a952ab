import { sql, type Kysely } from 'kysely';

/**
 * The delivery worker's claim finds its lanes endpoint by endpoint
 * (src/events/delivery-repository.ts): `event_deliveries_endpoint_due` holds the pending
 * deliveries by endpoint, each endpoint's in the order they came due, so a claim finds the
 * endpoints with something pending (one probe each) and reads each one's first due deliveries,
 * never the deliveries of the endpoints it is already sending to. It replaces
 * `event_deliveries_due` (in the order they came due across all endpoints, migration 0037), which
 * a claim had to read past every delivery of those endpoints. A delivered row leaves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_deliveries_due').execute();
  await db.schema
    .createIndex('event_deliveries_endpoint_due')
    .on('event_deliveries')
    .columns(['endpoint_id', 'next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_deliveries_endpoint_due').execute();
  await db.schema
    .createIndex('event_deliveries_due')
    .on('event_deliveries')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
}
