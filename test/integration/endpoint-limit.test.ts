import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#events: at most ENDPOINTS_PER_KEY event endpoints per key (default 10), a 409
// `endpoint_limit` past it, even for creations sent at once; the host may give a key more.

let t: TestApp;
before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
});
after(async () => {
  await t.close();
});

const url = (i: number) => `https://partner.example/hooks/${String(i)}`;

async function newKey(name: string): Promise<{ id: number; key: string }> {
  const { key, record } = await createApiKey(t.ctx.db, { name, scope: 'api' });
  return { id: record.id, key };
}

function create(key: string, i: number) {
  return t.request({ method: 'POST', url: `${t.v1}/webhook-endpoints`, key, payload: { url: url(i) } });
}

function reasonOf(res: { body: string }): string {
  return (JSON.parse(res.body) as { error: { details: { reason: string } } }).error.details.reason;
}

describe(`endpoint limit per key (${testStoreKind})`, () => {
  test('ENDPOINTS_PER_KEY defaults to 10', () => {
    assert.equal(t.config.endpointsPerKey, 10);
  });

  test('30 creations of one key at once: exactly 10 are made, the rest are 409 endpoint_limit', async () => {
    const partner = await newKey('racing partner');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => create(partner.key, i)));
    const codes = answers.map((res) => res.statusCode);
    assert.equal(codes.filter((c) => c === 201).length, 10, JSON.stringify(codes));
    const refused = answers.filter((res) => res.statusCode === 409);
    assert.equal(refused.length, 20);
    for (const res of refused) {
      assert.equal(reasonOf(res), 'endpoint_limit');
      assert.equal(res.json<{ error: { name: string } }>().error.name, 'CONFLICT');
    }
    const list = await t.request({ method: 'GET', url: `${t.v1}/webhook-endpoints`, key: partner.key });
    assert.equal(list.json<{ data: unknown[] }>().data.length, 10);
    // The admin API is held to the same limit for this key.
    const byHost = await t.admin('POST', '/admin/api/webhook-endpoints', { api_key_id: partner.id, url: url(99) });
    assert.equal(byHost.statusCode, 409, byHost.body);
    assert.equal(reasonOf(byHost), 'endpoint_limit');
    // Another key has its own ten.
    const other = await newKey('other partner');
    assert.equal((await create(other.key, 1)).statusCode, 201);
  });

  test('a removed endpoint frees its place', async () => {
    const partner = await newKey('tidy partner');
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => create(partner.key, i)));
    assert.ok(made.every((res) => res.statusCode === 201));
    assert.equal((await create(partner.key, 10)).statusCode, 409);
    const first = made[0]?.json<{ data: { id: number } }>().data.id;
    const removed = await t.request({
      method: 'DELETE',
      url: `${t.v1}/webhook-endpoints/${String(first)}`,
      key: partner.key,
    });
    assert.equal(removed.statusCode, 200);
    assert.equal((await create(partner.key, 11)).statusCode, 201);
  });

  test('the host raises one key’s limit through the admin API, and sets it back with null', async () => {
    const partner = await newKey('big partner');
    await Promise.all(Array.from({ length: 10 }, (_, i) => create(partner.key, i)));
    const raised = await t.admin('PATCH', `/admin/api/api-keys/${String(partner.id)}`, { endpoint_limit: 25 });
    assert.equal(raised.statusCode, 200, raised.body);
    assert.equal(raised.json<{ data: { endpoint_limit: number } }>().data.endpoint_limit, 25);
    const listed = await t.admin('GET', '/admin/api/api-keys');
    const shown = listed.json<{ data: { id: number; endpoint_limit: number | null }[] }>().data;
    assert.equal(shown.find((k) => k.id === partner.id)?.endpoint_limit, 25);
    assert.equal(shown.find((k) => k.id !== partner.id)?.endpoint_limit, null);

    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => create(partner.key, 100 + i)));
    assert.equal(answers.filter((res) => res.statusCode === 201).length, 15);
    assert.ok(answers.filter((res) => res.statusCode !== 201).every((res) => reasonOf(res) === 'endpoint_limit'));

    const back = await t.admin('PATCH', `/admin/api/api-keys/${String(partner.id)}`, { endpoint_limit: null });
    assert.equal(back.json<{ data: { endpoint_limit: number | null } }>().data.endpoint_limit, null);
    assert.equal((await create(partner.key, 200)).statusCode, 409);
  });

  test('a key made with a limit of its own; bad limits and unknown keys are refused', async () => {
    const made = await t.admin('POST', '/admin/api/api-keys', { name: 'small partner', endpoint_limit: 1 });
    assert.equal(made.statusCode, 201, made.body);
    const { key } = made.json<{ data: { key: string } }>().data;
    assert.equal((await create(key, 1)).statusCode, 201);
    assert.equal((await create(key, 2)).statusCode, 409);
    for (const body of [{ endpoint_limit: 0 }, { endpoint_limit: 2.5 }, { endpoint_limit: '5' }, {}]) {
      const res = await t.admin('PATCH', '/admin/api/api-keys/1', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
    }
    const unknown = await t.admin('PATCH', '/admin/api/api-keys/999999', { endpoint_limit: 3 });
    assert.equal(unknown.statusCode, 404);
    assert.equal(reasonOf(unknown), 'api_key_not_found');
  });
});
