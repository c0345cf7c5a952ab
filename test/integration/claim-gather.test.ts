import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { LANE_BATCH } from '../../src/events/delivery-lanes.ts';
import { startEventReceiver, type EventReceiver } from '../support/event-receiver.ts';
import { addEndpoint } from '../support/event-endpoints.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { makeAccommodation } from '../support/factories.ts';
import { startSlowEndpoint, type SlowEndpoint } from '../support/slow-endpoint.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The delivery worker's claims while lanes are in flight (src/endpoints/deliver-events.ts): a
// delivery queued then waits for the gather time after the last claim began, so that the
// deliveries of those milliseconds share one claim. A slow endpoint keeps a lane in flight.

const GATHER_MS = 1_000;
/** Far longer than draining the backlog below takes: without the exception, its last lane waits this long. */
const LONG_GATHER_MS = 3_000;

let t: TestApp;
let house: Accommodation;
let receiver: EventReceiver;
let slow: SlowEndpoint;

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  house = await makeAccommodation(t.ctx.db);
  receiver = await startEventReceiver();
  slow = await startSlowEndpoint();
});
after(async () => {
  await slow.close();
  await receiver.close();
  await t.close();
});

async function keyWithEndpoint(name: string, url: string): Promise<string> {
  const { key } = await createApiKey(t.ctx.db, { name, scope: 'api' });
  await addEndpoint(t, key, { url });
  return key;
}

const gatheringWorker = (claimGatherMs = GATHER_MS) =>
  deliveryWorker(t, 'gathering', { pollMs: 60_000, claimGatherMs });

describe(`claims while lanes are in flight (${testStoreKind})`, () => {
  test('a delivery queued while a lane is in flight waits for the gather time after the last claim', async () => {
    const fastKey = await keyWithEndpoint('fast partner', receiver.url);
    const slowKey = await keyWithEndpoint('slow partner', slow.url);
    await t.book(house.id, slowKey);
    await t.book(house.id, fastKey);
    const worker = gatheringWorker();
    const claimedFirst = performance.now();
    const run = worker.run();
    // The first claim took both: the slow endpoint's lane stays in flight, the fast one's ends.
    await Promise.all([slow.waitFor(1), receiver.waitFor(1)]);
    await t.book(house.id, fastKey);
    worker.wake();
    await receiver.waitFor(2);
    const second = performance.now() - claimedFirst;
    assert.ok(second >= GATHER_MS, `the second claim came ${String(Math.round(second))} ms after the first`);
    // Closing the slow endpoint ends its attempt (a failure, tried again later), and the run.
    await slow.close();
    assert.deepEqual(await run, { delivered: 2, failed: 1 });
  });

  test('a claim that filled a lane is followed at once: a backlog drains without waiting', async () => {
    const key = await keyWithEndpoint('busy partner', receiver.url);
    const before = receiver.received.length;
    for (let i = 0; i <= LANE_BATCH; i += 1) await t.book(house.id, key);
    const started = performance.now();
    const run = gatheringWorker(LONG_GATHER_MS).run();
    // A lane's batch, then the one left over, claimed as soon as the full lane ended.
    await receiver.waitFor(before + LANE_BATCH + 1);
    const all = performance.now() - started;
    assert.ok(
      all < LONG_GATHER_MS,
      `the last of the backlog arrived ${String(Math.round(all))} ms after the first claim`,
    );
    await run;
  });
});
