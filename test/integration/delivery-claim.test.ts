import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { claimDueDeliveries } from '../../src/events/delivery-repository.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The delivery worker's claim (src/events/delivery-repository.ts, src/events/delivery-lanes.ts) on
// each store: the endpoints whose first due delivery came due first, at most `perEndpoint`
// deliveries of each in the order they came due (here, oldest first), none of a busy endpoint; and whether a claim right after it
// could find more (`more`), which the worker reads to claim again or wait for a lane to end.

let t: TestApp;
let house: Accommodation;
let key: { key: string; id: number };
const endpoints: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };

async function addEndpoint(): Promise<number> {
  const res = await t.admin('POST', '/admin/api/webhook-endpoints', {
    api_key_id: key.id,
    url: 'https://partner.example.com/events',
    events: ['booking.created'],
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

async function book(times: number): Promise<void> {
  for (let i = 0; i < times; i++) await t.book(house.id, key.key);
}

const claim = (endpointCount: number, busy: number[] = []) =>
  claimDueDeliveries(t.ctx.db, {
    worker: 'claim-test',
    now: t.ctx.now(),
    leaseMs: 60_000,
    endpoints: endpointCount,
    perEndpoint: 25,
    busy,
  });

const release = () => t.ctx.db.updateTable('event_deliveries').set({ locked_until: null, locked_by: null }).execute();

/** Per endpoint, how many deliveries a claim took, and whether they are its oldest due ones. */
async function taken(claimed: { id: number; endpoint_id: number }[]) {
  const count: Record<string, number> = {};
  for (const [name, id] of Object.entries(endpoints)) {
    const mine = claimed.filter((d) => d.endpoint_id === id).map((d) => d.id);
    if (mine.length === 0) continue;
    count[name] = mine.length;
    const oldest = await t.ctx.db
      .selectFrom('event_deliveries')
      .select('id')
      .where('endpoint_id', '=', id)
      .orderBy('id')
      .limit(mine.length)
      .execute();
    assert.deepEqual(
      mine,
      oldest.map((r) => r.id),
      `endpoint ${name}: its oldest deliveries, in order`,
    );
  }
  return count;
}

before(async () => {
  t = await createTestApp();
  house = await makeAccommodation(t.ctx.db);
  const created = await createApiKey(t.ctx.db, { name: 'claiming partner', scope: 'api' });
  key = { key: created.key, id: created.record.id };
  // a: 33 due (the oldest first), b: 3, c: 1.
  endpoints.a = await addEndpoint();
  await book(30);
  endpoints.b = await addEndpoint();
  await book(2);
  endpoints.c = await addEndpoint();
  await book(1);
});
after(async () => {
  await t.close();
});

describe(`claiming due deliveries (${testStoreKind})`, () => {
  test('the endpoints met first, at most 25 of each, oldest first; more when every lane asked for was filled', async () => {
    await release();
    const first = await claim(2);
    assert.deepEqual(await taken(first.deliveries), { a: 25, b: 3 });
    assert.equal(first.more, true, 'c still waits');
    const second = await claim(2, [endpoints.a, endpoints.b]);
    assert.deepEqual(await taken(second.deliveries), { c: 1 });
    assert.equal(second.more, false);
    const third = await claim(2, [endpoints.a, endpoints.b, endpoints.c]);
    assert.deepEqual(third, { deliveries: [], more: false });
  });

  test('leased deliveries are passed over: the rest of a backlog is claimed next', async () => {
    await release();
    await claim(1);
    const rest = await claim(5);
    assert.deepEqual(
      (await taken(rest.deliveries.filter((d) => d.endpoint_id !== endpoints.a))).b,
      3,
      'b and c are claimed beside the rest of a',
    );
    assert.equal(rest.deliveries.filter((d) => d.endpoint_id === endpoints.a).length, 8);
    assert.equal(rest.more, false, 'every due delivery seen, fewer endpoints than lanes asked for');
  });

  test('more when fewer lanes were asked for than endpoints wait; not when each of them has its lane', async () => {
    await release();
    // One lane: a's, whose first delivery came due first; b and c wait.
    const one = await claim(1);
    assert.deepEqual(await taken(one.deliveries), { a: 25 });
    assert.equal(one.more, true);
    // Three lanes filled out of four: a's other 8 wait for its lane to end.
    await release();
    const all = await claim(4);
    assert.deepEqual(await taken(all.deliveries), { a: 25, b: 3, c: 1 });
    assert.equal(all.more, false);
  });
});
