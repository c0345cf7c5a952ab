import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, type StaydeskClient } from '../../packages/client/src/index.ts';
import { createBookingProxy, type BookingProxy } from '../../packages/client/src/proxy.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { injectFetch } from '../support/inject-fetch.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

const PAYMENT_SECRET = 'whsec_proxy_tests';
/** The service's default cap of live card drafts per API key (DRAFTS_PER_KEY), on for this file. */
const KEY_DRAFT_CAP = 20;
let t: TestApp;
let client: StaydeskClient;
let place: Accommodation;
let processor: StripeStandIn;
const sent: Request[] = [];

before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET, DRAFTS_PER_KEY: String(KEY_DRAFT_CAP) });
  client = createClient({ baseUrl: 'http://staydesk.test', apiKey: t.apiKey, fetch: injectFetch(t.app, sent) });
  place = await makeAccommodation(t.ctx.db, { base_price: 8000, cleaning_fee: 0, tax_rate_ppm: 0 });
  processor = await startStripeStandIn();
});
after(async () => {
  await processor.close();
  await t.close();
});

/** A client of a key of its own, so that its drafts are counted apart from the other tests'. */
async function freshClient(name: string): Promise<{ client: StaydeskClient; seen: Request[] }> {
  const { key } = await createApiKey(t.ctx.db, { name, scope: 'api' });
  const seen: Request[] = [];
  return {
    client: createClient({ baseUrl: 'http://staydesk.test', apiKey: key, fetch: injectFetch(t.app, seen) }),
    seen,
  };
}

/** A browser's request to the proxy, mounted at /book, over a connection from `address`. */
const call = (
  handler: BookingProxy,
  method: string,
  path: string,
  body?: unknown,
  address = '192.0.2.4',
  headers: Record<string, string> = {},
) =>
  handler(
    new Request(`https://partner.example/book${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { address },
  );

function bookingBody(daysAhead: number, method: string, nights = 2) {
  const { checkin, checkout } = futureStay(nights, daysAhead);
  return {
    accommodation_id: place.id,
    partner_data: { first_name: 'Lin', last_name: 'Browser', email: 'lin@example.com' },
    booking_data: {
      checkin_date: checkin,
      checkout_date: checkout,
      adults_count: 1,
      children_count: 0,
      babies_count: 0,
      payment_method: method,
      expected_amount: nights * 80,
    },
  };
}

interface Created {
  booking_id: number;
  booking_reference: string;
  status_token: string;
  client_secret?: string;
}

/** The service's error envelope (docs/api.md#errors), checked whole; answers its details. */
async function refusal(
  res: Response,
  status: number,
  name: string,
): Promise<{ text: string; details: Record<string, unknown> }> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  const body = JSON.parse(text) as {
    error: { code: number; name: string; message: string; details: Record<string, unknown> };
    metadata: Record<string, string>;
  };
  assert.deepEqual(Object.keys(body).sort(), ['error', 'metadata', 'success']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'details', 'message', 'name']);
  assert.deepEqual([body.error.code, body.error.name], [status, name]);
  assert.deepEqual(Object.keys(body.metadata).sort(), ['api_version', 'request_id', 'timestamp']);
  assert.equal(body.metadata.request_id, res.headers.get('x-request-id'));
  return { text, details: body.error.details };
}

async function pay(intent: StripeStandIn['intents'][number]): Promise<void> {
  const paid = await postPaymentEvent(
    t,
    paymentIntentEvent('payment_intent.succeeded', { ...intent, amount_received: intent.amount }),
    { secret: PAYMENT_SECRET },
  );
  assert.equal(paid.statusCode, 200, paid.body);
}

describe(`@staydesk/client/proxy (${testStoreKind})`, () => {
  test('card flow: draft, PaymentIntent with booking_reference, a status token, the payment webhook confirms', async () => {
    const proxy = createBookingProxy({ client, stripe: processor.stripe });
    const res = await call(proxy, 'POST', '/bookings', bookingBody(30, 'card_processor'));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as Created;
    assert.deepEqual(Object.keys(answer).sort(), ['booking_id', 'booking_reference', 'client_secret', 'status_token']);
    assert.equal(answer.client_secret, 'pi_standin_1_secret_x');
    assert.match(answer.status_token, /^[A-Za-z0-9_-]{22}$/);
    const intent = processor.intents[0]!;
    assert.equal(intent.metadata.booking_reference, answer.booking_reference);
    assert.deepEqual([intent.amount, intent.currency], [16000, place.currency.toLowerCase()]);
    assert.ok(!JSON.stringify(answer).includes(t.apiKey));

    const follow = `/bookings/${answer.booking_id}?token=${answer.status_token}`;
    const pending = await call(proxy, 'GET', follow);
    assert.equal(((await pending.json()) as { booking_status: string }).booking_status, 'draft');
    await pay(intent);
    const status = (await (await call(proxy, 'GET', follow)).json()) as Record<string, unknown>;
    assert.equal(status.booking_status, 'confirmed');
    assert.equal(status.partner, undefined, 'no guest data reaches the browser');
  });

  test("the status lookup opens a booking only with its token: not by id, not by the booking's code", async () => {
    const proxy = createBookingProxy({ client, stripe: processor.stripe });
    const made = (await (await call(proxy, 'POST', '/bookings', bookingBody(33, 'bank_transfer'))).json()) as Created;
    const other = (await (await call(proxy, 'POST', '/bookings', bookingBody(36, 'bank_transfer'))).json()) as Created;
    assert.equal((await call(proxy, 'GET', `/bookings/${made.booking_id}?token=${made.status_token}`)).status, 200);
    const before = sent.length;
    for (const query of [
      '',
      '?token=',
      `?reference=${made.booking_reference}`,
      `?token=${made.booking_reference}`,
      `?token=${other.status_token}`,
      `?token=${made.status_token}x`,
      `?token=${made.status_token.slice(0, -1)}`,
    ]) {
      const guessed = await call(proxy, 'GET', `/bookings/${made.booking_id}${query}`);
      const { text, details } = await refusal(guessed, 404, 'NOT_FOUND');
      assert.equal(details.reason, 'booking_not_found', query);
      assert.ok(!text.includes(made.booking_reference), text);
    }
    assert.equal(sent.length, before, 'a wrong token costs the service nothing');
    // A booking made elsewhere (here by the same key, directly) has no token of this proxy.
    const direct = await client.createBooking(bookingBody(45, 'bank_transfer') as never);
    const guessed = await call(proxy, 'GET', `/bookings/${direct.booking_id}?token=${made.status_token}`);
    assert.equal(guessed.status, 404);
    // Another proxy (another secret) does not take this one's tokens; one with the same secret does.
    const secret = 'a-status-secret-of-at-least-32-characters';
    const first = createBookingProxy({ client, statusSecret: secret });
    const shared = (await (await call(first, 'POST', '/bookings', bookingBody(48, 'bank_transfer'))).json()) as Created;
    const follow = `/bookings/${shared.booking_id}?token=${shared.status_token}`;
    assert.equal((await call(createBookingProxy({ client, statusSecret: secret }), 'GET', follow)).status, 200);
    assert.equal((await call(proxy, 'GET', follow)).status, 404);
  });

  test('availability of a booked range: the proxy says "not available", never the code, the guest or the service\'s words', async () => {
    const proxy = createBookingProxy({ client });
    const made = (await (await call(proxy, 'POST', '/bookings', bookingBody(80, 'bank_transfer'))).json()) as Created;
    const { checkin } = futureStay(2, 80);
    const stay = { accommodation_id: place.id, checkin: addDays(checkin, 1), checkout: addDays(checkin, 3) };
    // The service tells this key which of its bookings holds the night: what the proxy must not pass on.
    const service = await client.availability(stay);
    assert.equal(service.available, false);
    assert.ok(service.message.includes(made.booking_reference), service.message);

    const res = await call(proxy, 'POST', '/availability', stay);
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.deepEqual(JSON.parse(text), {
      available: false,
      nights: 0,
      pricing: null,
      restrictions: null,
      message: 'These dates are not available.',
    });
    for (const secret of [made.booking_reference, service.message, 'Browser', 'lin@example.com']) {
      assert.ok(!text.includes(secret), secret);
    }
  });

  test("availability and a booking over a privately blocked range: never the reason, nor the service's words", async () => {
    const proxy = createBookingProxy({ client });
    const reason = 'Owner divorce mediation - PRIVATE';
    const from = addDays(todayIn('UTC'), 90);
    const blocked = await t.admin('POST', `/admin/api/accommodations/${place.id}/blocks`, {
      from,
      to: addDays(from, 2),
      reason,
    });
    assert.equal(blocked.statusCode, 201, blocked.body);
    const stay = { accommodation_id: place.id, checkin: addDays(from, -1), checkout: addDays(from, 1) };
    const service = await client.availability(stay);
    assert.ok(service.message.includes(reason), service.message);

    const quote = await call(proxy, 'POST', '/availability', stay);
    const text = await quote.text();
    assert.deepEqual(JSON.parse(text), {
      available: false,
      nights: 0,
      pricing: null,
      restrictions: null,
      message: 'These dates are not available.',
    });
    for (const secret of [reason, 'PRIVATE', 'mediation', service.message]) assert.ok(!text.includes(secret), secret);

    // Booking those nights: the service's 409 names the block; the proxy's says only which night.
    const body = bookingBody(0, 'bank_transfer');
    body.booking_data = { ...body.booking_data, checkin_date: stay.checkin, checkout_date: stay.checkout };
    const conflict = await call(proxy, 'POST', '/bookings', body);
    const { text: refused, details } = await refusal(conflict, 409, 'CONFLICT');
    assert.equal(details.reason, 'dates_unavailable');
    assert.equal(details.conflicting_night, from);
    for (const secret of [reason, 'PRIVATE', 'blocked', 'taken_by']) assert.ok(!refused.includes(secret), secret);
  });

  test('a booking over a booked range: the 409 names no code, and has the envelope of the service', async () => {
    const proxy = createBookingProxy({ client });
    const made = (await (await call(proxy, 'POST', '/bookings', bookingBody(100, 'bank_transfer'))).json()) as Created;
    const taken = await call(proxy, 'POST', '/bookings', bookingBody(100, 'bank_transfer'));
    const { text, details } = await refusal(taken, 409, 'CONFLICT');
    assert.equal(details.reason, 'dates_unavailable');
    for (const secret of [made.booking_reference, 'confirmation_code', 'conflicting_booking', 'Browser']) {
      assert.ok(!text.includes(secret), secret);
    }
  });

  test("a free range is quoted with the pricing and restrictions, in the proxy's words", async () => {
    const proxy = createBookingProxy({ client });
    const { checkin, checkout } = futureStay(2, 40);
    const quote = await call(proxy, 'POST', '/availability', { accommodation_id: place.id, checkin, checkout });
    const text = await quote.text();
    assert.equal(quote.status, 200, text);
    const body = JSON.parse(text) as { pricing: { total: number }; restrictions: object; message: string };
    assert.deepEqual(Object.keys(body).sort(), [
      'available',
      'message',
      'nights',
      'pricing',
      'registration_number',
      'restrictions',
    ]);
    assert.equal(body.pricing.total, 160);
    assert.deepEqual(Object.keys(body.restrictions).sort(), [
      'checkin_time',
      'checkout_time',
      'max_guests',
      'max_stay',
      'min_stay',
    ]);
    assert.equal(body.message, 'These dates are available.');
    assert.ok(!text.includes(t.apiKey) && quote.headers.get('authorization') === null);
    const made = await call(proxy, 'POST', '/bookings', bookingBody(40, 'bank_transfer'));
    const created = (await made.json()) as Created & { status: string };
    assert.equal(created.status, 'confirmed');
    assert.match(created.status_token, /^[A-Za-z0-9_-]{22}$/);
  });

  test('relays a month as taken nights and prices, with no guest, code or amount', async () => {
    const proxy = createBookingProxy({ client });
    const made = await call(proxy, 'POST', '/bookings', bookingBody(70, 'bank_transfer'));
    const { booking_reference: reference } = (await made.json()) as Created;
    const { checkin, checkout } = { checkin: addDays(todayIn('UTC'), 70), checkout: addDays(todayIn('UTC'), 72) };
    const [year, month] = checkin.split('-').map(Number) as [number, number];
    const res = await call(proxy, 'POST', '/calendar', { accommodation_id: place.id, month, year });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const view = JSON.parse(text) as Record<string, unknown> & { taken_nights: string[] };
    assert.deepEqual(Object.keys(view).sort(), [
      'accommodation_id',
      'accommodation_name',
      'daily_prices',
      'max_stay',
      'min_stay',
      'month',
      'taken_nights',
      'year',
    ]);
    const inMonth = (d: string) => d.startsWith(checkin.slice(0, 7));
    assert.deepEqual(
      view.taken_nights.filter((d) => d === checkin || d === addDays(checkin, 1)),
      [checkin, addDays(checkin, 1)].filter(inMonth),
    );
    assert.ok(!view.taken_nights.includes(checkout));
    assert.equal((view.daily_prices as Record<string, number>)[checkin], 80);
    for (const secret of [reference, 'Browser', 'lin@example.com', t.apiKey]) assert.ok(!text.includes(secret), secret);
    const wrongMonth = await call(proxy, 'POST', '/calendar', { accommodation_id: place.id, month: 13, year });
    await refusal(wrongMonth, 400, 'BAD_REQUEST');
  });

  test('refuses bodies the service would refuse, before calling it, in the envelope of the service', async () => {
    const proxy = createBookingProxy({ client });
    const before = sent.length;
    const cases: [unknown, string][] = [
      [{ ...bookingBody(50, 'bank_transfer'), accommodation_id: 'one' }, 'invalid_type'],
      [
        { ...bookingBody(50, 'bank_transfer'), partner_data: { first_name: 'A', last_name: 'B', email: 'no' } },
        'invalid_format',
      ],
      [{ ...bookingBody(50, 'card_processor') }, 'invalid_enum'],
      [{ ...bookingBody(50, 'cash') }, 'invalid_enum'],
    ];
    for (const [body, reason] of cases) {
      const { details } = await refusal(await call(proxy, 'POST', '/bookings', body), 400, 'BAD_REQUEST');
      assert.equal(details.reason, reason);
    }
    const wrongDate = await call(proxy, 'POST', '/availability', {
      accommodation_id: place.id,
      checkin: '2030-02-30',
      checkout: '2030-03-02',
    });
    assert.equal((await refusal(wrongDate, 400, 'BAD_REQUEST')).details.reason, 'invalid_date');
    assert.equal(
      (await refusal(await call(proxy, 'POST', '/bookings', 'not an object'), 400, 'BAD_REQUEST')).details.reason,
      'malformed_json',
    );
    assert.equal(
      (await refusal(await call(proxy, 'GET', '/nowhere'), 404, 'NOT_FOUND')).details.reason,
      'unknown_route',
    );
    assert.equal(sent.length, before, 'nothing reached the service');
  });

  test('forwards only the fields a guest sends, not payment_intent_id or payment_token', async () => {
    const proxy = createBookingProxy({ client });
    const body = bookingBody(60, 'bank_transfer');
    const tampered = {
      ...body,
      source: 'admin',
      partner_data: { ...body.partner_data, phone: '+33 1 23', api_key: 'x', address: { city: 'Lyon', role: 'x' } },
      booking_data: {
        ...body.booking_data,
        guest_notes: 'Late arrival',
        payment_intent_id: 'pi_someone_else',
        payment_token: 'tok_forged',
        status: 'confirmed',
      },
    };
    const from = sent.length;
    const res = await call(proxy, 'POST', '/bookings', tampered);
    assert.equal(res.status, 200, await res.clone().text());
    const forwarded = sent.slice(from).find((r) => r.method === 'POST' && r.url.endsWith('/bookings'));
    assert.ok(forwarded, 'the booking reached the service');
    const seen = (await forwarded.clone().json()) as {
      partner_data: Record<string, unknown>;
      booking_data: Record<string, unknown>;
    } & Record<string, unknown>;
    assert.deepEqual(Object.keys(seen).sort(), ['accommodation_id', 'booking_data', 'partner_data']);
    assert.deepEqual(seen.partner_data, {
      first_name: 'Lin',
      last_name: 'Browser',
      email: 'lin@example.com',
      phone: '+33 1 23',
      address: { city: 'Lyon' },
    });
    // The client adds an idempotency key of its own when the browser sent none.
    const { idempotency_key: _key, ...stay } = seen.booking_data;
    assert.deepEqual(stay, { ...body.booking_data, guest_notes: 'Late arrival' });
  });
});

describe(`@staydesk/client/proxy: whose request, and how many (${testStoreKind})`, () => {
  test('limits requests per connection address; X-Forwarded-For is ignored unless trustedProxies says', async () => {
    const proxy = createBookingProxy({ client, rateLimit: { max: 2 } });
    const get = async (address: string, headers: Record<string, string> = {}) =>
      (await call(proxy, 'GET', '/bookings/999999', undefined, address, headers)).status;
    assert.deepEqual([await get('198.51.100.9'), await get('198.51.100.9')], [404, 404]);
    const over = await call(proxy, 'GET', '/bookings/999999', undefined, '198.51.100.9');
    assert.equal((await refusal(over, 429, 'TOO_MANY_REQUESTS')).details.reason, 'rate_limited');
    assert.match(String(over.headers.get('retry-after')), /^\d+$/);
    assert.equal(await get('198.51.100.8'), 404, 'another connection has its own budget');
    assert.equal(
      await get('198.51.100.9', { 'x-forwarded-for': '203.0.113.77' }),
      429,
      'a made-up header buys nothing',
    );

    // Behind one load balancer of the partner's: the entry it appended is the visitor.
    const behind = createBookingProxy({ client, rateLimit: { max: 1 }, trustedProxies: 1 });
    const via = async (forwarded: string) =>
      (await call(behind, 'GET', '/bookings/999999', undefined, '10.0.0.2', { 'x-forwarded-for': forwarded })).status;
    assert.equal(await via('203.0.113.5'), 404);
    assert.equal(await via('203.0.113.5'), 429);
    assert.equal(await via('203.0.113.6'), 404);
    assert.equal(await via('203.0.113.99, 203.0.113.5'), 429, 'what the browser put before it buys nothing');
  });

  test('without an address for the request the proxy refuses, and says why to its operator', async () => {
    const heard: unknown[] = [];
    const proxy = createBookingProxy({ client, onError: (e) => heard.push(e) });
    const res = await proxy(
      new Request('https://partner.example/book/bookings/1', { headers: { 'x-forwarded-for': '203.0.113.1' } }),
    );
    const { details } = await refusal(res, 500, 'INTERNAL_ERROR');
    assert.deepEqual(details, {});
    assert.match((heard[0] as Error).message, /no address for this request/);
  });

  test("a refusal of the proxy's key and a service out of reach are 502 upstream_error in the envelope", async () => {
    const heard: unknown[] = [];
    const revoked = createClient({ baseUrl: 'http://staydesk.test', apiKey: 'sdk_revoked', fetch: injectFetch(t.app) });
    const unreachable = createClient({
      baseUrl: 'http://staydesk.test',
      apiKey: t.apiKey,
      retry: false,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    for (const upstream of [revoked, unreachable]) {
      const proxy = createBookingProxy({ client: upstream, onError: (e) => heard.push(e) });
      const res = await call(proxy, 'POST', '/calendar', { accommodation_id: place.id, month: 1, year: 2031 });
      const { details } = await refusal(res, 502, 'INTERNAL_ERROR');
      assert.deepEqual(details, { reason: 'upstream_error' });
    }
    assert.equal(heard.length, 2, 'the operator hears both');
  });

  test('counts at most maxAddresses addresses, dropping the oldest', async () => {
    const proxy = createBookingProxy({ client, rateLimit: { max: 1, maxAddresses: 3 } });
    const get = async (ip: string) => (await call(proxy, 'GET', '/bookings/999999', undefined, ip)).status;
    assert.equal(await get('198.51.100.1'), 404);
    assert.equal(await get('198.51.100.1'), 429, 'counted while there is room');
    for (const ip of ['198.51.100.2', '198.51.100.3', '198.51.100.4']) assert.equal(await get(ip), 404);
    // The fourth address pushed the first out: its count starts again.
    assert.equal(await get('198.51.100.1'), 404);
    assert.equal(await get('198.51.100.4'), 429, 'a recent address is still counted');
  });

  test('one address opens at most draftsPerAddress card drafts; a refused one is given back', async () => {
    const proxy = createBookingProxy({ client, stripe: processor.stripe, draftsPerAddress: 2 });
    for (const days of [200, 210]) {
      const res = await call(proxy, 'POST', '/bookings', bookingBody(days, 'card_processor'), '198.51.100.20');
      assert.equal(res.status, 200, await res.clone().text());
    }
    const third = await call(proxy, 'POST', '/bookings', bookingBody(220, 'card_processor'), '198.51.100.20');
    const { details } = await refusal(third, 429, 'TOO_MANY_REQUESTS');
    assert.equal(details.reason, 'draft_limit');
    const retryAfter = Number(third.headers.get('retry-after'));
    assert.ok(retryAfter > 1700 && retryAfter <= 1800, `Retry-After ${retryAfter}: when the first hold ends`);
    // A bank transfer holds no draft: not counted.
    const transfer = await call(proxy, 'POST', '/bookings', bookingBody(230, 'bank_transfer'), '198.51.100.20');
    assert.equal(transfer.status, 200, await transfer.clone().text());
    const other = await call(proxy, 'POST', '/bookings', bookingBody(240, 'card_processor'), '198.51.100.21');
    assert.equal(other.status, 200, await other.clone().text());
    // The second address tries taken nights: refused by the service, its slot is given back.
    const taken = await call(proxy, 'POST', '/bookings', bookingBody(240, 'card_processor'), '198.51.100.21');
    assert.equal(taken.status, 409);
    const again = await call(proxy, 'POST', '/bookings', bookingBody(250, 'card_processor'), '198.51.100.21');
    assert.equal(again.status, 200, await again.clone().text());
  });

  test(`8 addresses at once cannot fill the key's cap of ${KEY_DRAFT_CAP} drafts: the proxy stops at 10`, async () => {
    const { client: own, seen } = await freshClient('proxy total');
    const proxy = createBookingProxy({ client: own, stripe: processor.stripe });
    const attempts = Array.from({ length: 24 }, (_, i) => ({
      address: `198.51.100.${100 + (i % 8)}`,
      days: 300 + 3 * i,
    }));
    const answers = await Promise.all(
      attempts.map(async ({ address, days }) => {
        const res = await call(proxy, 'POST', '/bookings', bookingBody(days, 'card_processor'), address);
        return { status: res.status, body: (await res.json()) as { error?: { details: { reason: string } } } };
      }),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 10, JSON.stringify(answers.map((a) => a.status)));
    const refused = answers.filter((a) => a.status !== 200);
    assert.ok(refused.every((a) => a.status === 429 && a.body.error?.details.reason === 'draft_limit'));
    const drafted = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/bookings'));
    assert.equal(drafted.length, 10, 'the refused ones never reached the service');
    // The key still has room: the partner's own server can draft.
    const direct = await own.createBooking(bookingBody(500, 'card_processor') as never);
    assert.equal(direct.status, 'draft');
  });

  test('one connection varying X-Forwarded-For is one visitor: 3 drafts, whatever the header says', async () => {
    const { client: own } = await freshClient('proxy forwarded');
    const proxy = createBookingProxy({ client: own, stripe: processor.stripe });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(proxy, 'POST', '/bookings', bookingBody(600 + 3 * i, 'card_processor'), '198.51.100.50', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429, 429, 429]);
    // So is one IPv6 network (a /64) whose addresses differ in their last 64 bits.
    const v6 = createBookingProxy({ client: own, stripe: processor.stripe, draftsPerAddress: 1 });
    const first = await call(v6, 'POST', '/bookings', bookingBody(700, 'card_processor'), '2001:db8:1:2::a');
    assert.equal(first.status, 200);
    const second = await call(v6, 'POST', '/bookings', bookingBody(703, 'card_processor'), '2001:db8:1:2:ffff::b');
    assert.equal(second.status, 429);
  });

  test('a paid draft frees its place: at once when its status is read, else when the proxy asks again', async () => {
    const { client: own } = await freshClient('proxy paid');
    let clock = Date.now();
    const proxy = createBookingProxy({ client: own, stripe: processor.stripe, draftsPerProxy: 1, now: () => clock });
    const book = async (days: number, address: string) => {
      const res = await call(proxy, 'POST', '/bookings', bookingBody(days, 'card_processor'), address);
      return { status: res.status, body: (await res.json()) as Created };
    };
    const intentOf = (made: Created) =>
      processor.intents.find((i) => i.metadata.booking_id === String(made.booking_id))!;

    const a = await book(800, '198.51.100.60');
    assert.equal(a.status, 200);
    assert.equal((await book(803, '198.51.100.61')).status, 429, 'the proxy holds its one draft');
    await pay(intentOf(a.body));
    const read = await call(proxy, 'GET', `/bookings/${a.body.booking_id}?token=${a.body.status_token}`);
    assert.equal(((await read.json()) as { booking_status: string }).booking_status, 'confirmed');
    const b = await book(806, '198.51.100.61');
    assert.equal(b.status, 200, 'the paid draft no longer counts');

    // B is paid, but nobody reads its status: the proxy asks the service itself, at most once a minute.
    await pay(intentOf(b.body));
    assert.equal((await book(809, '198.51.100.62')).status, 429, 'read less than a minute ago');
    clock += 60_000;
    assert.equal((await book(812, '198.51.100.62')).status, 200);
  });
});
