import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The host's booking desk (docs/api.md#admin-bookings):
 * - `bookings.internal_note`: the host's own note, never shown to the guest, a partner or a channel;
 * - `bookings.price_note`: why the host set the price by hand (null: the computed price);
 * - `bookings.amount_paid`: the sum of the payments recorded and not undone (minor units), kept by
 *   the payment verbs under the booking's lock, so the bookings list filters by payment state;
 * - `bookings.search_text`: the code, the guest's names, e-mail and phone folded to lower case
 *   without accents (and the phone's digits), so one LIKE finds "muller" in "Müller" on both stores;
 * - `booking_payments`: one row per payment recorded by the host; undoing one marks it undone
 *   (who and when), so the history keeps both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('bookings')
    .addColumn('internal_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('bookings').addColumn('price_note', 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('amount_paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  const rows = await sql<{
    id: number;
    confirmation_code: string;
    guest_first_name: string;
    guest_last_name: string;
    guest_email: string;
    guest_phone: string | null;
  }>`select id, confirmation_code, guest_first_name, guest_last_name, guest_email, guest_phone from bookings`.execute(
    db,
  );
  for (const r of rows.rows) {
    const text = searchText(r.confirmation_code, r.guest_first_name, r.guest_last_name, r.guest_email, r.guest_phone);
    await sql`update bookings set search_text = ${text} where id = ${r.id}`.execute(db);
  }

  await t
    .addId(db.schema.createTable('booking_payments'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('received_on', t.date, (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('undone_at', t.timestamp)
    .addColumn('undone_by', 'text')
    .execute();
  await db.schema.createIndex('booking_payments_booking').on('booking_payments').column('booking_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_payments').execute();
  for (const column of ['search_text', 'amount_paid', 'price_note', 'internal_note'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
}

/** The search column as src/shared/search-text.ts builds it (inlined: migrations import no app code). */
function searchText(code: string, first: string, last: string, email: string, phone: string | null): string {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[øØ]/g, 'o')
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/ł/g, 'l')
      .replace(/đ/g, 'd')
      .replace(/\s+/g, ' ')
      .trim();
  const digits = (phone ?? '').replace(/\D/g, '');
  return [
    '',
    fold(code),
    fold(`${first} ${last}`),
    fold(`${last} ${first}`),
    fold(email),
    fold(phone ?? ''),
    digits,
    '',
  ].join('|');
}
