import { type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Webhook deliveries are remembered for a while, refused ones too, with the answer they got:
 * `expires_at` (null: kept, as payment event ids are), `answer_status` and `answer_body` (the
 * answer a repeat of the same bytes gets). Rows from before this migration expire 24 h after it.
 */

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_events_expiry').execute();
  for (const column of ['answer_body', 'answer_status', 'expires_at']) {
    await db.schema.alterTable('webhook_events').dropColumn(column).execute();
  }
}
