import type { FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { ApiKeyScope, Mode } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { viewerOfKey, type Viewer } from '../http/viewer.ts';
import type { TtlCache } from '../shared/ttl-cache.ts';
import { findActiveKeyByHash, touchApiKey, type ActiveKey } from './api-key-repository.ts';
import { bearerToken } from '../http/bearer-token.ts';
import { hashApiKey, sameHash } from './api-keys.ts';

export interface AuthenticatedKey {
  id: number;
  scope: ApiKeyScope;
  /** 'test': a test key, whose bookings are test bookings (docs/partners.md#test-mode). */
  mode: Mode;
  name: string;
  userLogin: string;
  userName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
  }
}

/**
 * The key a request was admitted with, for routes behind the key hook. It fails closed: a route
 * reached without a key (a misconfigured route) answers 401 rather than acting for nobody.
 */
export function requestKey(request: FastifyRequest): AuthenticatedKey {
  if (request.apiKey === null)
    throw unauthorized('missing_api_key', 'Missing API key: send Authorization: Bearer <API_KEY>.');
  return request.apiKey;
}

/** Who the request reads bookings as (docs/api.md#tenant-isolation). */
export function requestViewer(request: FastifyRequest): Viewer {
  return viewerOfKey(requestKey(request));
}

/**
 * A key as the cache keeps it: its row, and what a request admitted with it carries (frozen,
 * built once per load and shared by the requests that present the key meanwhile).
 */
export interface KnownKey {
  readonly row: ActiveKey;
  readonly admitted: Readonly<AuthenticatedKey>;
}

/** What the key check needs from the app context: the store, the key caches (src/caches.ts) and the clock. */
export interface KeyCheckContext {
  readonly db: Db;
  readonly caches: { readonly apiKeys: TtlCache<string, KnownKey>; readonly apiKeyTouches: Map<number, number> };
  now(): Date;
}

/** last_used_at is refreshed at most this often per key, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The key of a hash, if there is one and it is active: the store compares hashes, then so does
 * this, in constant time.
 */
async function findKnownKey(db: Db, hash: string): Promise<KnownKey | undefined> {
  const row = await findActiveKeyByHash(db, hash);
  if (row === undefined || !sameHash(row.secret_hash, hash)) return undefined;
  return {
    row,
    admitted: Object.freeze({
      id: row.id,
      scope: row.scope,
      mode: row.mode,
      name: row.name,
      userLogin: row.user_login ?? 'staydesk-api',
      userName: row.user_name ?? 'Staydesk API',
    }),
  };
}

/**
 * An onRequest hook that admits a request with a valid, unrevoked bearer key of the given scope.
 * Admin keys may also call the v1 API; v1 keys get 403 on the admin API. It runs before the
 * body is parsed and validated, so a caller without a valid key learns nothing from a 400.
 *
 * It runs on every authenticated request, so it is written with a callback: a key found in the
 * cache is admitted synchronously, and only a cache miss or a due last_used_at write waits for
 * the store. The cache is keyed by the secret as the caller presented it (caches.ts), so a key in
 * steady use is not hashed on every request: its SHA-256 is computed only to look it up in the
 * store, which keeps nothing else.
 */
export function requireKey(ctx: KeyCheckContext, scope: ApiKeyScope): onRequestHookHandler {
  const { db, caches } = ctx;

  function admit(
    request: FastifyRequest,
    known: KnownKey | undefined,
    now: number,
    done: HookHandlerDoneFunction,
  ): void {
    if (known === undefined) {
      done(unauthorized('invalid_api_key', 'Invalid or revoked API key.'));
      return;
    }
    if (scope === 'admin' && known.row.scope !== 'admin') {
      done(forbidden('admin_scope_required', 'This API key may not use the admin API; create one with --admin.'));
      return;
    }
    request.apiKey = known.admitted;
    const key = known.row;
    const touched = caches.apiKeyTouches.get(key.id) ?? (key.last_used_at === null ? 0 : Date.parse(key.last_used_at));
    if (now - touched <= TOUCH_INTERVAL_MS) {
      done();
      return;
    }
    caches.apiKeyTouches.set(key.id, now);
    touchApiKey(db, key.id, new Date(now).toISOString()).then(() => {
      done();
    }, done);
  }

  return (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      done(unauthorized('missing_api_key', 'Missing API key: send Authorization: Bearer <API_KEY>.'));
      return;
    }
    const now = ctx.now().getTime();
    const cached = caches.apiKeys.get(token, now);
    if (cached !== undefined) {
      admit(request, cached, now, done);
      return;
    }
    // The load is shared among concurrent misses, keeps only a key the store found, and nothing
    // revoked meanwhile.
    caches.apiKeys
      .load(token, () => findKnownKey(db, hashApiKey(token)))
      .then((known) => {
        admit(request, known, ctx.now().getTime(), done);
      }, done);
  };
}
