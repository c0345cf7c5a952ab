import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { startBackgroundJobs } from '../../src/jobs/background-jobs.ts';
import type { JobRunner } from '../../src/jobs/job-runner.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { addEndpoint } from '../support/event-endpoints.ts';
import { makeAccommodation } from '../support/factories.ts';
import { startSlowEndpoint, type SlowEndpoint } from '../support/slow-endpoint.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/decisions.md#partner-events, fair delivery: an endpoint that answers slowly or not at all
// delays no other endpoint's event by more than 2 s, and a key's slow endpoints, as many as it
// may have, delay no other key's. The slow endpoints take each request and never answer (the
// worker's 10 s timeout is the longest an attempt waits), with the real background worker.

const FAIR_MS = 2_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let house: Accommodation;
let jobs: JobRunner;
let fast: EventReceiver;
const slow: SlowEndpoint[] = [];

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  house = await makeAccommodation(t.ctx.db);
  fast = await startEventReceiver();
  jobs = startBackgroundJobs(t.ctx, quiet, { worker: 'fair' });
});
after(async () => {
  // Dropping the slow endpoints' connections ends the attempts still waiting, so the worker stops at once.
  for (const endpoint of slow) await endpoint.close();
  await jobs.stop();
  await fast.close();
  await t.close();
});

async function newKey(name: string): Promise<string> {
  return (await createApiKey(t.ctx.db, { name, scope: 'api' })).key;
}

/** Books with `key` and waits for its booking.created at the fast receiver: how long that took. */
async function bookAndTime(key: string, secret: string): Promise<number> {
  const before = fast.received.length;
  const started = performance.now();
  const bookingId = await t.book(house.id, key);
  const [request] = (await fast.waitFor(before + 1)).slice(before);
  const elapsed = performance.now() - started;
  assert.ok(request);
  const event = verified(secret, request);
  assert.equal(event.type, 'booking.created');
  assert.equal(event.data.id, bookingId);
  return elapsed;
}

describe(`fair event delivery (${testStoreKind})`, () => {
  test("ten endpoints of one key that never answer delay another key's booking.created by less than 2 s", async () => {
    const slowKey = await newKey('slow partner');
    for (let i = 0; i < t.config.endpointsPerKey; i++) {
      const endpoint = await startSlowEndpoint();
      slow.push(endpoint);
      await addEndpoint(t, slowKey, { url: endpoint.url });
    }
    const fastKey = await newKey('fast partner');
    const { secret } = await addEndpoint(t, fastKey, { url: fast.url });

    // The slow key's bookings: every one of its endpoints is now waiting on an attempt, with more queued behind.
    await t.book(house.id, slowKey);
    await t.book(house.id, slowKey);
    await Promise.all(slow.map((endpoint) => endpoint.waitFor(1)));

    for (let i = 0; i < 3; i += 1) {
      const elapsed = await bookAndTime(fastKey, secret);
      assert.ok(elapsed < FAIR_MS, `the fast key's event took ${Math.round(elapsed)} ms`);
    }
    // The slow attempts were all still waiting meanwhile: nothing timed out to make room.
    assert.ok(slow.every((endpoint) => endpoint.waiting >= 1));
    const pending = await t.ctx.db
      .selectFrom('event_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .execute();
    assert.ok(pending.length >= slow.length, 'the slow endpoints still owe their first answers');
  });

  test('a slow endpoint delays no other endpoint of the same key', async () => {
    const key = await newKey('partner with one slow endpoint');
    const stuck = await startSlowEndpoint();
    slow.push(stuck);
    await addEndpoint(t, key, { url: stuck.url });
    const { secret } = await addEndpoint(t, key, { url: fast.url });
    for (let i = 0; i < 3; i += 1) {
      const elapsed = await bookAndTime(key, secret);
      assert.ok(elapsed < FAIR_MS, `the fast endpoint's event took ${Math.round(elapsed)} ms`);
    }
    assert.equal(stuck.waiting, 1, 'the slow endpoint has one attempt at a time');
  });
});
