import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/** The whole product's schema. See src/db/schema.ts for the conventions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await t
    .addId(db.schema.createTable('users'))
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .addId(db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('revoked_at', t.timestamp)
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .addId(db.schema.createTable('accommodations'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('base_price', 'integer', (c) => c.notNull())
    .addColumn('cleaning_fee', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('weekly_discount_ppm', 'integer', (c) => c.notNull())
    .addColumn('monthly_discount_ppm', 'integer', (c) => c.notNull())
    .addColumn('min_stay', 'integer', (c) => c.notNull())
    .addColumn('max_stay', 'integer', (c) => c.notNull())
    .addColumn('max_guests', 'integer', (c) => c.notNull())
    .addColumn('checkin_time', 'text', (c) => c.notNull())
    .addColumn('checkout_time', 'text', (c) => c.notNull())
    .addColumn('extra_breakfast', 'integer')
    .addColumn('extra_linen', 'integer')
    .addColumn('extra_late_checkin', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('nightly_prices')
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('night', t.date, (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('nightly_prices_pk', ['accommodation_id', 'night'])
    .execute();

  await t
    .addId(db.schema.createTable('partners'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .addId(db.schema.createTable('bookings'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('confirmation_code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('checkin', t.date, (c) => c.notNull())
    .addColumn('checkout', t.date, (c) => c.notNull())
    .addColumn('nights', 'integer', (c) => c.notNull())
    .addColumn('adults', 'integer', (c) => c.notNull())
    .addColumn('children', 'integer', (c) => c.notNull())
    .addColumn('babies', 'integer', (c) => c.notNull())
    .addColumn('guest_notes', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('base_price', 'integer', (c) => c.notNull())
    .addColumn('discount_name', 'text')
    .addColumn('discount_ppm', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('cleaning_fee', 'integer', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('extras_total', 'integer', (c) => c.notNull())
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('hold_expires_at', t.timestamp)
    .addColumn('cancel_reason', 'text')
    .addColumn('invoice_token', 'text', (c) => c.notNull().unique())
    .addColumn('api_key_id', 'integer', (c) => c.references('api_keys.id'))
    .addColumn('color_index', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('confirmed_at', t.timestamp)
    .addColumn('cancelled_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('bookings_accommodation_dates')
    .on('bookings')
    .columns(['accommodation_id', 'checkin', 'checkout'])
    .execute();
  await db.schema.createIndex('bookings_status_hold').on('bookings').columns(['status', 'hold_expires_at']).execute();
  await db.schema.createIndex('bookings_partner').on('bookings').column('partner_id').execute();

  await t
    .addId(db.schema.createTable('external_feeds'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_synced_at', t.timestamp)
    .addColumn('last_status', 'text')
    .addColumn('last_error', 'text')
    .execute();

  await t
    .addId(db.schema.createTable('external_reservations'))
    .addColumn('feed_id', 'integer', (c) => c.notNull().references('external_feeds.id').onDelete('cascade'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('start_date', t.date, (c) => c.notNull())
    .addColumn('end_date', t.date, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('external_reservations_feed_uid', ['feed_id', 'uid'])
    .execute();

  // The guarantee against double booking: one row per occupied night, unique per accommodation.
  await db.schema
    .createTable('night_claims')
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('night', t.date, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('external_reservation_id', 'integer', (c) =>
      c.references('external_reservations.id').onDelete('cascade'),
    )
    .addColumn('reason', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('night_claims_pk', ['accommodation_id', 'night'])
    .execute();
  await db.schema.createIndex('night_claims_booking').on('night_claims').column('booking_id').execute();
  await db.schema.createIndex('night_claims_external').on('night_claims').column('external_reservation_id').execute();

  await t
    .addId(db.schema.createTable('outbox'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_until', t.timestamp)
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp)
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('api_key_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_key_id', 'key'])
    .execute();

  await t
    .addId(db.schema.createTable('webhook_events'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('booking_id', 'integer')
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('webhook_events_dedupe', ['source', 'dedupe_key'])
    .execute();

  await t
    .addId(db.schema.createTable('payment_issues'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('amount', 'integer')
    .addColumn('currency', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('resolved_at', t.timestamp)
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', t.timestamp, (c) => c.notNull())
    .addColumn('locked_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'job_leases',
    'payment_issues',
    'webhook_events',
    'idempotency_keys',
    'outbox',
    'night_claims',
    'external_reservations',
    'external_feeds',
    'bookings',
    'partners',
    'nightly_prices',
    'accommodations',
    'settings',
    'api_keys',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
