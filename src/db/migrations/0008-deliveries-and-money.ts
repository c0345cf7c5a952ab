import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * 1. Webhook deliveries are remembered for a while, refused ones too, with the answer they got:
 *    `expires_at` (null: kept, as payment event ids are), `answer_status` and `answer_body` (the
 *    answer a repeat of the same bytes gets). Rows from before this migration expire 24 h after it.
 * 2. Money columns become 64-bit on PostgreSQL (`bigint`); SQLite's `integer` already is.
 */

const MONEY_COLUMNS: readonly (readonly [string, readonly string[]])[] = [
  ['accommodations', ['base_price', 'cleaning_fee', 'extra_breakfast', 'extra_linen', 'extra_late_checkin']],
  ['nightly_prices', ['price']],
  ['bookings', ['base_price', 'discount', 'cleaning_fee', 'extras_total', 'tax', 'total']],
  ['payment_issues', ['amount']],
];

async function setMoneyType(db: Kysely<unknown>, type: 'bigint' | 'integer'): Promise<void> {
  // The dialect check of src/db/dialect.ts, inlined: migrations import no app code.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, columns] of MONEY_COLUMNS) {
    const changes = columns.map((c) => `alter column ${c} type ${type}`).join(', ');
    await sql.raw(`alter table ${table} ${changes}`).execute(db);
  }
}

const DAY_MS = 24 * 3600 * 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('webhook_events').addColumn('expires_at', t.timestamp).execute();
  await db.schema.alterTable('webhook_events').addColumn('answer_status', 'integer').execute();
  await db.schema.alterTable('webhook_events').addColumn('answer_body', 'text').execute();
  const expiresAt = new Date(Date.now() + DAY_MS).toISOString();
  const events = db as Kysely<{ webhook_events: { source: string; expires_at: string | null } }>;
  await events.updateTable('webhook_events').set({ expires_at: expiresAt }).where('source', '=', 'service').execute();
  await db.schema.createIndex('webhook_events_expiry').on('webhook_events').column('expires_at').execute();
  await setMoneyType(db, 'bigint');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Fails, and changes nothing, when an amount no longer fits 32 bits.
  await setMoneyType(db, 'integer');
  await db.schema.dropIndex('webhook_events_expiry').execute();
  for (const column of ['answer_body', 'answer_status', 'expires_at']) {
    await db.schema.alterTable('webhook_events').dropColumn(column).execute();
  }
}
