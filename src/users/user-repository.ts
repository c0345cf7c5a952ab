import type { Executor } from '../db/store.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { conflict } from '../http/errors.ts';

export const LOGIN_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

/** Creates a console admin with a generated password; returns the password (shown once). */
export async function createAdminUser(db: Executor, login: string): Promise<{ id: number; password: string }> {
  const password = generatePassword();
  try {
    const row = await db
      .insertInto('users')
      .values({
        login,
        display_name: login,
        role: 'admin',
        password_hash: await hashPassword(password),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, password };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('login_taken', `A user with login "${login}" already exists.`, { field: 'login' });
    throw error;
  }
}
