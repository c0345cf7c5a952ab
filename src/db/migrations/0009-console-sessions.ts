import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Sessions of the host's console (/admin). Only the SHA-256 hash of a session's random token is
 * stored, so a copy of the table opens no session. A session ends at `expires_at` (12 hours after
 * sign-in) or when its user signs out (the row is deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .addId(db.schema.createTable('console_sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_expiry').on('console_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_sessions').execute();
}
