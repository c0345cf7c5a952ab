import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/partners.md#test-mode: test keys (sdk_test_…) make test bookings that see the live
// calendar but never take a live night, and test and live data never meet.

let t: TestApp;
before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
});
after(async () => {
  await t.close();
});

interface KeyAnswer {
  id: number;
  key: string;
  prefix: string;
  mode: string;
  scope: string;
}

async function newKey(name: string, body: Record<string, unknown> = {}): Promise<KeyAnswer> {
  const res = await t.admin('POST', '/admin/api/api-keys', { name, ...body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: KeyAnswer }>().data;
}

describe(`test keys (${testStoreKind})`, () => {
  test('the admin API makes a test key: sdk_test_…, mode test; live keys keep sdk_ and mode live', async () => {
    const test = await newKey('sandbox', { mode: 'test' });
    assert.match(test.key, /^sdk_test_[A-Za-z0-9_-]{32}$/);
    assert.equal(test.mode, 'test');
    assert.equal(test.scope, 'api');
    assert.equal(test.prefix, test.key.slice(0, 15));
    const live = await newKey('live site');
    assert.match(live.key, /^sdk_[A-Za-z0-9_-]{32}$/);
    assert.doesNotMatch(live.key, /^sdk_test_/);
    assert.equal(live.mode, 'live');
    const list = await t.admin('GET', '/admin/api/api-keys');
    const modes = new Map(list.json<{ data: KeyAnswer[] }>().data.map((k) => [k.id, k.mode]));
    assert.equal(modes.get(test.id), 'test');
    assert.equal(modes.get(live.id), 'live');
    // The test key calls v1.
    const ping = await t.request({ method: 'GET', url: `${t.v1}/test`, key: test.key });
    assert.equal(ping.statusCode, 200, ping.body);
  });

  test('a test key with admin scope is refused (400 test_admin_key), and a test key may not call the admin API', async () => {
    const res = await t.admin('POST', '/admin/api/api-keys', { name: 'x', scope: 'admin', mode: 'test' });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'test_admin_key');
    const test = await newKey('sandbox 2', { mode: 'test' });
    const admin = await t.request({ method: 'GET', url: '/admin/api/api-keys', key: test.key });
    assert.equal(admin.statusCode, 403);
  });
});
