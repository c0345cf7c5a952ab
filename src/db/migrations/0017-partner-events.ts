import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Partners hear about changes (docs/decisions.md#partner-events):
 * - partner_events: every event a key may read back through the catch-up feed (its bookings'
 *   changes), and calendar changes (api_key_id null), written in the transaction of the change;
 * - webhook_endpoints: a key's endpoints, their signing secret (and the previous one during a
 *   rotation's overlap), the event types they take, and whether they are active, paused or
 *   disabled after failing for days;
 * - webhook_deliveries: one row per event per endpoint, written with the event; the worker
 *   claims due rows under a lease (locked_until, locked_by), keeps the last answer, truncated;
 * - api_keys.webhook_secret: a key's own inbound signing secret for /webhook/update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .addId(db.schema.createTable('partner_events'))
    .addColumn('api_key_id', 'integer')
    .addColumn('booking_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('partner_events_key').on('partner_events').columns(['api_key_id', 'id']).execute();
  await db.schema.createIndex('partner_events_created').on('partner_events').column('created_at').execute();

  await t
    .addId(db.schema.createTable('webhook_endpoints'))
    .addColumn('api_key_id', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', t.timestamp)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failing_since', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_key').on('webhook_endpoints').column('api_key_id').execute();

  await t
    .addId(db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('booking_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_until', t.timestamp)
    .addColumn('locked_by', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_response', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('delivered_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'booking_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();

  await db.schema.alterTable('api_keys').addColumn('webhook_secret', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('webhook_secret').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('partner_events').execute();
}
