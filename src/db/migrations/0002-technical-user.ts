import { randomBytes, scryptSync } from 'node:crypto';
import type { Kysely } from 'kysely';

/** The login of the technical user; src/auth/api-key-repository.ts keeps the same value. */
export const TECHNICAL_USER_LOGIN = 'staydesk-api';

/**
 * The technical API user that v1 keys belong to. Its password is random and thrown away at
 * once: only the hash is stored, and nobody logs in as it. The hash is written here in the
 * `scrypt$N$r$p$salt$hash` form of src/auth/passwords.ts, inlined so that this migration stays
 * as it shipped whatever the app's password code becomes.
 */
function unusablePasswordHash(): string {
  const [n, r, p] = [16384, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(randomBytes(18).toString('base64url'), salt, 32, { N: n, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', n, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const password_hash = unusablePasswordHash();
  await (
    db as Kysely<{
      users: { login: string; display_name: string; role: string; password_hash: string; created_at: string };
    }>
  )
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
  await (db as Kysely<{ users: { login: string } }>)
    .deleteFrom('users')
    .where('login', '=', TECHNICAL_USER_LOGIN)
    .execute();
}
