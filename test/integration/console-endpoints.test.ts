import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's Endpoints page over HTTP: each action is the admin API's use case, answered with
// a redirect; a secret is shown once; removal and rotation go through the confirmation page.

let t: TestApp;
let host: ConsoleClient;
let house: Accommodation;
let receiver: EventReceiver;
let partner: { key: string; id: number };

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  host = await signIn(t);
  house = await makeAccommodation(t.ctx.db);
  const created = await createApiKey(t.ctx.db, { name: 'Sunny Travel', scope: 'api' });
  partner = { key: created.key, id: created.record.id };
  receiver = await startEventReceiver();
});
after(async () => {
  await receiver.close();
  await t.close();
});

/** Sends every delivery due now. */
async function deliver(): Promise<{ delivered: number; failed: number }> {
  const worker = deliveryWorker(t, 'console-test');
  return worker.run();
}

async function book(): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    key: partner.key,
    payload: bookingBody(house.id, futureStay(2), {
      booking: { payment_method: 'bank_transfer', expected_amount: 275 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

/** The secret a page shows once (secretBox). */
function shownSecret(body: string): string | undefined {
  return /id="new-secret" class="secret" readonly value="([^"]+)"/.exec(body)?.[1];
}

function errorFor(body: string, name: string): string | undefined {
  return new RegExp(`id="err-${name}"[^>]*>([^<]*)<`).exec(body)?.[1];
}

const endpointRows = () => t.ctx.db.selectFrom('event_endpoints').selectAll().orderBy('id').execute();

describe(`console endpoints page (${testStoreKind})`, () => {
  test('the page is in the navigation and lists no endpoint at first', async () => {
    const res = await host.get('/admin/endpoints');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /<a href="\/admin\/endpoints" aria-current="page">Endpoints<\/a>/);
    assert.match(res.body, /No endpoints yet\./);
    assert.match(res.body, /Sunny Travel/);
  });

  test('a bad URL, no event or an unknown key is named beside its field, and nothing is added', async () => {
    const events = { event_booking_created: 'on' };
    const badUrl = await host.post('/admin/endpoints', { api_key_id: String(partner.id), url: 'not a url', ...events });
    assert.equal(badUrl.statusCode, 400);
    assert.ok(errorFor(badUrl.body, 'url'), badUrl.body);
    assert.match(badUrl.body, /value="not a url"/, 'the form keeps what was typed');
    const none = await host.post('/admin/endpoints', { api_key_id: String(partner.id), url: receiver.url });
    assert.equal(none.statusCode, 400);
    assert.match(errorFor(none.body, 'events') ?? '', /one or more/);
    const unknown = await host.post('/admin/endpoints', { api_key_id: '999999', url: receiver.url, ...events });
    assert.equal(unknown.statusCode, 404);
    assert.ok(errorFor(unknown.body, 'api_key_id'));
    assert.deepEqual(await endpointRows(), []);
  });

  test('add → delivery seen → pause → rotate → redeliver → remove', async () => {
    // Add: the secret is shown once, on the page the POST redirects to.
    const added = await host.post('/admin/endpoints', {
      api_key_id: String(partner.id),
      url: receiver.url,
      event_booking_created: 'on',
      event_booking_cancelled: 'on',
    });
    assert.equal(added.statusCode, 303, added.body);
    assert.equal(added.headers.location, '/admin/endpoints');
    const shown = await host.follow(added);
    const secret = shownSecret(shown.body);
    assert.ok(secret !== undefined && secret.startsWith('whsec_'), shown.body);
    assert.equal(shownSecret((await host.get('/admin/endpoints')).body), undefined, 'shown once');
    const [row] = await endpointRows();
    assert.ok(row);
    assert.deepEqual(JSON.parse(row.events), ['booking.created', 'booking.cancelled']);
    assert.equal(row.api_key_id, partner.id);

    // A booking's event reaches the receiver signed with that secret; the page shows the delivery.
    receiver.answer = () => 200;
    const bookingId = await book();
    assert.deepEqual(await deliver(), { delivered: 1, failed: 0 });
    const [first] = await receiver.waitFor(1);
    assert.ok(first);
    assert.equal(verified(secret, first).data.id, bookingId);
    const listed = await host.get('/admin/endpoints');
    assert.match(listed.body, /Sunny Travel/);
    assert.match(listed.body, new RegExp(`Endpoint ${row.id}: ${receiver.url}`));
    assert.match(listed.body, /booking\.created<br><code>evt_\d+<\/code>/);
    assert.match(listed.body, /delivered <span class="muted">/);
    assert.match(listed.body, /HTTP 200<br><span class="muted">thanks<\/span>/);

    // Pause: the next event waits; resume: it goes out.
    const paused = await host.post(`/admin/endpoints/${row.id}/pause`, {});
    assert.equal(paused.statusCode, 303);
    assert.equal(paused.headers.location, '/admin/endpoints?done=paused');
    assert.match((await host.follow(paused)).body, /Paused/);
    await book();
    assert.deepEqual(await deliver(), { delivered: 0, failed: 0 });
    const resumed = await host.post(`/admin/endpoints/${row.id}/resume`, {});
    assert.equal(resumed.headers.location, '/admin/endpoints?done=resumed');
    assert.deepEqual(await deliver(), { delivered: 1, failed: 0 });

    // Rotate: through the confirmation page; the new secret is shown once and both sign for a day.
    const confirm = await host.get(`/admin/confirm?action=rotate-endpoint-secret&id=${row.id}`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, new RegExp(`action="/admin/endpoints/${row.id}/rotate"`));
    const rotated = await host.post(`/admin/endpoints/${row.id}/rotate`, {});
    assert.equal(rotated.statusCode, 303);
    const fresh = shownSecret((await host.follow(rotated)).body);
    assert.ok(fresh !== undefined && fresh !== secret);
    assert.match((await host.get('/admin/endpoints')).body, /The previous secret also signs until/);

    // Redeliver the first delivery: the same webhook-id, signed with the new and the old secret.
    const [delivery] = await t.ctx.db
      .selectFrom('event_deliveries')
      .select(['id', 'event_id'])
      .where('endpoint_id', '=', row.id)
      .orderBy('id')
      .execute();
    assert.ok(delivery);
    const redo = await host.post(`/admin/endpoints/${row.id}/deliveries/${delivery.id}/redeliver`, {});
    assert.equal(redo.statusCode, 303);
    assert.equal(redo.headers.location, `/admin/endpoints?done=redelivered#endpoint-${row.id}`);
    assert.deepEqual(await deliver(), { delivered: 1, failed: 0 });
    const again = (await receiver.waitFor(3))[2];
    assert.ok(again);
    assert.equal(again.headers['webhook-id'], first.headers['webhook-id']);
    assert.equal(verified(fresh, again).data.id, bookingId);
    assert.equal(verified(secret, again).data.id, bookingId);

    // A failed answer is shown, shortened.
    receiver.answer = () => 503;
    await book();
    assert.deepEqual(await deliver(), { delivered: 0, failed: 1 });
    const failing = await host.get('/admin/endpoints');
    assert.match(failing.body, /HTTP 503<br><span class="muted">not now<\/span>/);
    assert.match(failing.body, /failing since/);
    receiver.answer = () => 200;

    // Remove: through the confirmation page; then nothing is left and there is nothing to confirm.
    const ask = await host.get(`/admin/confirm?action=remove-endpoint&id=${row.id}`);
    assert.match(ask.body, new RegExp(`action="/admin/endpoints/${row.id}/remove"`));
    const removed = await host.post(`/admin/endpoints/${row.id}/remove`, {});
    assert.equal(removed.headers.location, '/admin/endpoints?done=removed');
    assert.deepEqual(await endpointRows(), []);
    const count = await t.ctx.db
      .selectFrom('event_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('endpoint_id', '=', row.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
    assert.match((await host.get(`/admin/confirm?action=remove-endpoint&id=${row.id}`)).body, /nothing to confirm/);
  });

  test('an unknown endpoint or delivery is a 404 page; a change without the CSRF token is refused', async () => {
    for (const url of [
      '/admin/endpoints/999999/pause',
      '/admin/endpoints/999999/rotate',
      '/admin/endpoints/999999/remove',
    ]) {
      const res = await host.post(url, {});
      assert.equal(res.statusCode, 404, url);
      assert.match(res.body, /<main id="main"/);
    }
    const missing = await host.post('/admin/endpoints/999999/deliveries/1/redeliver', {});
    assert.equal(missing.statusCode, 404);
    const forged = await host.post(
      '/admin/endpoints',
      { api_key_id: String(partner.id), url: receiver.url, event_booking_created: 'on' },
      { csrf: false },
    );
    assert.equal(forged.statusCode, 403);
    assert.deepEqual(await endpointRows(), []);
  });
});
