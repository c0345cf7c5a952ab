import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, type StaydeskClient } from '../../packages/client/src/index.ts';
import { createBookingProxy } from '../../packages/client/src/proxy.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { injectFetch } from '../support/inject-fetch.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

const PAYMENT_SECRET = 'whsec_proxy_tests';
let t: TestApp;
let client: StaydeskClient;
let place: Accommodation;
let processor: StripeStandIn;
const sent: Request[] = [];

before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET });
  client = createClient({ baseUrl: 'http://staydesk.test', apiKey: t.apiKey, fetch: injectFetch(t.app, sent) });
  place = await makeAccommodation(t.ctx.db, { base_price: 8000, cleaning_fee: 0, tax_rate_ppm: 0 });
  processor = await startStripeStandIn();
});
after(async () => {
  await processor.close();
  await t.close();
});

const call = (
  handler: (r: Request) => Promise<Response>,
  method: string,
  path: string,
  body?: unknown,
  ip = '1.2.3.4',
) =>
  handler(
    new Request(`https://partner.example/book${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

function bookingBody(daysAhead: number, method: string) {
  const { checkin, checkout } = futureStay(2, daysAhead);
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
      expected_amount: 160,
    },
  };
}

describe(`@staydesk/client/proxy (${testStoreKind})`, () => {
  test('card flow: draft, PaymentIntent with booking_reference, the payment webhook confirms', async () => {
    const proxy = createBookingProxy({ client, stripe: processor.stripe });
    const res = await call(proxy, 'POST', '/bookings', bookingBody(30, 'card_processor'));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as { booking_id: number; booking_reference: string; client_secret: string };
    assert.deepEqual(Object.keys(answer).sort(), ['booking_id', 'booking_reference', 'client_secret']);
    assert.equal(answer.client_secret, 'pi_standin_1_secret_x');
    const intent = processor.intents[0]!;
    assert.equal(intent.metadata.booking_reference, answer.booking_reference);
    assert.deepEqual([intent.amount, intent.currency], [16000, place.currency.toLowerCase()]);
    assert.ok(!JSON.stringify(answer).includes(t.apiKey));

    const pending = await call(proxy, 'GET', `/bookings/${answer.booking_id}?reference=${answer.booking_reference}`);
    assert.equal(((await pending.json()) as { booking_status: string }).booking_status, 'draft');
    // The processor tells the service, in its own format, about the intent the proxy made.
    const paid = await postPaymentEvent(
      t,
      paymentIntentEvent('payment_intent.succeeded', { ...intent, amount_received: intent.amount }),
      { secret: PAYMENT_SECRET },
    );
    assert.equal(paid.statusCode, 200, paid.body);
    const status = (await (
      await call(proxy, 'GET', `/bookings/${answer.booking_id}?reference=${answer.booking_reference}`)
    ).json()) as Record<string, unknown>;
    assert.equal(status.booking_status, 'confirmed');
    assert.equal(status.partner, undefined, 'no guest data reaches the browser');
    // An id alone, or with another reference, reads nothing: ids run in sequence.
    for (const query of ['', '?reference=', '?reference=AAAAAAAAAA', `?reference=${answer.booking_reference}x`]) {
      const guessed = await call(proxy, 'GET', `/bookings/${answer.booking_id}${query}`);
      assert.equal(guessed.status, 404, query);
      const body = JSON.stringify(await guessed.json());
      assert.ok(!body.includes(answer.booking_reference), body);
    }
  });

  test('one browser address opens at most draftsPerAddress card drafts; another address still can', async () => {
    const proxy = createBookingProxy({ client, stripe: processor.stripe, draftsPerAddress: 2 });
    for (const days of [200, 210]) {
      const res = await call(proxy, 'POST', '/bookings', bookingBody(days, 'card_processor'), '5.6.7.8');
      assert.equal(res.status, 200, await res.clone().text());
    }
    const third = await call(proxy, 'POST', '/bookings', bookingBody(220, 'card_processor'), '5.6.7.8');
    assert.equal(third.status, 429);
    assert.equal(
      ((await third.json()) as { error: { details: { reason: string } } }).error.details.reason,
      'draft_limit',
    );
    assert.equal(third.headers.get('retry-after'), '1800');
    // A bank transfer holds no draft: not counted.
    const transfer = await call(proxy, 'POST', '/bookings', bookingBody(230, 'bank_transfer'), '5.6.7.8');
    assert.equal(transfer.status, 200, await transfer.clone().text());
    const other = await call(proxy, 'POST', '/bookings', bookingBody(240, 'card_processor'), '5.6.7.9');
    assert.equal(other.status, 200, await other.clone().text());
  });

  test('relays availability and bank-transfer bookings, and never sends the key to the browser', async () => {
    const proxy = createBookingProxy({ client });
    const { checkin, checkout } = futureStay(2, 40);
    const quote = await call(proxy, 'POST', '/availability', { accommodation_id: place.id, checkin, checkout });
    const body = await quote.text();
    assert.equal(quote.status, 200, body);
    assert.equal((JSON.parse(body) as { pricing: { total: number } }).pricing.total, 160);
    assert.ok(!body.includes(t.apiKey) && quote.headers.get('authorization') === null);
    const made = await call(proxy, 'POST', '/bookings', bookingBody(40, 'bank_transfer'));
    assert.equal(((await made.json()) as { status: string }).status, 'confirmed');
    const taken = await call(proxy, 'POST', '/bookings', bookingBody(40, 'bank_transfer'));
    assert.equal(taken.status, 409);
    const refused = (await taken.json()) as { error: { details: { reason: string } } };
    assert.equal(refused.error.details.reason, 'dates_unavailable');
  });

  test('relays a month as taken nights and prices, with no guest, code or amount', async () => {
    const proxy = createBookingProxy({ client });
    const made = await call(proxy, 'POST', '/bookings', bookingBody(70, 'bank_transfer'));
    const { booking_reference: reference } = (await made.json()) as { booking_reference: string };
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
    assert.deepEqual(view.taken_nights, [checkin, addDays(checkin, 1)].filter(inMonth));
    assert.ok(!view.taken_nights.includes(checkout));
    assert.equal((view.daily_prices as Record<string, number>)[checkin], 80);
    for (const secret of [reference, 'Browser', 'lin@example.com', t.apiKey]) assert.ok(!text.includes(secret), secret);
    const wrongMonth = await call(proxy, 'POST', '/calendar', { accommodation_id: place.id, month: 13, year });
    assert.equal(wrongMonth.status, 400);
  });

  test('refuses bodies the service would refuse, before calling it', async () => {
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
      const res = await call(proxy, 'POST', '/bookings', body);
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: { details: { reason: string } } }).error.details.reason, reason);
    }
    const wrongDate = await call(proxy, 'POST', '/availability', {
      accommodation_id: place.id,
      checkin: '2030-02-30',
      checkout: '2030-03-02',
    });
    assert.equal(wrongDate.status, 400);
    assert.equal((await call(proxy, 'POST', '/bookings', 'not an object')).status, 400);
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

  test('limits requests per browser address', async () => {
    const proxy = createBookingProxy({ client, rateLimit: { max: 2 } });
    for (let i = 0; i < 2; i++)
      assert.equal((await call(proxy, 'GET', '/bookings/999999', undefined, '9.9.9.9')).status, 404);
    const over = await call(proxy, 'GET', '/bookings/999999', undefined, '9.9.9.9');
    assert.equal(over.status, 429);
    assert.match(String(over.headers.get('retry-after')), /^\d+$/);
    assert.equal((await call(proxy, 'GET', '/bookings/999999', undefined, '8.8.8.8')).status, 404);
    // The address is the last X-Forwarded-For entry (the partner's load balancer's): one the
    // browser put in front of it buys nothing.
    const spoofed = await call(proxy, 'GET', '/bookings/999999', undefined, '10.0.0.1, 9.9.9.9');
    assert.equal(spoofed.status, 429);
  });

  test('counts at most maxAddresses addresses, dropping the oldest', async () => {
    const proxy = createBookingProxy({ client, rateLimit: { max: 1, maxAddresses: 3 } });
    const get = async (ip: string) => (await call(proxy, 'GET', '/bookings/999999', undefined, ip)).status;
    assert.equal(await get('7.7.7.1'), 404);
    assert.equal(await get('7.7.7.1'), 429, 'counted while there is room');
    for (const ip of ['7.7.7.2', '7.7.7.3', '7.7.7.4']) assert.equal(await get(ip), 404);
    // The fourth address pushed the first out: its count starts again.
    assert.equal(await get('7.7.7.1'), 404);
    assert.equal(await get('7.7.7.4'), 429, 'a recent address is still counted');
  });
});
