import { hash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/store.ts';

/**
 * The secret of a user's tasks feed: 256 random bits in the URL, only its SHA-256 hash stored. A
 * new one replaces the old (the old URL stops working).
 */
function hashToken(token: string): string {
  return hash('sha256', `tasks-feed:${token}`, 'hex');
}

export async function newTasksFeedToken(db: Executor, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .updateTable('users')
    .set({ tasks_feed_hash: hashToken(token) })
    .where('id', '=', userId)
    .execute();
  return token;
}

/** The console user a feed token belongs to, or undefined. */
export function findFeedUser(db: Executor, token: string) {
  return db
    .selectFrom('users')
    .select(['id', 'display_name', 'role'])
    .where('tasks_feed_hash', '=', hashToken(token))
    .where('role', '<>', 'technical')
    .executeTakeFirst();
}

/** The feed's address of a token. */
export function tasksFeedUrl(publicBaseUrl: string, slug: string, token: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/${slug}/tasks/${token}.ics`;
}
