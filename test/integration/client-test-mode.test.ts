import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, StaydeskError } from '../../packages/client/src/index.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { injectFetch } from '../support/inject-fetch.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The client's test-mode methods (docs/partners.md#test-mode): testPayment and sendTestEvent.

let t: TestApp;
let house: Accommodation;
before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  house = await makeAccommodation(t.ctx.db);
});
after(async () => {
  await t.close();
});

const clientOf = (apiKey: string) =>
  createClient({ baseUrl: 'http://staydesk.test', apiKey, fetch: injectFetch(t.app), retry: { attempts: 1 } });

describe(`client test mode (${testStoreKind})`, () => {
  test('testPayment confirms a test draft; a live key gets a StaydeskError test_key_required', async () => {
    const key = (await createApiKey(t.ctx.db, { name: 'client sandbox', scope: 'api', mode: 'test' })).key;
    const client = clientOf(key);
    const body = bookingBody(house.id, futureStay(2), {
      booking: { payment_method: 'card_processor', expected_amount: 275 },
    });
    const draft = await client.createBooking(body as Parameters<typeof client.createBooking>[0]);
    assert.equal(draft.status, 'draft');
    const paid = await client.testPayment(draft.booking_id, 'succeeded');
    assert.equal(paid.outcome, 'confirmed');
    assert.equal(paid.booking.status, 'confirmed');
    const live = clientOf(t.apiKey);
    await assert.rejects(live.testPayment(draft.booking_id, 'succeeded'), (error: unknown) => {
      assert.ok(error instanceof StaydeskError);
      assert.equal(error.status, 403);
      assert.equal(error.reason, 'test_key_required');
      return true;
    });
  });

  test('sendTestEvent queues a sample event to one of the key’s endpoints', async () => {
    const key = (await createApiKey(t.ctx.db, { name: 'client events', scope: 'api' })).key;
    const made = await t.request({
      method: 'POST',
      url: `${t.v1}/webhook-endpoints`,
      key,
      payload: { url: 'https://partner.example/hooks' },
    });
    assert.equal(made.statusCode, 201, made.body);
    const endpointId = made.json<{ data: { id: number } }>().data.id;
    const sent = await clientOf(key).sendTestEvent(endpointId);
    assert.match(sent.event_id, /^evt_\d+$/);
    assert.ok(sent.delivery_id > 0);
  });
});
