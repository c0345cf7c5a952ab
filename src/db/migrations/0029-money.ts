import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The money of a stay (docs/money.md): the accommodation's city tax, extra-guest fee, damage
 * deposit, cancellation policy, payment terms (JSON text, null = none) and registration number;
 * what a booking was charged for them, its cancellation fee, its deposit and its billing details;
 * issued documents (invoices and credit notes, their PDF kept byte for byte) numbered from one
 * gapless series per host; the deposit's movements and the refunds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const accommodationColumns: [string, 'text' | 'integer'][] = [
    ['city_tax', 'text'],
    ['extra_guest_fee', 'text'],
    ['damage_deposit', 'integer'],
    ['cancellation_policy', 'text'],
    ['payment_terms', 'text'],
    ['registration_number', 'text'],
  ];
  for (const [name, type] of accommodationColumns) {
    await db.schema.alterTable('accommodations').addColumn(name, type).execute();
  }
  const bookingColumns: [string, 'text' | 'integer', boolean][] = [
    ['city_tax', 'integer', true],
    ['extra_guest_fee', 'integer', true],
    ['price_reduction', 'integer', true],
    ['cancellation_fee', 'integer', false],
    ['deposit_amount', 'integer', false],
    ['deposit_state', 'text', false],
    ['deposit_kept', 'integer', true],
    ['payment_terms', 'text', false],
    ['guest_company_name', 'text', false],
    ['guest_company_tax_id', 'text', false],
  ];
  for (const [name, type, zero] of bookingColumns) {
    await db.schema
      .alterTable('bookings')
      .addColumn(name, type, (c) => (zero ? c.notNull().defaultTo(0) : c))
      .execute();
  }

  await t
    .addId(db.schema.createTable('documents'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('issued_on', t.date, (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('corrects', 'text')
    .addColumn('billed', 'text', (c) => c.notNull())
    .addColumn('payments', 'text', (c) => c.notNull())
    .addColumn('pdf', t.binary)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_booking').on('documents').columns(['booking_id', 'id']).execute();
  await db.schema.createIndex('documents_issued_on').on('documents').columns(['issued_on', 'id']).execute();
  await db.schema
    .createTable('document_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await t
    .addId(db.schema.createTable('deposit_movements'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposit_movements_booking').on('deposit_movements').column('booking_id').execute();

  await t
    .addId(db.schema.createTable('booking_refunds'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('effect', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_refunds_booking').on('booking_refunds').column('booking_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['booking_refunds', 'deposit_movements', 'document_series', 'documents']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of [
    'guest_company_tax_id',
    'guest_company_name',
    'payment_terms',
    'deposit_kept',
    'deposit_state',
    'deposit_amount',
    'cancellation_fee',
    'price_reduction',
    'extra_guest_fee',
    'city_tax',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
  for (const column of [
    'registration_number',
    'payment_terms',
    'cancellation_policy',
    'damage_deposit',
    'extra_guest_fee',
    'city_tax',
  ]) {
    await db.schema.alterTable('accommodations').dropColumn(column).execute();
  }
}
