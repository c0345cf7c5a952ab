import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../../auth/passwords.ts';

export const TECHNICAL_USER_LOGIN = 'staydesk-api';

/**
 * The technical API user that v1 keys belong to. Its password is random and thrown away at
 * once: only the hash is stored, and nobody logs in as it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const password_hash = await hashPassword(generatePassword());
  await (db as Kysely<{ users: { login: string; display_name: string; role: string; password_hash: string; created_at: string } }>)
    .insertInto('users')
    .values({
      login: TECHNICAL_USER_LOGIN,
      display_name: 'Staydesk API',
      role: 'technical',
      password_hash,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ users: { login: string } }>).deleteFrom('users').where('login', '=', TECHNICAL_USER_LOGIN).execute();
}
