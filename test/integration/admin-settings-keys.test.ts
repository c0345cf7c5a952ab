import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getSetting } from '../../src/settings/settings-repository.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface SecretStatus {
  webhook_secret: { set: boolean };
  payment_webhook_secret: { set: boolean; source: string | null };
  stripe_secret_key: { set: boolean; source: string | null };
  host_email: string | null;
}

interface SettingsAnswer extends SecretStatus {
  business: Record<string, string | null> | null;
  bank_details: Record<string, string | null> | null;
  invoicing: { prefix: string; yearly_reset: boolean };
  registration_retention_days: number;
}

/** The answer's secret part (the host's identity, the invoice series and the retention have their own tests). */
function secretsOf(answer: SettingsAnswer): SecretStatus {
  const {
    business: _business,
    bank_details: _bank,
    invoicing: _invoicing,
    registration_retention_days: _retention,
    ...secrets
  } = answer;
  return secrets;
}

async function putFull(app: TestApp, body: Record<string, unknown>): Promise<SettingsAnswer> {
  const res = await app.admin('PUT', '/admin/api/settings', body);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(app.app, 'PUT', '/admin/api/settings', res);
  return res.json<{ data: SettingsAnswer }>().data;
}

async function putSettings(app: TestApp, body: Record<string, unknown>): Promise<SecretStatus> {
  const answer = await putFull(app, body);
  const text = JSON.stringify(answer);
  for (const value of Object.values(body)) {
    if (typeof value === 'string') assert.ok(!text.includes(value), 'the answer never carries a secret');
  }
  return secretsOf(answer);
}

async function getFull(app: TestApp): Promise<SettingsAnswer> {
  const res = await app.admin('GET', '/admin/api/settings');
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(app.app, 'GET', '/admin/api/settings', res);
  return res.json<{ data: SettingsAnswer }>().data;
}

async function getSettings(app: TestApp): Promise<SecretStatus> {
  return secretsOf(await getFull(app));
}

// Settings are one row per name in the store, so these tests run in order on one app.
describe(`admin settings (${testStoreKind})`, () => {
  test('set, show, clear: the status says whether each is set, never its value', async () => {
    assert.deepEqual(await getSettings(t), {
      webhook_secret: { set: false },
      payment_webhook_secret: { set: false, source: null },
      stripe_secret_key: { set: false, source: null },
      host_email: null,
    });

    const webhook = 'whsk_0123456789abcdef0123456789abcdef';
    const payment = 'whsec_settings_secret_0123456789abcdef';
    assert.deepEqual(await putSettings(t, { webhook_secret: webhook }), {
      webhook_secret: { set: true },
      payment_webhook_secret: { set: false, source: null },
      stripe_secret_key: { set: false, source: null },
      host_email: null,
    });
    assert.equal(await getSetting(t.ctx.db, 'webhook_secret'), webhook, 'stored as sent');

    assert.deepEqual(await putSettings(t, { payment_webhook_secret: payment }), {
      webhook_secret: { set: true },
      payment_webhook_secret: { set: true, source: 'settings' },
      stripe_secret_key: { set: false, source: null },
      host_email: null,
    });
    const shown = await t.admin('GET', '/admin/api/settings');
    assert.ok(!shown.body.includes(webhook) && !shown.body.includes(payment), 'GET never carries a secret');

    assert.deepEqual(await putSettings(t, { webhook_secret: null }), {
      webhook_secret: { set: false },
      payment_webhook_secret: { set: true, source: 'settings' },
      stripe_secret_key: { set: false, source: null },
      host_email: null,
    });
    assert.equal(await getSetting(t.ctx.db, 'webhook_secret'), null);
    assert.deepEqual(await putSettings(t, {}), await getSettings(t), 'an empty body changes nothing');
    await putSettings(t, { payment_webhook_secret: null });
    assert.deepEqual(await getSettings(t), {
      webhook_secret: { set: false },
      payment_webhook_secret: { set: false, source: null },
      stripe_secret_key: { set: false, source: null },
      host_email: null,
    });
  });

  test("the card processor's secret API key: set, shown only as set, cleared; the environment's when none is set", async () => {
    const key = 'sk_test_guest_page_settings_0123456789abcdef';
    const set = await putSettings(t, { stripe_secret_key: key });
    assert.deepEqual(set.stripe_secret_key, { set: true, source: 'settings' });
    assert.equal(await getSetting(t.ctx.db, 'stripe_secret_key'), key);
    assert.ok(!(await t.admin('GET', '/admin/api/settings')).body.includes(key), 'GET never carries it');
    assert.deepEqual((await putSettings(t, { stripe_secret_key: null })).stripe_secret_key, {
      set: false,
      source: null,
    });
    const fromEnv = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_from_the_environment_0123456789' });
    try {
      assert.deepEqual((await getSettings(fromEnv)).stripe_secret_key, { set: true, source: 'environment' });
    } finally {
      await fromEnv.close();
    }
  });

  test('the host alert address is shown, set and cleared', async () => {
    // Not a secret: the address is shown back.
    const set = await t.admin('PUT', '/admin/api/settings', { host_email: 'host@example.com' });
    assert.equal(set.statusCode, 200, set.body);
    assertMatchesOpenApi(t.app, 'PUT', '/admin/api/settings', set);
    assert.equal(set.json<{ data: SecretStatus }>().data.host_email, 'host@example.com');
    assert.equal((await getSettings(t)).host_email, 'host@example.com');
    assert.equal(await getSetting(t.ctx.db, 'host_email'), 'host@example.com');
    assert.equal((await t.admin('PUT', '/admin/api/settings', { host_email: 'not an address' })).statusCode, 400);
    assert.equal((await putSettings(t, { host_email: null })).host_email, null);
  });

  test("the host's business and bank details: set, shown, checked (IBAN check digits), cleared", async () => {
    assert.equal((await getFull(t)).business, null);
    assert.equal((await getFull(t)).bank_details, null);
    const business = {
      name: ' Seaside Lets ',
      address: 'Harbour Road 1\n24937 Flensburg',
      tax_id: 'DE123456789',
      email: 'hello@seaside.example',
      phone: '+49 461 0000',
    };
    const bank = { account_holder: 'Seaside Lets GmbH', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' };
    const answer = await putFull(t, { business, bank_details: bank });
    assert.deepEqual(answer.business, { ...business, name: 'Seaside Lets' });
    assert.deepEqual(answer.bank_details, {
      account_holder: 'Seaside Lets GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank_name: null,
    });
    assert.deepEqual(await getFull(t), answer, 'GET shows what PUT stored');
    assert.equal(secretsOf(answer).host_email, null, 'the other settings are untouched');

    const badIban = assertErrorEnvelope(
      await t.admin('PUT', '/admin/api/settings', { bank_details: { ...bank, iban: 'DE88370400440532013000' } }),
      400,
      'BAD_REQUEST',
    );
    assert.equal(badIban.error.details.reason, 'invalid_iban');
    assert.equal(badIban.error.details.parameter, 'bank_details.iban');
    const blank = assertErrorEnvelope(
      await t.admin('PUT', '/admin/api/settings', { business: { name: '   ' } }),
      400,
      'BAD_REQUEST',
    );
    assert.equal(blank.error.details.parameter, 'business.name');
    assert.equal(
      assertErrorEnvelope(
        await t.admin('PUT', '/admin/api/settings', { business: { ...business, vat: 'x' } }),
        400,
        'BAD_REQUEST',
      ).error.details.reason,
      'unknown_parameter',
    );
    assert.deepEqual(await getFull(t), answer, 'a refused body changes nothing');

    const cleared = await putFull(t, { business: null, bank_details: null });
    assert.equal(cleared.business, null);
    assert.equal(cleared.bank_details, null);
  });

  test('invalid bodies are a 400 and change nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ webhook_secret: 'short' }, 'webhook_secret'],
      [{ webhook_secret: 'x'.repeat(31) }, 'webhook_secret'],
      [{ payment_webhook_secret: 'whsec_'.padEnd(31, 'y') }, 'payment_webhook_secret'],
      [{ webhook_secret: 'x'.repeat(201) }, 'webhook_secret'],
      [{ payment_webhook_secret: 12345678 }, 'payment_webhook_secret'],
      [{ webhook_secret: 'long enough'.padEnd(32, '!'), signing_secret: 'long enough' }, 'signing_secret'],
    ];
    for (const [body, parameter] of cases) {
      const error = assertErrorEnvelope(await t.admin('PUT', '/admin/api/settings', body), 400, 'BAD_REQUEST');
      assert.equal(error.error.details.parameter, parameter, JSON.stringify(body));
      const sent = body[parameter];
      if (parameter !== 'signing_secret' && typeof sent === 'string' && sent.length < 32) {
        assert.equal(error.error.details.expected, 'string of at least 32 characters', JSON.stringify(body));
      }
    }
    assert.equal(await getSetting(t.ctx.db, 'webhook_secret'), null);
  });

  test('PAYMENT_WEBHOOK_SECRET from the environment is reported as such; one set in settings wins', async () => {
    const envApp = await createTestApp({ PAYMENT_WEBHOOK_SECRET: 'whsec_from_environment' });
    try {
      assert.deepEqual((await getSettings(envApp)).payment_webhook_secret, { set: true, source: 'environment' });
      assert.deepEqual(
        (await putSettings(envApp, { payment_webhook_secret: 'whsec_from_settings_0123456789abcdef' }))
          .payment_webhook_secret,
        { set: true, source: 'settings' },
      );
      assert.deepEqual((await putSettings(envApp, { payment_webhook_secret: null })).payment_webhook_secret, {
        set: true,
        source: 'environment',
      });
      assert.ok(!(await envApp.admin('GET', '/admin/api/settings')).body.includes('whsec_from_environment'));
    } finally {
      await envApp.close();
    }
  });
});

interface KeySummary {
  id: number;
  name: string;
  prefix: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

describe(`admin API keys (${testStoreKind})`, () => {
  test('create → the key authenticates v1 → listed without its secret → revoke → 401', async () => {
    const created = await t.admin('POST', '/admin/api/api-keys', { name: 'channel manager' });
    assert.equal(created.statusCode, 201, created.body);
    assertMatchesOpenApi(t.app, 'POST', '/admin/api/api-keys', created);
    const { key, ...summary } = created.json<{ data: KeySummary & { key: string } }>().data;
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
    ]);
    assert.equal(summary.name, 'channel manager');
    assert.equal(summary.scope, 'api');
    assert.equal(summary.revoked_at, null);
    assert.ok(
      key.startsWith(summary.prefix) && key.length > summary.prefix.length + 16,
      'the key starts with its display prefix',
    );

    const v1 = await t.request({ method: 'GET', url: `${t.v1}/test`, key });
    assert.equal(v1.statusCode, 200, v1.body);
    assertErrorEnvelope(await t.request({ method: 'GET', url: '/admin/api/api-keys', key }), 403, 'FORBIDDEN');

    const list = await t.admin('GET', '/admin/api/api-keys');
    assert.equal(list.statusCode, 200);
    assertMatchesOpenApi(t.app, 'GET', '/admin/api/api-keys', list);
    assert.ok(!list.body.includes(key), 'the list never shows a secret');
    assert.ok(!list.body.includes('hash'), 'nor its hash');
    const listed = list.json<{ data: KeySummary[] }>().data.find((k) => k.id === summary.id);
    assert.ok(listed !== undefined);
    assert.equal(listed.name, 'channel manager');
    assert.notEqual(listed.last_used_at, null, 'the v1 call was recorded');

    const revoked = await t.admin('DELETE', `/admin/api/api-keys/${summary.id}`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assertMatchesOpenApi(t.app, 'DELETE', `/admin/api/api-keys/${summary.id}`, revoked);
    const revokedKey = revoked.json<{ data: KeySummary }>().data;
    assert.equal(revokedKey.id, summary.id);
    assert.notEqual(revokedKey.revoked_at, null);

    assertErrorEnvelope(await t.request({ method: 'GET', url: `${t.v1}/test`, key }), 401, 'UNAUTHORIZED');
    const again = (await t.admin('DELETE', `/admin/api/api-keys/${summary.id}`)).json<{ data: KeySummary }>().data;
    assert.equal(again.revoked_at, revokedKey.revoked_at, 'revoking twice keeps the first time');
  });

  test('an admin-scoped key may call the admin API', async () => {
    const created = await t.admin('POST', '/admin/api/api-keys', { name: 'ops', scope: 'admin' });
    assert.equal(created.statusCode, 201, created.body);
    const { key, scope } = created.json<{ data: { key: string; scope: string } }>().data;
    assert.equal(scope, 'admin');
    assert.equal((await t.request({ method: 'GET', url: '/admin/api/api-keys', key })).statusCode, 200);
    assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
  });

  test('invalid bodies are a 400; an unknown id is a 404', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x', scope: 'root' }, 'scope'],
      [{ name: 'x', secret: 'mine' }, 'secret'],
    ];
    const before = (await t.admin('GET', '/admin/api/api-keys')).json<{ data: unknown[] }>().data.length;
    for (const [body, parameter] of cases) {
      const error = assertErrorEnvelope(await t.admin('POST', '/admin/api/api-keys', body), 400, 'BAD_REQUEST');
      assert.equal(error.error.details.parameter, parameter, JSON.stringify(body));
    }
    assert.equal(
      (await t.admin('GET', '/admin/api/api-keys')).json<{ data: unknown[] }>().data.length,
      before,
      'no key was created',
    );
    assertErrorEnvelope(await t.admin('DELETE', '/admin/api/api-keys/999999'), 404, 'NOT_FOUND');
    assertErrorEnvelope(await t.admin('DELETE', '/admin/api/api-keys/abc'), 400, 'BAD_REQUEST');
  });
});
