import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ApiKeyScope } from '../db/schema.ts';
import type { AppContext } from '../app-context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { findActiveKeyByHash, touchApiKey } from './api-key-repository.ts';
import { bearerToken, hashApiKey, sameHash } from './api-keys.ts';

export interface AuthenticatedKey {
  id: number;
  scope: ApiKeyScope;
  name: string;
  userLogin: string;
  userName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
  }
}

/** last_used_at is refreshed at most this often per key, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * An onRequest hook that admits a request with a valid, unrevoked bearer key of the given scope.
 * Admin keys may also call the v1 API; v1 keys get 403 on the admin API. It runs before the
 * body is parsed and validated, so a caller without a valid key learns nothing from a 400.
 */
export function requireKey(ctx: Pick<AppContext, 'db' | 'caches'>, scope: ApiKeyScope): onRequestAsyncHookHandler {
  const { db, caches } = ctx;
  return async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      throw unauthorized('Missing API key: send Authorization: Bearer <API_KEY>.', { reason: 'missing_api_key' });
    }
    const hash = hashApiKey(token);
    const key = await caches.apiKeys.getOrLoad(hash, () => findActiveKeyByHash(db, hash));
    if (key === undefined || !sameHash(key.secret_hash, hash)) {
      throw unauthorized('Invalid or revoked API key.', { reason: 'invalid_api_key' });
    }
    if (scope === 'admin' && key.scope !== 'admin') {
      throw forbidden('This API key may not use the admin API; create one with --admin.', { reason: 'admin_scope_required' });
    }
    const now = Date.now();
    const touched = caches.apiKeyTouches.get(key.id) ?? (key.last_used_at === null ? 0 : Date.parse(key.last_used_at));
    if (now - touched > TOUCH_INTERVAL_MS) {
      caches.apiKeyTouches.set(key.id, now);
      await touchApiKey(db, key.id, new Date(now).toISOString());
    }
    request.apiKey = {
      id: key.id,
      scope: key.scope,
      name: key.name,
      userLogin: key.user_login ?? 'staydesk-api',
      userName: key.user_name ?? 'Staydesk API',
    };
  };
}
