import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { startBackgroundJobs } from '../../src/jobs/background-jobs.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { addEndpoint } from '../support/event-endpoints.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/decisions.md#partner-events: a key's endpoints hear of its own bookings only, signed as
// Standard Webhooks (checked with the reference verifier), from an outbox written with the change.

const PAYMENT_SECRET = 'whsec_partner_events_payments';
let t: TestApp;
let keyB: string;
let house: Accommodation;
let receiver: EventReceiver;
const silent = { warn: () => undefined, error: () => undefined };

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET });
  keyB = (await createApiKey(t.ctx.db, { name: 'partner B', scope: 'api' })).key;
  house = await makeAccommodation(t.ctx.db);
  receiver = await startEventReceiver();
});
after(async () => {
  await receiver.close();
  await t.close();
});

const worker = (timeoutMs?: number) => deliveryWorker(t, 'test-worker', timeoutMs === undefined ? {} : { timeoutMs });

/** Runs the worker until nothing more is due now (events of one booking go out one run after another). */
async function drain(): Promise<void> {
  for (;;) {
    const { delivered, failed } = await worker().run();
    if (delivered + failed === 0) return;
  }
}

/** Two nights at the test house: 2 × 100 + 50 cleaning, 10 % tax. */
async function book(key: string, method = 'bank_transfer') {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    key,
    payload: bookingBody(house.id, futureStay(2), { booking: { payment_method: method, expected_amount: 275 } }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number; confirmation_code: string } }>().data;
}

describe(`partner events (${testStoreKind})`, () => {
  let endpoint: { id: number; secret: string };

  test('a key registers an endpoint: the secret is whsec_ + base64, shown once; internal URLs are refused', async () => {
    endpoint = await addEndpoint(t, t.apiKey, { url: receiver.url });
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    const list = await t.request({ method: 'GET', url: `${t.v1}/webhook-endpoints` });
    assert.equal(list.statusCode, 200);
    assert.doesNotMatch(list.body, /whsec_/);
    assert.deepEqual(
      list.json<{ data: { id: number }[] }>().data.map((e) => e.id),
      [endpoint.id],
    );
    // Key B sees none of A's endpoints and cannot remove them.
    const listB = await t.request({ method: 'GET', url: `${t.v1}/webhook-endpoints`, key: keyB });
    assert.deepEqual(listB.json<{ data: unknown[] }>().data, []);
    const removeB = await t.request({ method: 'DELETE', url: `${t.v1}/webhook-endpoints/${endpoint.id}`, key: keyB });
    assert.equal(removeB.statusCode, 404);

    t.ctx.config.allowPrivateNetworks = false;
    try {
      const refused = await t.request({
        method: 'POST',
        url: `${t.v1}/webhook-endpoints`,
        payload: { url: 'http://169.254.169.254/latest' },
      });
      assert.equal(refused.statusCode, 400);
      assert.equal(refused.json<{ error: { details: { reason: string } } }>().error.details.reason, 'private_address');
    } finally {
      t.ctx.config.allowPrivateNetworks = true;
    }
  });

  test("events for the key's bookings arrive signed and verified; none for another key's", async () => {
    const start = receiver.received.length;
    const mine = await book(t.apiKey);
    await book(keyB);
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 0 });
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    assert.ok(request);
    const event = verified(endpoint.secret, request);
    assert.equal(event.type, 'booking.created');
    assert.equal(event.data.id, mine.booking_id);
    assert.equal(event.data.status, 'confirmed');
    // The event, built from the rows the booking wrote, is the booking as the key's GET shows it.
    const shown = await t.request({ method: 'GET', url: `${t.v1}/bookings/${mine.booking_id}` });
    assert.deepEqual(event.data, shown.json<{ data: unknown }>().data);
    assert.match(String(request.headers['webhook-id']), /^evt_[0-9]+$/);
    // A wrong secret does not verify.
    assert.throws(() => verified('whsec_' + Buffer.from('not the secret').toString('base64'), request));
  });

  test('a booking refused for a taken night writes nothing: no guest, no event, no delivery, no mail', async () => {
    const stay = futureStay(2);
    const body = (email: string) =>
      bookingBody(house.id, stay, {
        partner: { email },
        booking: { payment_method: 'bank_transfer', expected_amount: 275 },
      });
    const first = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: body('first@guests.example') });
    assert.equal(first.statusCode, 200, first.body);
    const count = async () => {
      const rows = await Promise.all(
        (['guests', 'bookings', 'partner_events', 'event_deliveries', 'outbox'] as const).map((table) =>
          t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow(),
        ),
      );
      return rows.map((r) => Number(r.n));
    };
    const before = await count();
    const taken = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: body('second@guests.example') });
    assert.equal(taken.statusCode, 409, taken.body);
    assert.deepEqual(await count(), before);
    await drain();
  });

  test('a receiver that fails gets the same event again, with the same id, on the retry schedule', async () => {
    const start = receiver.received.length;
    receiver.answer = (index) => (index === start ? 500 : 200);
    try {
      const booking = await book(t.apiKey);
      assert.deepEqual(await worker().run(), { delivered: 0, failed: 1 });
      // Not due again before about 5 s.
      assert.deepEqual(await worker().run(), { delivered: 0, failed: 0 });
      const later = await t.at(Date.now() + 6_000, () => worker().run());
      assert.deepEqual(later, { delivered: 1, failed: 0 });
      const [first, second] = (await receiver.waitFor(start + 2)).slice(start);
      assert.ok(first && second);
      assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
      assert.equal(verified(endpoint.secret, second).data.id, booking.booking_id);
      const deliveries = await t.admin('GET', `/admin/api/webhook-endpoints/${endpoint.id}/deliveries`);
      const [last] = deliveries.json<{ data: { status: string; attempts: number; last_status: number }[] }>().data;
      assert.deepEqual(
        { status: last?.status, attempts: last?.attempts, last_status: last?.last_status },
        { status: 'delivered', attempts: 2, last_status: 200 },
      );
    } finally {
      receiver.answer = () => 200;
    }
  });

  test('events of one booking arrive in order; a change refused (rolled back) sends nothing', async () => {
    const start = receiver.received.length;
    const draft = await book(t.apiKey, 'card_processor');
    const booking = await t.request({ method: 'GET', url: `${t.v1}/bookings/${draft.booking_id}` });
    const total = booking.json<{ data: { total_amount: number } }>().data.total_amount;
    const paid = await postPaymentEvent(
      t,
      paymentIntentEvent('payment_intent.succeeded', {
        amount: Math.round(total * 100),
        currency: 'eur',
        metadata: { booking_reference: draft.confirmation_code },
      }),
      { secret: PAYMENT_SECRET },
    );
    assert.equal(paid.statusCode, 200, paid.body);
    // The same nights again: refused with a 409, so no event is written.
    const taken = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(house.id, { checkin: '2999-01-01', checkout: '2999-01-01' }),
    });
    assert.equal(taken.statusCode, 400);
    await worker().run();
    await worker().run();
    const types = (await receiver.waitFor(start + 2)).slice(start).map((r) => verified(endpoint.secret, r).type);
    assert.deepEqual(types, ['booking.created', 'booking.confirmed']);
    assert.equal(receiver.received.length, start + 2);
  });

  test('every pushed body carries its id: the webhook-id header and the feed entry of the same event', async () => {
    const page = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500` });
    const feed = page.json<{ data: { events: { id: string }[] } }>().data.events;
    const pushed = receiver.received.filter((r) => {
      try {
        verified(endpoint.secret, r);
        return true;
      } catch {
        return false;
      }
    });
    assert.ok(pushed.length >= 3, 'events were pushed to this endpoint');
    for (const request of pushed) {
      const event = verified(endpoint.secret, request);
      assert.equal(event.id, request.headers['webhook-id']);
      assert.deepEqual(Object.keys(event).slice(0, 3), ['id', 'type', 'timestamp']);
      // The feed carries the very body that was pushed.
      assert.deepEqual(
        feed.find((e) => e.id === event.id),
        event,
      );
    }
  });

  test('the catch-up feed returns the same events, oldest first, with a cursor', async () => {
    const page = await t.request({ method: 'GET', url: `${t.v1}/events?limit=2` });
    assert.equal(page.statusCode, 200, page.body);
    const first = page.json<{ data: { events: { id: string; type: string }[]; next_cursor: string } }>().data;
    assert.equal(first.events.length, 2);
    const rest = await t.request({ method: 'GET', url: `${t.v1}/events?after=${first.next_cursor}&limit=500` });
    const second = rest.json<{ data: { events: { id: string; type: string }[]; next_cursor: string } }>().data;
    const all = [...first.events, ...second.events];
    const delivered = new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    for (const id of delivered)
      assert.ok(
        all.some((e) => e.id === id),
        `${id} is in the feed`,
      );
    const ids = all.map((e) => Number(e.id.slice(4)));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    // Nothing new: the same cursor comes back.
    const none = await t.request({ method: 'GET', url: `${t.v1}/events?after=${second.next_cursor}` });
    assert.deepEqual(none.json<{ data: unknown }>().data, { events: [], next_cursor: second.next_cursor });
    // Key B's feed has only its own booking.
    const feedB = await t.request({ method: 'GET', url: `${t.v1}/events`, key: keyB });
    assert.deepEqual(
      feedB.json<{ data: { events: { type: string }[] } }>().data.events.map((e) => e.type),
      ['booking.created'],
    );
    const bad = await t.request({ method: 'GET', url: `${t.v1}/events?after=nope` });
    assert.equal(bad.statusCode, 400);
  });

  test('the feed takes an integer limit from 1 to 500: outside is out_of_range, not a number is invalid', async () => {
    const full = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500` });
    assert.equal(full.statusCode, 200, full.body);
    const one = await t.request({ method: 'GET', url: `${t.v1}/events?limit=1` });
    assert.equal(one.json<{ data: { events: unknown[] } }>().data.events.length, 1);
    for (const limit of ['0', '501', '1000', '99999999999']) {
      const res = await t.request({ method: 'GET', url: `${t.v1}/events?limit=${limit}` });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.reason, 'out_of_range', limit);
      assert.equal(body.error.details.parameter, 'limit');
      assert.equal(body.error.details.expected, 'an integer from 1 to 500');
      assert.match(body.error.message, /from 1 to 500/);
    }
    for (const limit of ['abc', '1.5', '-1', '+5', '']) {
      const res = await t.request({ method: 'GET', url: `${t.v1}/events?limit=${limit}` });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.reason, 'invalid_type', limit);
      assert.equal(body.error.details.expected, 'integer');
      assert.doesNotMatch(res.body, /\^|\[0-9\]/, 'no pattern is shown');
    }
    // The document says the same: an integer from 1 to 500.
    const doc = (await t.request({ method: 'GET', url: '/openapi.json', key: null })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; schema: Record<string, unknown> }[] } }>;
    }>();
    const param = doc.paths[`${t.v1}/events`]?.get?.parameters?.find((p) => p.name === 'limit');
    assert.deepEqual(
      { type: param?.schema.type, minimum: param?.schema.minimum, maximum: param?.schema.maximum },
      { type: 'integer', minimum: 1, maximum: 500 },
    );
  });

  test('a draft is released by its key (nights free at once), not by another; a confirmed one is a 409', async () => {
    const draft = await book(t.apiKey, 'card_processor');
    const byB = await t.request({ method: 'POST', url: `${t.v1}/bookings/${draft.booking_id}/cancel`, key: keyB });
    assert.equal(byB.statusCode, 404);
    assert.doesNotMatch(byB.body, /draft/);
    const own = await t.request({ method: 'POST', url: `${t.v1}/bookings/${draft.booking_id}/cancel` });
    assert.equal(own.statusCode, 200, own.body);
    const data = own.json<{ data: Record<string, unknown> }>().data;
    assert.equal(data.status, 'cancelled');
    assert.equal(data.cancel_reason, 'released_by_partner');
    assert.equal(data.hold_expires_at, null);
    assert.equal(typeof data.cancelled_at, 'string');
    const again = await t.request({ method: 'POST', url: `${t.v1}/bookings/${draft.booking_id}/cancel` });
    assert.equal(again.statusCode, 409);
    const confirmed = await book(t.apiKey);
    const refused = await t.request({ method: 'POST', url: `${t.v1}/bookings/${confirmed.booking_id}/cancel` });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json<{ error: { details: { reason: string } } }>().error.details.reason, 'booking_not_draft');
  });

  test('GET /bookings/:id carries the payment summary, the hold and the change times', async () => {
    const draft = await book(t.apiKey, 'card_processor');
    const res = await t.checkedRequest({ method: 'GET', url: `${t.v1}/bookings/${draft.booking_id}` });
    const data = res.json<{ data: Record<string, unknown> }>().data;
    assert.deepEqual(data.payment, { state: 'unpaid', amount_paid: 0, balance: 275 });
    assert.equal(typeof data.hold_expires_at, 'string');
    assert.equal(data.cancel_reason, null);
    assert.equal(typeof data.updated_at, 'string');
  });

  test('rotation: both secrets sign for the overlap; the host pauses, redelivers and removes', async () => {
    await drain();
    const rotated = await t.admin('POST', `/admin/api/webhook-endpoints/${endpoint.id}/rotate-secret`);
    assert.equal(rotated.statusCode, 200, rotated.body);
    const fresh = rotated.json<{ data: { secret: string; previous_secret_until: string } }>().data;
    assert.notEqual(fresh.secret, endpoint.secret);
    const start = receiver.received.length;
    await book(t.apiKey);
    await worker().run();
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    assert.ok(request);
    assert.equal(verified(fresh.secret, request).type, 'booking.created');
    assert.equal(verified(endpoint.secret, request).type, 'booking.created');

    const paused = await t.admin('POST', `/admin/api/webhook-endpoints/${endpoint.id}/pause`);
    assert.equal(paused.json<{ data: { status: string } }>().data.status, 'paused');
    await book(t.apiKey);
    assert.deepEqual(await worker().run(), { delivered: 0, failed: 0 });
    await t.admin('POST', `/admin/api/webhook-endpoints/${endpoint.id}/resume`);
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 0 });

    const log = await t.admin('GET', `/admin/api/webhook-endpoints/${endpoint.id}/deliveries?limit=1`);
    const [latest] = log.json<{ data: { id: number; event_id: string }[] }>().data;
    assert.ok(latest);
    const redo = await t.admin('POST', `/admin/api/webhook-endpoints/${endpoint.id}/deliveries/${latest.id}/redeliver`);
    assert.equal(redo.statusCode, 200, redo.body);
    const before = receiver.received.length;
    assert.deepEqual(await worker().run(), { delivered: 1, failed: 0 });
    const [again] = (await receiver.waitFor(before + 1)).slice(before);
    assert.equal(again?.headers['webhook-id'], latest.event_id);
    assert.ok(again);
    assert.equal(verified(fresh.secret, again).id, latest.event_id);

    const removed = await t.request({ method: 'DELETE', url: `${t.v1}/webhook-endpoints/${endpoint.id}` });
    assert.equal(removed.statusCode, 200);
    await book(t.apiKey);
    assert.deepEqual(await worker().run(), { delivered: 0, failed: 0 });
  });

  test('calendar.changed reaches endpoints that ask for it, with no guest data', async () => {
    await drain();
    const cal = await addEndpoint(t, keyB, { url: receiver.url, events: ['calendar.changed'] });
    const start = receiver.received.length;
    await book(t.apiKey);
    await worker().run();
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    assert.ok(request);
    assert.equal(receiver.received.length, start + 1, request.body);
    const event = verified(cal.secret, request);
    assert.equal(event.type, 'calendar.changed');
    assert.deepEqual(Object.keys(event.data).sort(), ['accommodation_id', 'from', 'to']);
    assert.equal(event.data.accommodation_id, house.id);
  });
  test('the background worker sends a committed event at once, not at its next poll (an hour here)', async () => {
    await drain();
    const mine = await addEndpoint(t, t.apiKey, { url: receiver.url });
    const poll = t.ctx.config.eventPollMs;
    t.ctx.config.eventPollMs = 3_600_000;
    const jobs = startBackgroundJobs(t.ctx, { ...silent, info: () => undefined }, { worker: 'woken' });
    try {
      // The first run, at start, finds nothing: any later delivery is the wake's doing.
      await until('the first delivery run', async () => {
        const runs = await t.ctx.metrics.jobRuns.get();
        return runs.values.some((v) => v.labels.job === 'deliver-events' && v.value > 0);
      });
      const start = receiver.received.length;
      const booked = await book(t.apiKey);
      // Another key's endpoint may take the booking's calendar change too: the booking's event is the one signed with this secret.
      const created = () =>
        receiver.received
          .slice(start)
          .find((r) => r.body.includes('"booking.created"') && r.body.includes(`"id":${booked.booking_id},`));
      await until('the booking event at the receiver', () => created() !== undefined);
      const request = created();
      assert.ok(request);
      const event = verified(mine.secret, request);
      assert.equal(event.type, 'booking.created');
      assert.equal(event.data.id, booked.booking_id);
    } finally {
      await jobs.stop();
      t.ctx.config.eventPollMs = poll;
      await t.request({ method: 'DELETE', url: `${t.v1}/webhook-endpoints/${mine.id}` });
    }
  });
});
