import type { ApiKey, ApiKeyScope, Mode } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { generateApiKey } from './api-keys.ts';

/** The technical user v1 keys belong to, created by migration 0002 (which keeps its own copy of the login). */
export const TECHNICAL_USER_LOGIN = 'staydesk-api';

export type ApiKeySummary = Omit<ApiKey, 'secret_hash' | 'webhook_secret'>;

const SUMMARY_COLUMNS = [
  'id',
  'user_id',
  'name',
  'prefix',
  'scope',
  'created_at',
  'last_used_at',
  'revoked_at',
  'endpoint_limit',
  'mode',
] as const;

export async function createApiKey(
  db: Executor,
  input: { name: string; scope: ApiKeyScope; userId?: number | null; endpointLimit?: number | null; mode?: Mode },
): Promise<{ key: string; record: ApiKeySummary }> {
  const mode = input.mode ?? 'live';
  // A test key is a partner's: it reads and writes test data through the v1 API only.
  if (mode === 'test' && input.scope === 'admin') throw new Error('a test key cannot have admin scope');
  const secret = generateApiKey(mode);
  const userId =
    input.userId ??
    (await db.selectFrom('users').select('id').where('login', '=', TECHNICAL_USER_LOGIN).executeTakeFirst())?.id ??
    null;
  const record = await db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name: input.name,
      prefix: secret.prefix,
      secret_hash: secret.hash,
      scope: input.scope,
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
      endpoint_limit: input.endpointLimit ?? null,
      mode,
    })
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
  return { key: secret.key, record };
}

export function listApiKeys(db: Executor): Promise<ApiKeySummary[]> {
  return db.selectFrom('api_keys').select(SUMMARY_COLUMNS).orderBy('id').execute();
}

export function findApiKey(db: Executor, id: number): Promise<ApiKeySummary | undefined> {
  return db.selectFrom('api_keys').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Sets how many event endpoints a key may have (null: ENDPOINTS_PER_KEY); undefined when there is no such key. */
export async function setEndpointLimit(
  db: Executor,
  id: number,
  limit: number | null,
): Promise<ApiKeySummary | undefined> {
  return db
    .updateTable('api_keys')
    .set({ endpoint_limit: limit })
    .where('id', '=', id)
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirst();
}

/**
 * Marks a key revoked; returns the key, or undefined when there is no such key. Revoking twice keeps
 * the first time.
 */
export async function revokeApiKey(db: Executor, id: number): Promise<ApiKeySummary | undefined> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return findApiKey(db, id);
}

export interface ActiveKey {
  id: number;
  scope: ApiKeyScope;
  mode: Mode;
  name: string;
  secret_hash: string;
  last_used_at: string | null;
  user_login: string | null;
  user_name: string | null;
}

export function findActiveKeyByHash(db: Executor, hash: string): Promise<ActiveKey | undefined> {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.scope',
      'api_keys.mode',
      'api_keys.name',
      'api_keys.secret_hash',
      'api_keys.last_used_at',
      'users.login as user_login',
      'users.display_name as user_name',
    ])
    .where('api_keys.secret_hash', '=', hash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchApiKey(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Gives a key its own inbound webhook secret (replacing any); false when there is no live key. */
export async function setKeyWebhookSecret(db: Executor, id: number, secret: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ webhook_secret: secret })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The inbound webhook secrets of live keys that have one. */
export function keyWebhookSecrets(db: Executor): Promise<{ id: number; secret: string }[]> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'webhook_secret as secret'])
    .where('webhook_secret', 'is not', null)
    .where('revoked_at', 'is', null)
    .$narrowType<{ secret: string }>()
    .execute();
}
