import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { claimDueDeliveries } from '../../src/events/delivery-repository.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/decisions.md#partner-events, what happens when delivery goes wrong: a delivery held by a
// process that died goes out again once its lease runs out (the same webhook-id); an endpoint
// failing for three days is disabled and the host mailed, its events kept for the catch-up feed;
// the private-network guard is applied again at delivery; the delivery metrics count.

let t: TestApp;
let house: Accommodation;
let receiver: EventReceiver;
let key: { key: string; id: number };
let endpoint: { id: number; secret: string };

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  house = await makeAccommodation(t.ctx.db);
  const created = await createApiKey(t.ctx.db, { name: 'failing partner', scope: 'api' });
  key = { key: created.key, id: created.record.id };
  receiver = await startEventReceiver();
  await setSetting(t.ctx.db, 'host_email', 'host@example.com');
});
after(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  receiver.answer = () => 200;
  await t.ctx.db.deleteFrom('event_deliveries').execute();
  await t.ctx.db.deleteFrom('event_endpoints').execute();
  const res = await t.admin('POST', '/admin/api/webhook-endpoints', { api_key_id: key.id, url: receiver.url });
  assert.equal(res.statusCode, 201, res.body);
  endpoint = res.json<{ data: { id: number; secret: string } }>().data;
});

function worker(options: { aheadMs?: number; allowPrivate?: boolean } = {}) {
  return deliveryWorker(t, 'live-worker', {
    config: { ...t.ctx.config, allowPrivateNetworks: options.allowPrivate ?? true },
    now: () => new Date(t.ctx.now().getTime() + (options.aheadMs ?? 0)),
  });
}

const book = () => t.book(house.id, key.key);

const deliveries = () =>
  t.ctx.db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).orderBy('id').execute();

describe(`event delivery failures (${testStoreKind})`, () => {
  test('a delivery held by a process that died goes out once its lease runs out, with the same id', async () => {
    const bookingId = await book();
    const { deliveries: held, more } = await claimDueDeliveries(t.ctx.db, {
      worker: 'killed-process',
      now: t.ctx.now(),
      leaseMs: 60_000,
      endpoints: 10,
      perEndpoint: 25,
    });
    assert.equal(more, false, 'every due delivery seen, and a lane for each of their endpoints');
    assert.equal(held.length, 1);
    assert.deepEqual(await worker().run(), { delivered: 0, failed: 0 }, 'not while the lease holds');
    const start = receiver.received.length;
    assert.deepEqual(await worker({ aheadMs: 61_000 }).run(), { delivered: 1, failed: 0 });
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    assert.ok(request);
    assert.equal(request.headers['webhook-id'], `evt_${held[0]?.event_id}`);
    assert.equal(verified(endpoint.secret, request).data.id, bookingId);
  });

  test('an endpoint failing for three days is disabled and the host mailed; the catch-up feed keeps its events', async () => {
    receiver.answer = () => 503;
    await book();
    assert.deepEqual(await worker().run(), { delivered: 0, failed: 1 });
    const [first] = await deliveries();
    assert.equal(first?.status, 'pending');
    assert.equal(first.attempts, 1);
    const row = await t.ctx.db
      .selectFrom('event_endpoints')
      .select(['status', 'failing_since'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'active');
    assert.ok(row.failing_since !== null);

    // Still failing three days and a bit later: disabled, with a mail to the host.
    const later = 3 * 24 * 3600 * 1000 + 60_000;
    await t.ctx.db.updateTable('event_deliveries').set({ next_attempt_at: t.ctx.now().toISOString() }).execute();
    assert.deepEqual(await worker({ aheadMs: later }).run(), { delivered: 0, failed: 1 });
    const disabled = await t.ctx.db
      .selectFrom('event_endpoints')
      .select('status')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    assert.equal(disabled.status, 'disabled');
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .select('recipient')
      .where('subject', '=', `Event endpoint disabled: ${receiver.url}`)
      .execute();
    assert.deepEqual(
      mail.map((m) => m.recipient),
      ['host@example.com'],
    );

    // A disabled endpoint gets no new deliveries; the key's catch-up feed has the event.
    const next = await book();
    assert.equal((await deliveries()).length, 1);
    const feed = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500`, key: key.key });
    assert.equal(feed.statusCode, 200, feed.body);
    const events = feed.json<{ data: { events: { type: string; data: { id: number } }[] } }>().data.events;
    assert.deepEqual(events.at(-1)?.data.id, next);

    // Resumed: active again, its failure streak forgotten, and the waiting delivery goes out.
    const resumed = await t.admin('POST', `/admin/api/webhook-endpoints/${endpoint.id}/resume`);
    assert.equal(resumed.statusCode, 200, resumed.body);
    assert.equal(resumed.json<{ data: { failing_since: string | null } }>().data.failing_since, null);
    receiver.answer = () => 200;
    await t.ctx.db.updateTable('event_deliveries').set({ next_attempt_at: t.ctx.now().toISOString() }).execute();
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 0 });
  });

  test('a batch where the endpoint fails once and answers once leaves it with no failure streak', async () => {
    await book();
    await book();
    receiver.answer = (index) => (index % 2 === 0 ? 503 : 200);
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 1 });
    const row = await t.ctx.db
      .selectFrom('event_endpoints')
      .select(['status', 'failing_since'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { status: 'active', failing_since: null });
  });

  test('the private-network guard is checked again at delivery: nothing reaches a loopback address', async () => {
    await book();
    const start = receiver.received.length;
    assert.deepEqual(await worker({ allowPrivate: false }).run(), { delivered: 0, failed: 1 });
    assert.equal(receiver.received.length, start);
    const [refused] = await deliveries();
    assert.equal(refused?.last_status, null);
    assert.match(refused.last_error ?? '', /private|loopback|internal/i);
  });

  test('a user name and password in the endpoint URL are sent as Basic authentication, and the password is never shown', async () => {
    await t.ctx.db.deleteFrom('event_endpoints').execute();
    const withCredentials = new URL(receiver.url);
    withCredentials.username = 'partner';
    withCredentials.password = 's@cret:1';
    const res = await t.admin('POST', '/admin/api/webhook-endpoints', {
      api_key_id: key.id,
      url: withCredentials.href,
    });
    assert.equal(res.statusCode, 201, res.body);
    endpoint = res.json<{ data: { id: number; secret: string } }>().data;
    await book();
    const start = receiver.received.length;
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 0 });
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    assert.equal(request?.headers.authorization, `Basic ${Buffer.from('partner:s@cret:1').toString('base64')}`);
    assert.equal(verified(endpoint.secret, request).type, 'booking.created');

    // Shown to the host (the answer that made it, the admin API) and to its key: the password masked.
    const shown = new URL(withCredentials);
    shown.password = '***';
    const urlOf = (answer: { body: string }) => (JSON.parse(answer.body) as { data: { url: string } }).data.url;
    assert.equal(urlOf(res), shown.href);
    assert.match(shown.href, /\/\/partner:\*\*\*@127\.0\.0\.1:/);
    assert.equal(urlOf(await t.admin('GET', `/admin/api/webhook-endpoints/${endpoint.id}`)), shown.href);
    const listed = await t.admin('GET', '/admin/api/webhook-endpoints');
    assert.deepEqual(
      listed.json<{ data: { url: string }[] }>().data.map((e) => e.url),
      [shown.href],
    );
    const own = await t.request({ method: 'GET', url: `${t.v1}/webhook-endpoints`, key: key.key });
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(
      own.json<{ data: { url: string }[] }>().data.map((e) => e.url),
      [shown.href],
    );
    for (const answer of [res, listed, own]) assert.ok(!/s(@|%40)cret/.test(answer.body), answer.body);
  });

  test('delivery metrics count deliveries, failures and latency', async () => {
    const metric = async (name: string) => {
      const text = await t.ctx.metrics.registry.metrics();
      return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    };
    const delivered = await metric('staydesk_event_deliveries_total\\{outcome="delivered"\\}');
    const retried = await metric('staydesk_event_deliveries_total\\{outcome="retry"\\}');
    const timed = await metric('staydesk_event_delivery_seconds_count');
    await book();
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 0 });
    receiver.answer = () => 500;
    await book();
    assert.deepEqual(await worker().run(), { delivered: 0, failed: 1 });
    assert.equal(await metric('staydesk_event_deliveries_total\\{outcome="delivered"\\}'), delivered + 1);
    assert.equal(await metric('staydesk_event_deliveries_total\\{outcome="retry"\\}'), retried + 1);
    assert.equal(await metric('staydesk_event_delivery_seconds_count'), timed + 1);
  });
});
