import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import {
  createApiKey,
  findActiveKeyByHash,
  findApiKey,
  listApiKeys,
  revokeApiKey,
} from '../../src/auth/api-key-repository.ts';
import { generateApiKey, hashApiKey } from '../../src/auth/api-keys.ts';
import type { RouteInfo } from '../../src/http/types.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { announcementsSettled } from '../support/announcements.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { createTestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { isHtmlPage } from '../support/console-routes.ts';

/**
 * Shared authentication tests over every route the app registers (app.staydeskRoutes), so a
 * route added later is covered without touching this file. Each route declares how it
 * authenticates (`config.auth`); this checks that the declaration and the behaviour agree.
 */

const t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: 'whsec_auth_sweep_secret' });
await setSetting(t.ctx.db, 'webhook_secret', 'whsk_auth_sweep_secret');
await t.app.ready();
after(async () => {
  await t.close();
});

const revoked = await createApiKey(t.ctx.db, { name: 'revoked v1 key', scope: 'api' });
await revokeApiKey(t.ctx.db, revoked.record.id);
const revokedAdmin = await createApiKey(t.ctx.db, { name: 'revoked admin key', scope: 'admin' });
await revokeApiKey(t.ctx.db, revokedAdmin.record.id);
const unknownKey = generateApiKey().key;

const routes: readonly RouteInfo[] = t.app.staydeskRoutes.filter((r) => !isHtmlPage(r));
/** The routes of one kind of authentication; none at all is an error, so no sweep below is empty. */
function byAuth(auth: RouteInfo['auth']): RouteInfo[] {
  const found = routes.filter((r) => r.auth === auth);
  if (found.length === 0) throw new Error(`no ${auth} routes: the sweep over them would test nothing`);
  return found;
}

/** A concrete URL for a route pattern: every path parameter becomes 999999. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, '999999').replace(/\*$/, 'index.html');
}

function call(
  route: RouteInfo,
  options: { authorization?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return t.request({
    method: route.method,
    url: concrete(route.url),
    key: null,
    headers,
    ...(hasBody ? { payload: {} } : {}),
  });
}

const name = (r: RouteInfo) => `${r.method} ${r.url}`;

describe(`route inventory (${testStoreKind})`, () => {
  test('every route declares a known way to authenticate', () => {
    const known = new Set(['public', 'api', 'admin', 'signature', 'payment-signature', 'session']);
    assert.deepEqual(routes.filter((r) => !known.has(r.auth)).map(name), []);
  });

  test('the sweep sees the v1 routes and the ops routes', () => {
    assert.ok(routes.some((r) => r.method === 'GET' && r.url === `${t.v1}/test` && r.auth === 'api'));
    assert.ok(routes.some((r) => r.url === '/healthz' && r.auth === 'public'));
  });

  test('every route under /api/v1/<slug>/ is an api route and every /admin/api route an admin route', () => {
    const wrong = routes.filter(
      (r) =>
        (r.url.startsWith(`${t.v1}/`) && r.auth !== 'api') ||
        ((r.url === '/admin/api' || r.url.startsWith('/admin/api/')) && r.auth !== 'admin'),
    );
    assert.deepEqual(
      wrong.map((r) => `${name(r)} (${r.auth})`),
      [],
    );
  });
});

for (const scope of ['api', 'admin'] as const) {
  describe(`every ${scope} route refuses callers without a valid key (${testStoreKind})`, () => {
    for (const route of byAuth(scope)) {
      test(`${name(route)}: no Authorization → 401`, async () => {
        assertErrorEnvelope(await call(route), 401, 'UNAUTHORIZED');
      });

      test(`${name(route)}: malformed Authorization → 401`, async () => {
        for (const authorization of [
          'Basic dXNlcjpwYXNz',
          'Bearer',
          `Bearer ${t.apiKey} extra`,
          t.apiKey,
          `Token ${t.adminKey}`,
        ]) {
          assertErrorEnvelope(await call(route, { authorization }), 401, 'UNAUTHORIZED');
        }
      });

      test(`${name(route)}: unknown key → 401`, async () => {
        assertErrorEnvelope(await call(route, { authorization: `Bearer ${unknownKey}` }), 401, 'UNAUTHORIZED');
        // A key's prefix or hash is not the key.
        assertErrorEnvelope(
          await call(route, { authorization: `Bearer ${t.apiKey.slice(0, 10)}` }),
          401,
          'UNAUTHORIZED',
        );
        assertErrorEnvelope(
          await call(route, { authorization: `Bearer ${hashApiKey(t.adminKey)}` }),
          401,
          'UNAUTHORIZED',
        );
      });

      test(`${name(route)}: revoked key → 401`, async () => {
        assertErrorEnvelope(await call(route, { authorization: `Bearer ${revoked.key}` }), 401, 'UNAUTHORIZED');
        assertErrorEnvelope(await call(route, { authorization: `Bearer ${revokedAdmin.key}` }), 401, 'UNAUTHORIZED');
      });

      if (scope === 'admin') {
        test(`${name(route)}: v1 key → 403 FORBIDDEN`, async () => {
          assertErrorEnvelope(await call(route, { authorization: `Bearer ${t.apiKey}` }), 403, 'FORBIDDEN');
        });
      }

      const allowed = scope === 'api' ? [t.apiKey, t.adminKey] : [t.adminKey];
      test(`${name(route)}: a valid ${scope === 'api' ? 'v1 or admin' : 'admin'} key gets past authentication`, async () => {
        for (const key of allowed) {
          const res = await call(route, { authorization: `Bearer ${key}` });
          assert.ok(
            res.statusCode !== 401 && res.statusCode !== 403,
            `${name(route)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
          );
          assert.ok(res.statusCode < 500, `${name(route)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }
      });
    }
  });
}

describe(`public routes need no key (${testStoreKind})`, () => {
  for (const route of byAuth('public')) {
    test(`${name(route)}: no Authorization → neither 401 nor 403`, async () => {
      const res = await call(route);
      assert.ok(
        res.statusCode !== 401 && res.statusCode !== 403,
        `${name(route)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
      );
      assert.ok(res.statusCode < 500, `${name(route)} answered ${res.statusCode}`);
    });
  }
});

describe(`signed webhook routes refuse unsigned calls once a secret is set (${testStoreKind})`, () => {
  for (const route of byAuth('signature')) {
    test(`${name(route)}: no signature → 401, and a bearer key is no substitute`, async () => {
      for (const res of [await call(route), await call(route, { authorization: `Bearer ${t.adminKey}` })]) {
        assert.equal(res.statusCode, 401, res.body.slice(0, 300));
        assert.equal(res.json<{ success: boolean }>().success, false);
      }
    });

    test(`${name(route)}: wrong signature → 401`, async () => {
      const res = await call(route, { headers: { 'x-service-signature': `sha256=${'0'.repeat(64)}` } });
      assert.equal(res.statusCode, 401, res.body.slice(0, 300));
    });
  }
});

describe(`the payment webhook refuses unsigned calls (${testStoreKind})`, () => {
  for (const route of byAuth('payment-signature')) {
    test(`${name(route)}: no Stripe-Signature → 400`, async () => {
      const res = await call(route);
      assert.equal(res.statusCode, 400, res.body.slice(0, 300));
    });
  }
});

describe(`API key records (${testStoreKind})`, () => {
  test('a key works at once, and revoking it through the admin API stops it at once', async () => {
    const { key, record } = await createApiKey(t.ctx.db, { name: 'short-lived', scope: 'api' });
    assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
    const revoke = await t.request({ method: 'DELETE', url: `/admin/api/api-keys/${record.id}`, key: t.adminKey });
    assert.equal(revoke.statusCode, 200, revoke.body);
    assert.ok((await findApiKey(t.ctx.db, record.id))?.revoked_at);
    assertErrorEnvelope(await t.request({ method: 'GET', url: `${t.v1}/test`, key }), 401, 'UNAUTHORIZED');
  });

  test('the key cache keeps a secret only once the store has found its hash, and forgets every one when any key changes', async () => {
    const cache = t.ctx.caches.apiKeys;
    const { key } = await createApiKey(t.ctx.db, { name: 'kept in memory', scope: 'api' });
    const stranger = generateApiKey().key;
    assertErrorEnvelope(await t.request({ method: 'GET', url: `${t.v1}/test`, key: stranger }), 401, 'UNAUTHORIZED');
    assert.equal(cache.get(stranger), undefined, 'an unknown secret is never kept');
    assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
    const kept = cache.get(key);
    assert.equal(kept?.row.secret_hash, hashApiKey(key));
    assert.ok(Object.isFrozen(kept.admitted), 'what requests share cannot be changed by one of them');
    // The next request is admitted from memory: the store's row is not read again.
    await sql`alter table api_keys rename to api_keys_away`.execute(t.ctx.db);
    try {
      assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
    } finally {
      await sql`alter table api_keys_away rename to api_keys`.execute(t.ctx.db);
    }
    const other = await createApiKey(t.ctx.db, { name: 'another key', scope: 'api' });
    await revokeApiKey(t.ctx.db, other.record.id);
    await announcementsSettled(t.ctx);
    assert.equal(cache.get(key), undefined, 'a change to any key drops every kept secret');
  });

  test('a key revoked in the store (as the CLI does) is refused by a process that does not cache keys', async () => {
    // STAYDESK_CACHE_TTL_MS=0: with the default, another process sees the revocation within that TTL.
    const uncached = await createTestApp({ STAYDESK_CACHE_TTL_MS: '0' });
    try {
      const { key, record } = await createApiKey(uncached.ctx.db, { name: 'revoked elsewhere', scope: 'api' });
      assert.equal((await uncached.request({ method: 'GET', url: `${uncached.v1}/test`, key })).statusCode, 200);
      const revokedRecord = await revokeApiKey(uncached.ctx.db, record.id);
      assert.ok(revokedRecord?.revoked_at);
      assertErrorEnvelope(
        await uncached.request({ method: 'GET', url: `${uncached.v1}/test`, key }),
        401,
        'UNAUTHORIZED',
      );
    } finally {
      await uncached.close();
    }
  });

  test('a store failure while checking a key is a 500 in the error shape, and the next call works', async () => {
    const failing = await createTestApp({ STAYDESK_CACHE_TTL_MS: '0' });
    try {
      const { key } = await createApiKey(failing.ctx.db, { name: 'store down', scope: 'api' });
      await sql`alter table api_keys rename to api_keys_away`.execute(failing.ctx.db);
      try {
        const res = await failing.request({ method: 'GET', url: `${failing.v1}/test`, key });
        const body = assertErrorEnvelope(res, 500, 'INTERNAL_ERROR');
        assert.doesNotMatch(JSON.stringify(body), /api_keys|select/i);
      } finally {
        await sql`alter table api_keys_away rename to api_keys`.execute(failing.ctx.db);
      }
      assert.equal((await failing.request({ method: 'GET', url: `${failing.v1}/test`, key })).statusCode, 200);
    } finally {
      await failing.close();
    }
  });

  test('revoking twice keeps the first time; revoking an unknown id finds nothing', async () => {
    const { record } = await createApiKey(t.ctx.db, { name: 'twice', scope: 'api' });
    const first = await revokeApiKey(t.ctx.db, record.id);
    const second = await revokeApiKey(t.ctx.db, record.id);
    assert.equal(second?.revoked_at, first?.revoked_at);
    assert.equal(await revokeApiKey(t.ctx.db, 987654321), undefined);
  });

  test('last_used_at is set by a successful call, not by a refused one', async () => {
    const v1 = await createApiKey(t.ctx.db, { name: 'usage tracked', scope: 'api' });
    assert.equal(v1.record.last_used_at, null);

    // Refused on the admin API (403): not a use.
    const adminRoute = byAuth('admin').find((r) => r.method === 'GET');
    if (adminRoute !== undefined) {
      assert.equal((await call(adminRoute, { authorization: `Bearer ${v1.key}` })).statusCode, 403);
    }
    assert.equal((await findApiKey(t.ctx.db, v1.record.id))?.last_used_at, null);

    // Recorded by the app's clock, held at a known instant here.
    const at = new Date('2031-03-04T05:06:07.890Z');
    const res = await t.at(at, () => t.request({ method: 'GET', url: `${t.v1}/test`, key: v1.key }));
    assert.equal(res.statusCode, 200);
    const used = (await findApiKey(t.ctx.db, v1.record.id))?.last_used_at;
    assert.ok(typeof used === 'string', 'last_used_at is set');
    assert.equal(Date.parse(used), at.getTime(), `last_used_at ${used} is the app's now`);
  });

  test('only the SHA-256 hash of a key is stored, never the key', async () => {
    const { key, record } = await createApiKey(t.ctx.db, { name: 'stored hashed', scope: 'admin' });
    const row = await t.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    assert.equal(row.secret_hash, hashApiKey(key));
    assert.equal(row.prefix, key.slice(0, 10));
    assert.ok(!JSON.stringify(row).includes(key), 'no column holds the key');
    assert.equal((await findActiveKeyByHash(t.ctx.db, hashApiKey(key)))?.id, record.id);
  });

  test('key summaries (list, find, create, revoke) never carry the secret or its hash', async () => {
    const made = await createApiKey(t.ctx.db, { name: 'listed', scope: 'api' });
    const summaries = [
      made.record,
      ...(await listApiKeys(t.ctx.db)),
      await findApiKey(t.ctx.db, made.record.id),
      await revokeApiKey(t.ctx.db, made.record.id),
    ];
    const hashes = (await t.ctx.db.selectFrom('api_keys').select('secret_hash').execute()).map((r) => r.secret_hash);
    assert.ok(hashes.length >= 3);
    for (const summary of summaries) {
      assert.ok(summary !== undefined);
      assert.ok(!('secret_hash' in summary), `summary ${summary.id} has no secret_hash`);
      assert.deepEqual(Object.keys(summary).sort(), [
        'created_at',
        'endpoint_limit',
        'id',
        'last_used_at',
        'mode',
        'name',
        'prefix',
        'revoked_at',
        'scope',
        'user_id',
      ]);
      const text = JSON.stringify(summary);
      for (const hash of hashes) assert.ok(!text.includes(hash));
      for (const key of [made.key, t.apiKey, t.adminKey]) assert.ok(!text.includes(key));
    }
    const listed = await listApiKeys(t.ctx.db);
    assert.ok(
      listed.some((k) => k.id === made.record.id && k.prefix === made.key.slice(0, 10)),
      'the list shows the prefix',
    );
  });

  test('keys belong to the technical API user', async () => {
    const { record } = await createApiKey(t.ctx.db, { name: 'owned', scope: 'api' });
    const owner = await t.ctx.db
      .selectFrom('users')
      .select(['role'])
      .where('id', '=', record.user_id ?? -1)
      .executeTakeFirst();
    assert.equal(owner?.role, 'technical');
  });
});
