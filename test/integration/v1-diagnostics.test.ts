import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { TECHNICAL_USER_LOGIN } from '../../src/auth/api-key-repository.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { assertErrorEnvelope, isIsoTimestamp } from '../support/envelope-assertions.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#v1-test and docs/api.md#calendar-diagnostics: diagnostics
// say whether signatures are on and never give a secret away.

const ENV_PAYMENT_SECRET = 'whsec_environment_only_secret_0123456789abcdef';

let t: TestApp;
before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: ENV_PAYMENT_SECRET });
});
after(async () => {
  await t.close();
});

/** Every response is also checked against the OpenAPI document. */
const call: TestApp['checkedRequest'] = (options) => t.checkedRequest(options);

interface Envelope<T> {
  success: boolean;
  data: T;
  metadata: Record<string, unknown>;
}

function ok<T>(res: LightMyRequestResponse): Envelope<T> {
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json<Envelope<T>>();
  assert.deepEqual(Object.keys(body).sort(), ['data', 'metadata', 'success']);
  assert.equal(body.success, true);
  assert.equal(body.metadata.api_version, '1.0');
  assert.ok(isIsoTimestamp(body.metadata.timestamp));
  return body;
}

interface Health {
  status: string;
  version: string;
  store: string;
  webhook_signatures: string;
  timestamp: string;
}

const health = () => call({ method: 'POST', url: `${t.v1}/calendar/health`, payload: {} });
const debug = () => call({ method: 'POST', url: `${t.v1}/calendar/debug` });

/** Every secret the service holds right now: none may appear in a diagnostic answer. */
async function secretsHeld(extra: readonly string[]): Promise<string[]> {
  const keys = await t.ctx.db.selectFrom('api_keys').select('secret_hash').execute();
  const users = await t.ctx.db.selectFrom('users').select('password_hash').execute();
  const settings = await t.ctx.db.selectFrom('settings').select('value').execute();
  const all = [
    t.apiKey,
    t.adminKey,
    ...extra,
    ENV_PAYMENT_SECRET,
    ...keys.map((k) => k.secret_hash),
    ...users.map((u) => u.password_hash),
    ...settings.map((s) => s.value),
  ];
  // The random part of each API key too, in case it were echoed without its prefix.
  for (const key of [t.apiKey, t.adminKey, ...extra.filter((e) => e.startsWith('sdk_'))]) all.push(key.slice(4));
  return all.filter((s) => s.length >= 16);
}

function assertNoSecret(text: string, secrets: readonly string[], where: string): void {
  for (const secret of secrets)
    assert.ok(!text.includes(secret), `${where} contains a secret (${secret.slice(0, 6)}…)`);
}

describe(`GET /test (${testStoreKind})`, () => {
  test('answers the docs/api.md#v1-test fields for the technical user, with endpoint metadata', async () => {
    const res = await call({ method: 'GET', url: `${t.v1}/test` });
    const body = ok<Record<string, unknown>>(res);
    assert.deepEqual(Object.keys(body.metadata).sort(), ['api_version', 'endpoint', 'timestamp']);
    assert.equal(body.metadata.endpoint, 'v1');
    assert.deepEqual(Object.keys(body.data).sort(), ['login', 'message', 'status', 'timestamp', 'user']);
    assert.equal(body.data.status, 'ok');
    assert.ok(typeof body.data.message === 'string' && body.data.message.length > 0);
    assert.ok(isIsoTimestamp(body.data.timestamp), `timestamp ${String(body.data.timestamp)}`);
    assert.equal(body.data.login, TECHNICAL_USER_LOGIN);
    assert.ok(typeof body.data.user === 'string' && body.data.user.length > 0);
    assertNoSecret(res.body, await secretsHeld([]), 'GET /test');
  });

  test('without or with a wrong key → 401', async () => {
    assertErrorEnvelope(await call({ method: 'GET', url: `${t.v1}/test`, key: null }), 401, 'UNAUTHORIZED');
    assertErrorEnvelope(
      await call({ method: 'GET', url: `${t.v1}/test`, key: 'sdk_wrongwrongwrongwrongwrongwrongwr' }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe(`POST /calendar/health, /calendar/test, /calendar/debug (${testStoreKind})`, () => {
  test('health: status, version, store and webhook signatures off, then on once a secret is set', async () => {
    await setSetting(t.ctx.db, 'webhook_secret', null);
    const off = ok<Health>(await health());
    assert.equal(off.data.status, 'ok');
    assert.match(off.data.version, /^\d+\.\d+\.\d+/);
    assert.equal(off.data.store, testStoreKind);
    assert.equal(off.data.webhook_signatures, 'off');
    assert.ok(isIsoTimestamp(off.data.timestamp));
    assert.equal(typeof off.metadata.request_id, 'string');

    const secret = `whsk_health_${'3f'.repeat(24)}`;
    await setSetting(t.ctx.db, 'webhook_secret', secret);
    try {
      const resOn = await health();
      const on = ok<Health>(resOn);
      assert.equal(on.data.webhook_signatures, 'on');
      assertNoSecret(resOn.body, await secretsHeld([secret]), 'calendar/health');
    } finally {
      await setSetting(t.ctx.db, 'webhook_secret', null);
    }
    assert.equal(ok<Health>(await health()).data.webhook_signatures, 'off');
  });

  test('test: a simple connectivity answer', async () => {
    const body = ok<Record<string, unknown>>(await call({ method: 'POST', url: `${t.v1}/calendar/test`, payload: {} }));
    assert.equal(body.data.status, 'ok');
    assert.ok(typeof body.data.message === 'string' && body.data.message.length > 0);
    const noBody = await call({ method: 'POST', url: `${t.v1}/calendar/test` });
    assert.equal(noBody.statusCode, 200, noBody.body);
  });

  test('debug without a body lists the accommodations and says whether signatures are on', async () => {
    const first = await makeAccommodation(t.ctx.db, { name: 'Debug Villa' });
    const second = await makeAccommodation(t.ctx.db, { name: 'Debug Loft', currency: 'JPY' });
    const res = await debug();
    const body = ok<{ accommodations: { id: number; name: string }[]; [key: string]: unknown }>(res);
    assert.ok(Array.isArray(body.data.accommodations));
    const listed = body.data.accommodations.map((a) => [a.id, a.name]);
    assert.ok(
      listed.some(([id, name]) => id === first.id && name === 'Debug Villa'),
      JSON.stringify(listed),
    );
    assert.ok(
      listed.some(([id, name]) => id === second.id && name === 'Debug Loft'),
      JSON.stringify(listed),
    );
    assert.ok(res.body.includes('"webhook_signatures":"off"'), 'debug says signatures are off');
  });

  test('health and debug never contain the webhook secret, the payment secret, an API key or a stored hash', async () => {
    const webhookSecret = `whsk_${'a1b2c3d4'.repeat(8)}`;
    const paymentSecret = `whsec_settings_${'9e8d7c6b'.repeat(4)}`;
    const extraKey = (await createApiKey(t.ctx.db, { name: 'diagnostics spy', scope: 'api' })).key;
    await setSetting(t.ctx.db, 'webhook_secret', webhookSecret);
    await setSetting(t.ctx.db, 'payment_webhook_secret', paymentSecret);
    try {
      await makeAccommodation(t.ctx.db, { name: 'Secretive Cabin' });
      const secrets = await secretsHeld([webhookSecret, paymentSecret, extraKey]);
      assert.ok(secrets.length >= 8, 'there are secrets to look for');
      for (const key of [t.apiKey, t.adminKey, extraKey]) {
        const healthRes = await call({ method: 'POST', url: `${t.v1}/calendar/health`, payload: {}, key });
        ok(healthRes);
        assertNoSecret(healthRes.body, secrets, 'calendar/health');
        const debugRes = await call({ method: 'POST', url: `${t.v1}/calendar/debug`, key });
        ok(debugRes);
        assertNoSecret(debugRes.body, secrets, 'calendar/debug');
        assert.ok(debugRes.body.includes('"webhook_signatures":"on"'), 'debug says signatures are on');
        const testRes = await call({ method: 'POST', url: `${t.v1}/calendar/test`, payload: {}, key });
        assertNoSecret(testRes.body, secrets, 'calendar/test');
      }
    } finally {
      await setSetting(t.ctx.db, 'webhook_secret', null);
      await setSetting(t.ctx.db, 'payment_webhook_secret', null);
    }
  });

  test('the check above can fail: a secret placed in an accommodation name is found', async () => {
    const planted = `whsk_${'planted0'.repeat(6)}`;
    await makeAccommodation(t.ctx.db, { name: planted });
    const res = await debug();
    assert.throws(() => {
      assertNoSecret(res.body, [planted], 'calendar/debug');
    }, /contains a secret/);
  });

  test('all three need an API key', async () => {
    for (const path of ['health', 'test', 'debug']) {
      const res = await call({ method: 'POST', url: `${t.v1}/calendar/${path}`, payload: {}, key: null });
      assertErrorEnvelope(res, 401, 'UNAUTHORIZED');
    }
  });
});
