import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { isIsoTimestamp } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#envelope, swept over every v1 route the app registers (app.staydeskRoutes), so a
// route added later fails here until it is given a call: a success is `{success: true, data,
// metadata}` with `metadata` `{api_version: "1.0", timestamp, endpoint: "v1"}` on availability,
// booking creation and GET /test, none on booking retrieval and the not-available answer, and
// `{api_version: "1.0", timestamp, request_id}` (= X-Request-Id) on every other route.

type Metadata = 'endpoint' | 'request_id' | 'none';

let t: TestApp;
let house: Accommodation;

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  house = await makeAccommodation(t.ctx.db);
});
after(async () => {
  await t.close();
});

let nextStay = 30;
async function booked(method: string): Promise<number> {
  nextStay += 5;
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(house.id, futureStay(2, nextStay), {
      booking: { payment_method: method, expected_amount: 275 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

async function endpointId(): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/webhook-endpoints`,
    payload: { url: 'http://127.0.0.1:9/hooks' },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

interface Call {
  url?: string;
  payload?: Record<string, unknown>;
  key?: string;
}

/** A test key (sdk_test_…) and a card draft it made: what the test payment route plays for. */
async function testDraft(): Promise<{ key: string; id: number }> {
  const { key } = await createApiKey(t.ctx.db, { name: `sweep test key ${nextStay}`, scope: 'api', mode: 'test' });
  nextStay += 5;
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    key,
    payload: bookingBody(house.id, futureStay(2, nextStay), {
      booking: { payment_method: 'card_processor', expected_amount: 275 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return { key, id: res.json<{ data: { booking_id: number } }>().data.booking_id };
}

/** A successful call of each v1 route (by its pattern after the prefix), and the metadata it answers with. */
const CALLS: Record<string, { metadata: Metadata; call: () => Promise<Call> }> = {
  'POST /availability': {
    metadata: 'endpoint',
    call: async () => ({ payload: { accommodation_id: house.id, ...futureStay(2, 500), guest_count: 2 } }),
  },
  'POST /bookings': {
    metadata: 'endpoint',
    call: async () => ({ payload: bookingBody(house.id, futureStay(2, 600), { booking: { expected_amount: 275 } }) }),
  },
  'GET /bookings/:booking_id': {
    metadata: 'none',
    call: async () => ({ url: `${t.v1}/bookings/${await booked('bank_transfer')}` }),
  },
  'POST /bookings/:booking_id/cancel': {
    metadata: 'request_id',
    call: async () => ({ url: `${t.v1}/bookings/${await booked('card_processor')}/cancel` }),
  },
  'POST /webhook-endpoints': {
    metadata: 'request_id',
    call: async () => ({ payload: { url: 'http://127.0.0.1:9/a' } }),
  },
  'GET /webhook-endpoints': { metadata: 'request_id', call: async () => ({}) },
  'DELETE /webhook-endpoints/:id': {
    metadata: 'request_id',
    call: async () => ({ url: `${t.v1}/webhook-endpoints/${await endpointId()}` }),
  },
  'POST /webhook-endpoints/:id/test': {
    metadata: 'request_id',
    call: async () => ({ url: `${t.v1}/webhook-endpoints/${await endpointId()}/test` }),
  },
  'POST /test/bookings/:booking_id/payment': {
    metadata: 'request_id',
    call: async () => {
      const draft = await testDraft();
      return { url: `${t.v1}/test/bookings/${draft.id}/payment`, key: draft.key, payload: { outcome: 'succeeded' } };
    },
  },
  'GET /events': { metadata: 'request_id', call: async () => ({ url: `${t.v1}/events?limit=5` }) },
  'POST /calendar': { metadata: 'request_id', call: async () => ({ payload: { accommodation_id: house.id } }) },
  'GET /test': { metadata: 'endpoint', call: async () => ({}) },
  'POST /calendar/health': { metadata: 'request_id', call: async () => ({ payload: {} }) },
  'POST /calendar/test': { metadata: 'request_id', call: async () => ({ payload: {} }) },
  'POST /calendar/debug': { metadata: 'request_id', call: async () => ({}) },
};

function assertSuccessEnvelope(res: LightMyRequestResponse, metadata: Metadata): void {
  assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${res.statusCode}: ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json<Record<string, unknown>>();
  const top = metadata === 'none' ? ['data', 'success'] : ['data', 'metadata', 'success'];
  assert.deepEqual(Object.keys(body).sort(), top);
  assert.equal(body.success, true);
  if (metadata === 'none') return;
  const meta = body.metadata as Record<string, unknown>;
  assert.deepEqual(Object.keys(meta).sort(), ['api_version', metadata, 'timestamp'].sort());
  assert.equal(meta.api_version, '1.0');
  assert.ok(isIsoTimestamp(meta.timestamp), `metadata.timestamp ${String(meta.timestamp)}`);
  if (metadata === 'endpoint') assert.equal(meta.endpoint, 'v1');
  else assert.equal(meta.request_id, res.headers['x-request-id'], 'request_id is the X-Request-Id header');
}

describe(`the v1 envelope on every route (${testStoreKind})`, () => {
  test('every v1 route has a call in this sweep, and every call a route', async () => {
    await t.app.ready();
    const routes = t.app.staydeskRoutes
      .filter((r) => r.url.startsWith(`${t.v1}/`))
      .map((r) => `${r.method} ${r.url.slice(t.v1.length)}`);
    assert.ok(routes.length >= 10, 'the sweep sees the v1 routes');
    assert.deepEqual([...new Set(routes)].sort(), Object.keys(CALLS).sort());
  });

  for (const [route, { metadata, call }] of Object.entries(CALLS)) {
    test(`${route}: metadata ${metadata === 'none' ? 'absent' : `with ${metadata}`}`, async () => {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      const options = await call();
      const res = await t.checkedRequest({
        method: method ?? 'GET',
        url: `${t.v1}${path}`,
        ...options,
        headers: { 'x-request-id': `sweep-${route.replace(/[^a-z]+/gi, '-')}` },
      });
      assertSuccessEnvelope(res, metadata);
    });
  }

  test('the not-available availability answer carries no metadata', async () => {
    const stay = futureStay(2, 700);
    const booking = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(house.id, stay, { booking: { expected_amount: 275 } }),
    });
    assert.equal(booking.statusCode, 200, booking.body);
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: house.id, ...stay, guest_count: 2 },
    });
    assertSuccessEnvelope(res, 'none');
    assert.equal(res.json<{ data: { available: boolean } }>().data.available, false);
  });
});
