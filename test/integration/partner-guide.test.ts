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
import { deliveryWorker } from '../support/delivery-worker.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/partners.md: the receiver example, as printed (its `@staydesk/client` being the client's
// sources), handles what Staydesk sends once per event id and refuses what it did not sign.

interface Example {
  startReceiver(
    secret: string,
    handle: (event: { id: string; type: string; data: { id: number } }) => void,
    port?: number,
  ): Server;
}

const CLIENT = pathToFileURL(path.resolve(import.meta.dirname, '../../packages/client/src/index.ts')).href;

let dir: string;
let example: Example;
let t: TestApp;
before(async () => {
  const guide = await readFile(path.resolve(import.meta.dirname, '../../docs/partners.md'), 'utf8');
  const block = /<!-- receiver-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- receiver-example:end -->/.exec(guide);
  assert.ok(block?.[1], 'docs/partners.md has the receiver example');
  assert.ok(block[1].includes("from '@staydesk/client'"), "the example uses the client's verifyEvent");
  dir = await mkdtemp(path.join(tmpdir(), 'staydesk-guide-'));
  const file = path.join(dir, 'receiver.ts');
  await writeFile(file, block[1].replace("from '@staydesk/client'", `from '${CLIENT}'`));
  example = (await import(pathToFileURL(file).href)) as Example;
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
});
after(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(port: number, headers: Record<string, string>, body: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/events`, { method: 'POST', headers, body });
  return res.status;
}

test('the guide’s receiver handles a signed event once per id, and refuses tampering, staleness and other secrets', async () => {
  const secret = `whsec_${Buffer.from('a partner secret of enough bytes').toString('base64')}`;
  const handled: string[] = [];
  const receiver = example.startReceiver(secret, (event) => handled.push(`${event.id} ${event.type}`));
  await once(receiver, 'listening');
  const port = (receiver.address() as AddressInfo).port;
  try {
    const now = Math.floor(Date.now() / 1000);
    const at = new Date(now * 1000).toISOString();
    const body = (id: string) =>
      JSON.stringify({ id, type: 'booking.created', timestamp: at, livemode: true, data: { id: 1 } });
    assert.equal(await post(port, signedHeaders([secret], 'evt_7', now, body('evt_7')), body('evt_7')), 204);
    assert.equal(await post(port, signedHeaders([secret], 'evt_7', now, body('evt_7')), body('evt_7')), 204);
    const reference = new Webhook(secret).sign('evt_8', new Date(now * 1000), body('evt_8'));
    const referenceHeaders = {
      'webhook-id': 'evt_8',
      'webhook-timestamp': String(now),
      'webhook-signature': reference,
    };
    assert.equal(await post(port, referenceHeaders, body('evt_8')), 204);
    // During a rotation's overlap either secret verifies.
    const old = `whsec_${Buffer.from('the previous secret').toString('base64')}`;
    assert.equal(await post(port, signedHeaders([old, secret], 'evt_9', now, body('evt_9')), body('evt_9')), 204);
    const ours = signedHeaders([secret], 'evt_10', now, body('evt_10'));
    assert.equal(await post(port, ours, body('evt_10').replace('"id":1', '"id":2')), 400);
    assert.equal(await post(port, signedHeaders([secret], 'evt_10', now - 600, body('evt_10')), body('evt_10')), 400);
    const another = `whsec_${Buffer.from('another').toString('base64')}`;
    assert.equal(await post(port, signedHeaders([another], 'evt_10', now, body('evt_10')), body('evt_10')), 400);
    assert.deepEqual(handled, ['evt_7 booking.created', 'evt_8 booking.created', 'evt_9 booking.created']);
  } finally {
    receiver.close();
  }
});

test(`the guide’s receiver gets a booking's event from Staydesk (${testStoreKind})`, async () => {
  const house = await makeAccommodation(t.ctx.db);
  const received: { id: string; type: string; data: { id: number } }[] = [];
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
    const worker = deliveryWorker(t, 'guide');
    assert.deepEqual(await worker.run(), { delivered: 1, failed: 0 });
    assert.deepEqual(
      received.map((e) => [e.type, e.data.id]),
      [['booking.created', id]],
    );
  } finally {
    endpointServer.close();
  }
});
