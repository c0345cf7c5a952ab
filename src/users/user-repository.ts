import { sql } from 'kysely';
import type { Executor } from '../db/store.ts';
import type { ConsoleRole } from '../db/schema.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { conflict } from '../http/errors.ts';

export const LOGIN_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

/** A console user as the console and the admin API show them: never a secret. */
export interface TeamMember {
  id: number;
  login: string;
  name: string;
  role: ConsoleRole;
  email: string | null;
  accommodation_ids: number[];
  created_at: string;
}

export interface NewConsoleUser {
  login: string;
  name: string;
  role: ConsoleRole;
  email?: string | null;
  accommodationIds?: readonly number[];
}

/** Creates a console user with a generated password; returns the password (shown once). */
export async function createConsoleUser(
  db: Executor,
  user: NewConsoleUser,
  now = new Date(),
): Promise<{ id: number; password: string }> {
  const password = generatePassword();
  try {
    const row = await db
      .insertInto('users')
      .values({
        login: user.login,
        display_name: user.name,
        role: user.role,
        email: user.email ?? null,
        password_hash: await hashPassword(password),
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setUserHomes(db, row.id, user.accommodationIds ?? []);
    return { id: row.id, password };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('login_taken', `A user with login "${user.login}" already exists.`, { field: 'login' });
    throw error;
  }
}

/** Creates an owner (the CLI's `admin create`, the first run) named by their login. */
export function createAdminUser(db: Executor, login: string): Promise<{ id: number; password: string }> {
  return createConsoleUser(db, { login, name: login, role: 'owner' });
}

/** Gives a user exactly these homes. */
export async function setUserHomes(db: Executor, userId: number, accommodationIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_homes').where('user_id', '=', userId).execute();
  const unique = [...new Set(accommodationIds)];
  if (unique.length > 0)
    await db
      .insertInto('user_homes')
      .values(unique.map((accommodation_id) => ({ user_id: userId, accommodation_id })))
      .execute();
}

/** The homes given to a user. */
export async function userHomes(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_homes')
    .select('accommodation_id')
    .where('user_id', '=', userId)
    .orderBy('accommodation_id')
    .execute();
  return rows.map((r) => r.accommodation_id);
}

/** The console's users (every role but the technical one), oldest first, with their homes. */
export async function listTeam(db: Executor, ids?: readonly number[]): Promise<TeamMember[]> {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('users')
    .select(['id', 'login', 'display_name', 'role', 'email', 'created_at'])
    .where('role', '<>', 'technical')
    .orderBy('id');
  if (ids !== undefined) query = query.where('id', 'in', ids);
  const users = await query.execute();
  const homes = await db
    .selectFrom('user_homes')
    .select(['user_id', 'accommodation_id'])
    .orderBy('accommodation_id')
    .execute();
  return users.map((u) => ({
    id: u.id,
    login: u.login,
    name: u.display_name,
    role: u.role as ConsoleRole,
    email: u.email,
    accommodation_ids: homes.filter((h) => h.user_id === u.id).map((h) => h.accommodation_id),
    created_at: u.created_at,
  }));
}

/** The names of these users by id (history and pages name who made a change). */
export async function userNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}

/** How many owners there are (the last one may not be removed or demoted). */
export async function countOwners(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
