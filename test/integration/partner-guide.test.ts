import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { signedHeaders } from '../../src/events/standard-webhooks.ts';
import { createEventDelivery } from '../../src/endpoints/deliver-events.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/partners.md: the receiver example, as printed, verifies what Staydesk sends and refuses
// what it did not sign.

interface Example {
  verifyEvent(secret: string, headers: Record<string, string>, body: string, now?: number): { id: string } | null;
  startReceiver(secret: string, handle: (event: { type: string; data: { id: number } }) => void, port?: number): Server;
}

let dir: string;
let example: Example;
let t: TestApp;
before(async () => {
  const guide = await readFile(path.resolve(import.meta.dirname, '../../docs/partners.md'), 'utf8');
  const block = /<!-- receiver-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- receiver-example:end -->/.exec(guide);
  assert.ok(block?.[1], 'docs/partners.md has the receiver example');
  dir = await mkdtemp(path.join(tmpdir(), 'staydesk-guide-'));
  const file = path.join(dir, 'receiver.ts');
  await writeFile(file, block[1]);
  example = (await import(pathToFileURL(file).href)) as Example;
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
});
after(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

test('the guide’s verifier accepts Standard Webhooks signatures and refuses tampering, staleness and other secrets', () => {
  const secret = `whsec_${Buffer.from('a partner secret of enough bytes').toString('base64')}`;
  const body = JSON.stringify({ type: 'booking.created', timestamp: new Date().toISOString(), data: { id: 1 } });
  const now = Math.floor(Date.now() / 1000);
  const ours = signedHeaders([secret], 'evt_7', now, body);
  assert.equal(example.verifyEvent(secret, ours, body)?.id, 'evt_7');
  const reference = new Webhook(secret).sign('evt_8', new Date(now * 1000), body);
  assert.equal(
    example.verifyEvent(secret, { ...ours, 'webhook-id': 'evt_8', 'webhook-signature': reference }, body)?.id,
    'evt_8',
  );
  assert.equal(example.verifyEvent(secret, ours, body.replace('"id":1', '"id":2')), null);
  assert.equal(example.verifyEvent(secret, ours, body, now + 600), null);
  assert.equal(example.verifyEvent(`whsec_${Buffer.from('another').toString('base64')}`, ours, body), null);
  // During a rotation's overlap either secret verifies.
  const old = `whsec_${Buffer.from('the previous secret').toString('base64')}`;
  const both = signedHeaders([secret, old], 'evt_9', now, body);
  assert.equal(example.verifyEvent(old, both, body)?.id, 'evt_9');
});

test(`the guide’s receiver gets a booking's event from Staydesk (${testStoreKind})`, async () => {
  const house = await makeAccommodation(t.ctx.db);
  const received: { type: string; data: { id: number } }[] = [];
  // A free port first: the endpoint's URL is registered before the receiver holding its secret starts.
  const probe = example.startReceiver('whsec_', () => undefined);
  await once(probe, 'listening');
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/webhook-endpoints`,
    payload: { url: `http://127.0.0.1:${port}/events` },
  });
  assert.equal(res.statusCode, 201, res.body);
  const { secret } = res.json<{ data: { secret: string } }>().data;
  const endpointServer = example.startReceiver(secret, (event) => received.push(event), port);
  await once(endpointServer, 'listening');
  try {
    const booked = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(house.id, futureStay(2), { booking: { expected_amount: 275 } }),
    });
    const id = booked.json<{ data: { booking_id: number } }>().data.booking_id;
    const worker = createEventDelivery({
      db: t.ctx.db,
      config: t.ctx.config,
      metrics: t.ctx.metrics,
      log: { warn: () => undefined, error: () => undefined },
      now: () => t.ctx.now(),
      worker: 'guide',
    });
    assert.deepEqual(await worker.run(), { delivered: 1, failed: 0 });
    assert.deepEqual(
      received.map((e) => [e.type, e.data.id]),
      [['booking.created', id]],
    );
  } finally {
    endpointServer.close();
  }
});
