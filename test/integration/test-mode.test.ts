import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { signIn } from '../support/console-client.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { addEndpoint } from '../support/event-endpoints.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/partners.md#test-mode: test keys (sdk_test_…) make test bookings that see the live
// calendar but never take a live night, and test and live data never meet.

let t: TestApp;
let house: Accommodation;
let receiver: EventReceiver;
before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  house = await makeAccommodation(t.ctx.db);
  receiver = await startEventReceiver();
});
after(async () => {
  await receiver.close();
  await t.close();
});

/** Runs the delivery worker until nothing more is due now. */
async function drain(): Promise<void> {
  const worker = deliveryWorker(t, 'test-mode-worker');
  for (;;) {
    const { delivered, failed } = await worker.run();
    if (delivered + failed === 0) return;
  }
}

type Stay = { checkin: string; checkout: string };

/** Two nights at the test house: 2 × 100 + 50 cleaning, 10 % tax. */
function book(key: string, stay: Stay, method = 'bank_transfer') {
  return t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    key,
    payload: bookingBody(house.id, stay, { booking: { payment_method: method, expected_amount: 275 } }),
  });
}

async function booked(key: string, stay: Stay, method = 'bank_transfer') {
  const res = await book(key, stay, method);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number; confirmation_code: string; status: string } }>().data;
}

function reasonOf(res: { body: string }): string {
  return (JSON.parse(res.body) as { error: { details: { reason: string } } }).error.details.reason;
}

interface FeedEvent {
  id: string;
  type: string;
  livemode: boolean;
  data: { id?: number };
}

async function feed(key: string): Promise<FeedEvent[]> {
  const res = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500`, key });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { events: FeedEvent[] } }>().data.events;
}

interface KeyAnswer {
  id: number;
  key: string;
  prefix: string;
  mode: string;
  scope: string;
}

async function newKey(name: string, body: Record<string, unknown> = {}): Promise<KeyAnswer> {
  const res = await t.admin('POST', '/admin/api/api-keys', { name, ...body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: KeyAnswer }>().data;
}

describe(`test keys (${testStoreKind})`, () => {
  test('the admin API makes a test key: sdk_test_…, mode test; live keys keep sdk_ and mode live', async () => {
    const test = await newKey('sandbox', { mode: 'test' });
    assert.match(test.key, /^sdk_test_[A-Za-z0-9_-]{32}$/);
    assert.equal(test.mode, 'test');
    assert.equal(test.scope, 'api');
    assert.equal(test.prefix, test.key.slice(0, 15));
    const live = await newKey('live site');
    assert.match(live.key, /^sdk_[A-Za-z0-9_-]{32}$/);
    assert.doesNotMatch(live.key, /^sdk_test_/);
    assert.equal(live.mode, 'live');
    const list = await t.admin('GET', '/admin/api/api-keys');
    const modes = new Map(list.json<{ data: KeyAnswer[] }>().data.map((k) => [k.id, k.mode]));
    assert.equal(modes.get(test.id), 'test');
    assert.equal(modes.get(live.id), 'live');
    // The test key calls v1.
    const ping = await t.request({ method: 'GET', url: `${t.v1}/test`, key: test.key });
    assert.equal(ping.statusCode, 200, ping.body);
  });

  test('a test key with admin scope is refused (400 test_admin_key), and a test key may not call the admin API', async () => {
    const res = await t.admin('POST', '/admin/api/api-keys', { name: 'x', scope: 'admin', mode: 'test' });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'test_admin_key');
    const test = await newKey('sandbox 2', { mode: 'test' });
    const admin = await t.request({ method: 'GET', url: '/admin/api/api-keys', key: test.key });
    assert.equal(admin.statusCode, 403);
  });
});

describe(`test keys from the console (${testStoreKind})`, () => {
  test('the key form makes a test key (sdk_test_…, listed as test) whose booking mail the Outbox shows as "Test, not sent"', async () => {
    const host = await signIn(t);
    const made = await host.post('/admin/settings/api-keys', { name: 'console sandbox', scope: 'test' });
    assert.equal(made.statusCode, 303, made.body);
    const shown = await host.follow(made);
    assert.match(shown.body, /New test key “console sandbox”/);
    const key = /value="(sdk_[A-Za-z0-9_-]+)"/.exec(shown.body)?.[1];
    assert.ok(key !== undefined, 'the new key is on the page');
    assert.match(key, /^sdk_test_/);
    const record = await t.ctx.db
      .selectFrom('api_keys')
      .select(['scope', 'mode'])
      .where('name', '=', 'console sandbox')
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...record }, { scope: 'api', mode: 'test' });

    // The key makes test bookings; the guest's mail is written and kept, never queued to send.
    const testBooking = await booked(key, futureStay(2));
    const liveBooking = await booked(t.apiKey, futureStay(2));
    const outbox = await host.get('/admin/outbox');
    assert.equal(outbox.statusCode, 200);
    const rowOf = (id: number) =>
      outbox.body.split('<tr>').find((row) => row.includes(`href="/admin/bookings/${String(id)}"`)) ?? '';
    assert.match(rowOf(testBooking.booking_id), /<span class="badge mail-test">Test, not sent<\/span>/);
    assert.match(rowOf(liveBooking.booking_id), /Queued, not sent yet|Sent|Failed/);
    assert.doesNotMatch(rowOf(liveBooking.booking_id), /Test, not sent/);
    const onlyTest = await host.get('/admin/outbox?status=test');
    assert.match(onlyTest.body, new RegExp(`href="/admin/bookings/${String(testBooking.booking_id)}"`));
    assert.doesNotMatch(onlyTest.body, new RegExp(`href="/admin/bookings/${String(liveBooking.booking_id)}"`));
  });
});

describe(`test bookings never meet live data (${testStoreKind})`, () => {
  let testKey: KeyAnswer;
  let otherTestKey: KeyAnswer;
  let liveKey: KeyAnswer;
  before(async () => {
    testKey = await newKey('sandbox bookings', { mode: 'test' });
    otherTestKey = await newKey('another sandbox', { mode: 'test' });
    liveKey = await newKey('live bookings');
  });

  test('a test booking takes no live night: a live booking of the same nights succeeds afterwards', async () => {
    const stay = futureStay(2);
    const test = await booked(testKey.key, stay);
    assert.equal(test.status, 'confirmed');
    const row = await t.ctx.db
      .selectFrom('bookings')
      .select(['mode', 'api_key_id'])
      .where('id', '=', test.booking_id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { mode: 'test', api_key_id: testKey.id });
    const live = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('booking_id', '=', test.booking_id)
      .execute();
    assert.equal(live.length, 0, 'no live claim');
    const held = await t.ctx.db
      .selectFrom('test_night_claims')
      .select('night')
      .where('booking_id', '=', test.booking_id)
      .orderBy('night')
      .execute();
    assert.deepEqual(
      held.map((h) => h.night),
      [stay.checkin, addDaysTo(stay.checkin, 1)],
    );
    // Availability still says free to everyone, and a live key books the nights.
    const quote = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      key: liveKey.key,
      payload: { accommodation_id: house.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 },
    });
    assert.equal(quote.statusCode, 200, quote.body);
    assert.match(quote.body, /"available":true/);
    await booked(liveKey.key, stay);
    // Another test key has its own test nights.
    await booked(otherTestKey.key, futureStay(2, 900));
  });

  test('a test booking sees the live calendar: a night taken live is 409 dates_unavailable, named as Reserved', async () => {
    const stay = futureStay(2);
    const live = await booked(liveKey.key, stay);
    const res = await book(testKey.key, stay);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(reasonOf(res), 'dates_unavailable');
    assert.doesNotMatch(res.body, new RegExp(live.confirmation_code));
  });

  test('two test bookings of the same nights sent at once: one 200 and one 409; a third test key is not held up', async () => {
    const stay = futureStay(3);
    const body = (key: string) =>
      t.request({
        method: 'POST',
        url: `${t.v1}/bookings`,
        key,
        payload: bookingBody(house.id, stay, { booking: { expected_amount: 385 } }),
      });
    const answers = await Promise.all([body(testKey.key), body(testKey.key)]);
    const codes = answers.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, 409], answers.map((r) => r.body).join('\n'));
    const refused = answers.find((r) => r.statusCode === 409);
    assert.ok(refused !== undefined);
    assert.equal(reasonOf(refused), 'dates_unavailable');
    // The key sees its own test booking named in the 409.
    const won = answers.find((r) => r.statusCode === 200)?.json<{ data: { confirmation_code: string } }>();
    assert.match(refused.body, new RegExp(won?.data.confirmation_code ?? 'none'));
    assert.equal((await body(otherTestKey.key)).statusCode, 200, 'test nights are per key');
    assert.equal((await body(liveKey.key)).statusCode, 200, 'and never live');
  });

  test('GET /bookings/:id: live and admin keys get 404 for a test booking; a test key 404 for a live one', async () => {
    const test = await booked(testKey.key, futureStay(2));
    const live = await booked(liveKey.key, futureStay(2));
    const get = (key: string, id: number) => t.request({ method: 'GET', url: `${t.v1}/bookings/${String(id)}`, key });
    assert.equal((await get(testKey.key, test.booking_id)).statusCode, 200);
    assert.equal((await get(liveKey.key, test.booking_id)).statusCode, 404);
    assert.equal((await get(t.adminKey, test.booking_id)).statusCode, 404);
    assert.equal((await get(otherTestKey.key, test.booking_id)).statusCode, 404);
    assert.equal((await get(testKey.key, live.booking_id)).statusCode, 404);
    assert.equal((await t.admin('GET', `/admin/api/bookings/${String(test.booking_id)}`)).statusCode, 404);
  });

  test('test bookings mail no guest (kept as test mails), and are in no live list, search, calendar or report', async () => {
    const stay = futureStay(2, 30);
    const month = stay.checkin.slice(0, 7);
    const range = `from=${month}-01&to=${addDaysTo(`${month}-01`, 62)}`;
    const reportBefore = (await t.admin('GET', `/admin/api/reports/occupancy?${range}`)).json<{ data: unknown }>().data;
    const test = await booked(testKey.key, stay);
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select(['status'])
      .where('booking_id', '=', test.booking_id)
      .execute();
    assert.deepEqual(
      mails.map((m) => m.status),
      ['test'],
    );
    const reportAfter = (await t.admin('GET', `/admin/api/reports/occupancy?${range}`)).json<{ data: unknown }>().data;
    assert.deepEqual(reportAfter, reportBefore, 'reports count no test booking');
    const list = await t.admin('GET', `/admin/api/bookings?q=${test.confirmation_code}`);
    assert.equal(list.statusCode, 200, list.body);
    assert.doesNotMatch(list.body, new RegExp(test.confirmation_code));
    const all = await t.admin('GET', '/admin/api/bookings?limit=200');
    assert.doesNotMatch(all.body, new RegExp(test.confirmation_code));
    const csv = await t.admin('GET', '/admin/api/bookings.csv');
    assert.doesNotMatch(csv.body, new RegExp(test.confirmation_code));
    // The v1 calendar shows the nights free to every key, the test key too.
    for (const key of [liveKey.key, testKey.key]) {
      const calendar = await t.request({
        method: 'POST',
        url: `${t.v1}/calendar`,
        key,
        payload: { accommodation_id: house.id, month: Number(month.slice(5)), year: Number(month.slice(0, 4)) },
      });
      assert.equal(calendar.statusCode, 200, calendar.body);
      assert.doesNotMatch(calendar.body, new RegExp(test.confirmation_code));
    }
  });
});

describe(`events of test bookings say livemode: false (${testStoreKind})`, () => {
  test("a test key's events go to its own endpoints and feed with livemode false; live ones say true; no calendar change", async () => {
    const testKey = await newKey('sandbox events', { mode: 'test' });
    const liveKey = await newKey('live events');
    await addEndpoint(t, testKey.key, { url: `${receiver.url}/test` });
    await addEndpoint(t, liveKey.key, { url: `${receiver.url}/live`, events: ['booking.created', 'calendar.changed'] });
    const test = await booked(testKey.key, futureStay(2));
    await drain();
    const bodies = (path: string) =>
      receiver.received
        .filter((r) => r.path === `/hooks${path}`)
        .map((r) => JSON.parse(r.body) as { type: string; livemode: boolean; data: { id?: number } });
    const toTest = bodies('/test');
    assert.deepEqual(
      toTest.map((b) => [b.type, b.livemode, b.data.id]),
      [['booking.created', false, test.booking_id]],
    );
    assert.equal(bodies('/live').length, 0, 'a live key hears nothing of a test booking, not even a calendar change');
    const testFeed = await feed(testKey.key);
    assert.deepEqual(
      testFeed.map((e) => [e.type, e.livemode, e.data.id]),
      [['booking.created', false, test.booking_id]],
    );
    assert.equal((await feed(liveKey.key)).length, 0);
    const live = await booked(liveKey.key, futureStay(2));
    await drain();
    const toLive = bodies('/live');
    assert.deepEqual(toLive.map((b) => [b.type, b.livemode]).sort(), [
      ['booking.created', true],
      ['calendar.changed', true],
    ]);
    assert.deepEqual(
      (await feed(liveKey.key)).map((e) => [e.type, e.livemode, e.data.id]),
      [['booking.created', true, live.booking_id]],
    );
  });
});

describe(`test payments play the card processor (${testStoreKind})`, () => {
  const pay = (key: string, id: number, outcome: string) =>
    t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/test/bookings/${String(id)}/payment`,
      key,
      payload: { outcome },
    });
  interface Played {
    outcome: string;
    booking: { id: number; status: string; payment: { state: string; amount_paid: number } };
  }

  test('failed and amount_mismatch leave the draft a draft (payment issues of no live list); succeeded confirms it', async () => {
    const testKey = await newKey('sandbox payments', { mode: 'test' });
    await addEndpoint(t, testKey.key, {
      url: `${receiver.url}/payments`,
      events: ['booking.confirmed', 'payment.issue'],
    });
    const draft = await booked(testKey.key, futureStay(2), 'card_processor');
    assert.equal(draft.status, 'draft');
    const failed = await pay(testKey.key, draft.booking_id, 'failed');
    assert.equal(failed.statusCode, 200, failed.body);
    assert.equal(failed.json<{ data: Played }>().data.outcome, 'payment_failed');
    assert.equal(failed.json<{ data: Played }>().data.booking.status, 'draft');
    const mismatch = await pay(testKey.key, draft.booking_id, 'amount_mismatch');
    assert.equal(mismatch.statusCode, 200, mismatch.body);
    assert.equal(mismatch.json<{ data: Played }>().data.outcome, 'amount_mismatch');
    assert.equal(mismatch.json<{ data: Played }>().data.booking.status, 'draft');
    const paid = await pay(testKey.key, draft.booking_id, 'succeeded');
    assert.equal(paid.statusCode, 200, paid.body);
    const played = paid.json<{ data: Played }>().data;
    assert.equal(played.outcome, 'confirmed');
    assert.equal(played.booking.status, 'confirmed');
    assert.equal(played.booking.payment.state, 'paid');
    // Exactly as live: the confirmation mail (kept as a test mail), the events with livemode false.
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('status')
      .where('booking_id', '=', draft.booking_id)
      .execute();
    assert.deepEqual(
      mails.map((m) => m.status),
      ['test'],
    );
    await drain();
    const events = receiver.received
      .filter((r) => r.path === '/hooks/payments')
      .map((r) => JSON.parse(r.body) as { type: string; livemode: boolean });
    assert.deepEqual(
      events.map((e) => [e.type, e.livemode]),
      [
        ['payment.issue', false],
        ['booking.confirmed', false],
      ],
    );
    const issues = await t.ctx.db
      .selectFrom('payment_issues')
      .select('kind')
      .where('booking_id', '=', draft.booking_id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      issues.map((i) => i.kind),
      ['payment_failed', 'amount_mismatch'],
    );
    const listed = await t.admin('GET', '/admin/api/payment-issues');
    assert.equal(listed.statusCode, 200, listed.body);
    assert.doesNotMatch(listed.body, new RegExp(`"booking_id":${String(draft.booking_id)}\\b`));
  });

  test('a live key is refused (403 test_key_required); a live or another key’s booking is a 404', async () => {
    const testKey = await newKey('sandbox payments 2', { mode: 'test' });
    const liveKey = await newKey('live payments');
    const testDraft = await booked(testKey.key, futureStay(2), 'card_processor');
    const liveDraft = await booked(liveKey.key, futureStay(2), 'card_processor');
    const byLive = await pay(liveKey.key, liveDraft.booking_id, 'succeeded');
    assert.equal(byLive.statusCode, 403, byLive.body);
    assert.equal(reasonOf(byLive), 'test_key_required');
    assert.equal((await pay(t.adminKey, testDraft.booking_id, 'succeeded')).statusCode, 403);
    const liveBooking = await pay(testKey.key, liveDraft.booking_id, 'succeeded');
    assert.equal(liveBooking.statusCode, 404, liveBooking.body);
    assert.equal(reasonOf(liveBooking), 'booking_not_found');
    const other = await newKey('sandbox payments 3', { mode: 'test' });
    assert.equal((await pay(other.key, testDraft.booking_id, 'succeeded')).statusCode, 404);
    const status = await t.ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('id', 'in', [testDraft.booking_id, liveDraft.booking_id])
      .execute();
    assert.deepEqual(
      status.map((s) => s.status),
      ['draft', 'draft'],
    );
    const bad = await pay(testKey.key, testDraft.booking_id, 'refunded');
    assert.equal(bad.statusCode, 400);
  });
});

describe(`send a test event (${testStoreKind})`, () => {
  test('v1, the admin API and the console send a signed sample booking.created, livemode false, listed in the delivery log', async () => {
    const liveKey = await newKey('live test events');
    const endpoint = await addEndpoint(t, liveKey.key, { url: `${receiver.url}/samples` });
    const send = await t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/webhook-endpoints/${String(endpoint.id)}/test`,
      key: liveKey.key,
    });
    assert.equal(send.statusCode, 200, send.body);
    const sent = send.json<{ data: { event_id: string; delivery_id: number } }>().data;
    assert.match(sent.event_id, /^evt_/);
    const byHost = await t.admin('POST', `/admin/api/webhook-endpoints/${String(endpoint.id)}/test`);
    assert.equal(byHost.statusCode, 200, byHost.body);
    const host = await signIn(t);
    const page = await host.get('/admin/endpoints');
    assert.match(page.body, new RegExp(`Send a test event to endpoint ${String(endpoint.id)}`));
    const fromConsole = await host.post(`/admin/endpoints/${String(endpoint.id)}/test`, {});
    assert.equal(fromConsole.statusCode, 303, fromConsole.body);
    await drain();
    const arrived = receiver.received.filter((r) => r.path === '/hooks/samples');
    assert.equal(arrived.length, 3);
    const first = arrived[0];
    assert.ok(first !== undefined);
    assert.equal(first.headers['webhook-id'], sent.event_id);
    const body = verified(endpoint.secret, first) as { type: string; livemode?: boolean; data: { id?: number } };
    assert.equal(body.type, 'booking.created');
    assert.equal(body.livemode, false);
    assert.equal(body.data.id, 0);
    const log = await t.admin('GET', `/admin/api/webhook-endpoints/${String(endpoint.id)}/deliveries`);
    assert.equal(log.statusCode, 200, log.body);
    const deliveries = log.json<{ data: { event_id: string; status: string }[] }>().data;
    assert.ok(
      deliveries.some((d) => d.event_id === sent.event_id && d.status === 'delivered'),
      log.body,
    );
    // No key's event: the catch-up feed does not carry it.
    assert.equal((await feed(liveKey.key)).length, 0);
    // Another key's endpoint is not there for this key.
    const other = await newKey('other test events');
    const refused = await t.request({
      method: 'POST',
      url: `${t.v1}/webhook-endpoints/${String(endpoint.id)}/test`,
      key: other.key,
    });
    assert.equal(refused.statusCode, 404);
    assert.equal(reasonOf(refused), 'endpoint_not_found');
  });
});

describe(`test data removed on request (${testStoreKind})`, () => {
  test('DELETE /admin/api/test-data removes every test booking and what names it, in one go; live data stays', async () => {
    const testKey = await newKey('sandbox clean-up', { mode: 'test' });
    const liveKey = await newKey('live clean-up');
    await addEndpoint(t, testKey.key, { url: `${receiver.url}/cleanup` });
    const stay = futureStay(2);
    const confirmed = await booked(testKey.key, stay);
    const draft = await booked(testKey.key, futureStay(2), 'card_processor');
    const paid = await t.request({
      method: 'POST',
      url: `${t.v1}/test/bookings/${String(draft.booking_id)}/payment`,
      key: testKey.key,
      payload: { outcome: 'amount_mismatch' },
    });
    assert.equal(paid.statusCode, 200, paid.body);
    const live = await booked(liveKey.key, stay);
    await drain();
    const testIds = [confirmed.booking_id, draft.booking_id];
    const res = await t.admin('DELETE', '/admin/api/test-data');
    assert.equal(res.statusCode, 200, res.body);
    const counts = res.json<{ data: Record<string, number> }>().data;
    assert.ok((counts.bookings ?? 0) >= 2, res.body);
    assert.ok((counts.nights ?? 0) >= 4, res.body);
    assert.ok((counts.mails ?? 0) >= 1, res.body);
    assert.ok((counts.events ?? 0) >= 3, res.body);
    assert.ok((counts.deliveries ?? 0) >= 3, res.body);
    assert.ok((counts.payment_issues ?? 0) >= 1, res.body);
    const db = t.ctx.db;
    assert.equal((await db.selectFrom('bookings').select('id').where('mode', '=', 'test').execute()).length, 0);
    for (const table of ['test_night_claims', 'outbox', 'partner_events', 'payment_issues', 'booking_events'] as const)
      assert.equal(
        (await db.selectFrom(table).select('booking_id').where('booking_id', 'in', testIds).execute()).length,
        0,
        table,
      );
    // The live booking and its nights are untouched; the test key books the freed test nights again.
    const get = await t.request({
      method: 'GET',
      url: `${t.v1}/bookings/${String(live.booking_id)}`,
      key: liveKey.key,
    });
    assert.equal(get.statusCode, 200);
    const liveNights = await db
      .selectFrom('night_claims')
      .select('night')
      .where('booking_id', '=', live.booking_id)
      .execute();
    assert.equal(liveNights.length, 2);
    assert.equal((await feed(testKey.key)).length, 0);
    const again = await t.admin('DELETE', '/admin/api/test-data');
    assert.equal(again.json<{ data: { bookings: number } }>().data.bookings, 0);
    // A test key may not call it.
    assert.equal(
      (await t.request({ method: 'DELETE', url: '/admin/api/test-data', key: testKey.key })).statusCode,
      403,
    );
  });

  test('the console counts the test bookings and deletes them on request', async () => {
    const testKey = await newKey('sandbox console', { mode: 'test' });
    await booked(testKey.key, futureStay(2));
    const host = await signIn(t);
    const page = await host.get('/admin/settings/integrations');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Test bookings now: <strong>[1-9]\d*<\/strong>/);
    assert.match(page.body, /Delete test data/);
    const deleted = await host.post('/admin/settings/integrations/test-data/delete', {});
    assert.equal(deleted.statusCode, 303, deleted.body);
    const after = await host.get('/admin/settings/integrations');
    assert.match(after.body, /Test bookings now: <strong>0<\/strong>/);
  });
});

function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
