import { sql } from 'kysely';
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../db/store.ts';
import type { ConsoleRole } from '../db/schema.ts';
import { isConsoleRole } from '../users/permissions.ts';

/**
 * Console sessions: a random 256-bit token in the cookie, only its SHA-256 hash in the store.
 * The CSRF token of a session is derived from the session token (an HMAC-like hash with a
 * fixed label), so it needs no column, differs per session and cannot be guessed without the
 * cookie.
 */

export const SESSION_HOURS = 12;

export interface ConsoleUser {
  userId: number;
  login: string;
  displayName: string;
  role: ConsoleRole;
  sessionId: number;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return hash('sha256', `session:${token}`, 'hex');
}

export function csrfTokenFor(sessionToken: string): string {
  return hash('sha256', `csrf:${sessionToken}`, 'base64url');
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

export async function createSession(db: Executor, userId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('console_sessions')
    .values({
      user_id: userId,
      token_hash: hashSessionToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_HOURS * 3600_000).toISOString(),
    })
    .execute();
  // Expired sessions are removed as new ones are made, so the table stays small.
  await db.deleteFrom('console_sessions').where('expires_at', '<', now.toISOString()).execute();
  return token;
}

export async function findSession(db: Executor, token: string, now: Date): Promise<ConsoleUser | undefined> {
  const row = await db
    .selectFrom('console_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.token_hash', 's.expires_at', 'u.login', 'u.display_name', 'u.role'])
    .where('s.token_hash', '=', hashSessionToken(token))
    .executeTakeFirst();
  if (row === undefined || !isConsoleRole(row.role) || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  return { userId: row.user_id, login: row.login, displayName: row.display_name, role: row.role, sessionId: row.id };
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.deleteFrom('console_sessions').where('id', '=', sessionId).execute();
}

/** Logins match whatever their case (unique so since migration 0019). */
export function findConsoleUserByLogin(db: Executor, login: string) {
  return db
    .selectFrom('users')
    .select(['id', 'login', 'password_hash', 'role'])
    .where(sql<string>`lower(login)`, '=', login.toLowerCase())
    .where('role', '<>', 'technical')
    .executeTakeFirst();
}
