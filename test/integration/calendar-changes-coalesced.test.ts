import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/decisions.md#partner-events: calendar.changed of one accommodation waiting for one endpoint
// go out as one POST covering all their nights, so a burst of changes is not a burst of POSTs;
// every delivery it stands for is recorded as delivered.

let t: TestApp;
let receiver: EventReceiver;
let secret: string;

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  receiver = await startEventReceiver();
  const key = await createApiKey(t.ctx.db, { name: 'calendar partner', scope: 'api' });
  const res = await t.admin('POST', '/admin/api/webhook-endpoints', {
    api_key_id: key.record.id,
    url: receiver.url,
    events: ['calendar.changed'],
  });
  assert.equal(res.statusCode, 201, res.body);
  secret = res.json<{ data: { secret: string } }>().data.secret;
});
after(async () => {
  await receiver.close();
  await t.close();
});

const day = (n: number) => addDays(todayIn('UTC'), n);

function worker() {
  return deliveryWorker(t, 'coalescing-worker');
}

describe(`calendar.changed coalesced per endpoint and accommodation (${testStoreKind})`, () => {
  test('six changes of two accommodations make two POSTs, each covering its nights', async () => {
    const chalet = await makeAccommodation(t.ctx.db, { name: 'Chalet' });
    const studio = await makeAccommodation(t.ctx.db, { name: 'Studio' });
    for (const [home, from, to] of [
      [chalet.id, 20, 22],
      [studio.id, 5, 6],
      [chalet.id, 10, 12],
      [chalet.id, 30, 31],
      [studio.id, 8, 9],
      [chalet.id, 25, 27],
    ] as const) {
      const res = await t.admin('POST', `/admin/api/accommodations/${String(home)}/blocks`, {
        from: day(from),
        to: day(to),
        reason: 'owner',
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    const queued = await t.ctx.db.selectFrom('event_deliveries').select('id').where('status', '=', 'pending').execute();
    assert.equal(queued.length, 6);

    assert.deepEqual(await worker().run(), { delivered: 6, failed: 0 });
    const requests = await receiver.waitFor(2);
    assert.equal(receiver.received.length, 2, 'one POST per accommodation');
    const events = requests.map((r) => verified(secret, r));
    const byHome = new Map(events.map((e) => [e.data.accommodation_id, e]));
    assert.deepEqual(byHome.get(chalet.id)?.data, { accommodation_id: chalet.id, from: day(10), to: day(31) });
    assert.deepEqual(byHome.get(studio.id)?.data, { accommodation_id: studio.id, from: day(5), to: day(9) });
    for (const e of events) assert.equal(e.type, 'calendar.changed');

    // The POST carries the id of the latest change it stands for; every delivery is delivered.
    const rows = await t.ctx.db
      .selectFrom('event_deliveries as d')
      .innerJoin('partner_events as v', 'v.id', 'd.event_id')
      .select(['d.event_id', 'd.status', 'v.payload'])
      .orderBy('d.id')
      .execute();
    assert.ok(rows.every((d) => d.status === 'delivered'));
    const chaletEvents = rows.filter((d) => d.payload.includes(`"accommodation_id":${String(chalet.id)},`));
    const posted = requests.find((r) => r.body.includes(`"accommodation_id":${String(chalet.id)},`));
    assert.equal(posted?.headers['webhook-id'], `evt_${String(chaletEvents.at(-1)?.event_id)}`);
    // Each signed body carries the id its webhook-id header names.
    for (const r of requests) assert.equal(verified(secret, r).id, r.headers['webhook-id']);
  });
});
