import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { startNode, type RunningCli } from '../support/cli.ts';
import { startStaydesk, type RunningStaydesk } from '../support/running-staydesk.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * examples/proxy-hono and examples/proxy-fastify, each run as a partner runs it (its own process,
 * configured by environment variables) between a browser (this test's fetch calls), the real
 * Staydesk process and a stand-in card processor reached by the official `stripe` package.
 */

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples');
/** In this repository @staydesk/client resolves to its sources under this condition (no build needed). */
const NODE_ARGS = ['--conditions=staydesk-source'];

let staydesk: RunningStaydesk;
let processor: StripeStandIn;
const examples: RunningCli[] = [];
before(async () => {
  [staydesk, processor] = await Promise.all([startStaydesk(), startStripeStandIn()]);
});
after(async () => {
  for (const e of examples) e.kill();
  await processor.close();
  await staydesk.close();
});

async function startExample(name: string): Promise<string> {
  const example = startNode(
    [...NODE_ARGS, path.join(EXAMPLES, name, 'server.ts')],
    {
      STAYDESK_URL: staydesk.base,
      STAYDESK_API_KEY: staydesk.apiKey,
      STRIPE_SECRET_KEY: 'sk_test_example',
      STRIPE_API_BASE: processor.url,
      PORT: '0',
    },
    { cwd: path.join(EXAMPLES, name) },
  );
  examples.push(example);
  const line = await example.waitForLine((l) => l.includes('listening on'));
  const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
  assert.ok(url, line);
  return url;
}

const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

function bookingBody(accommodationId: number, checkin: string, checkout: string, method: string, total: number) {
  return {
    accommodation_id: accommodationId,
    partner_data: { first_name: 'Ada', last_name: 'Browser', email: 'ada@example.com' },
    booking_data: {
      checkin_date: checkin,
      checkout_date: checkout,
      adults_count: 2,
      children_count: 0,
      babies_count: 0,
      payment_method: method,
      expected_amount: total,
    },
  };
}

describe(`the proxy examples (${testStoreKind})`, { timeout: testTimeout(180_000) }, () => {
  for (const [name, offset] of [
    ['proxy-hono', 40],
    ['proxy-fastify', 60],
  ] as const) {
    test(`${name}: availability, a bank-transfer booking, its status, refusals, the card flow, a budget per connection`, async () => {
      const book = await startExample(name);
      const checkin = addDays(todayIn('UTC'), offset);
      const checkout = addDays(checkin, 3);
      const id = staydesk.accommodationId;
      const seen: string[] = [];
      const call = async (route: string, init: RequestInit) => {
        const res = await fetch(`${book}${route}`, init);
        const text = await res.text();
        seen.push(text, JSON.stringify([...res.headers]));
        return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
      };

      const quote = await call(
        '/availability',
        json('POST', { accommodation_id: id, checkin, checkout, guest_count: 2 }),
      );
      assert.equal(quote.status, 200);
      assert.equal(quote.body.available, true);
      const total = (quote.body.pricing as { total: number }).total;
      assert.ok(total > 0);

      const made = await call('/bookings', json('POST', bookingBody(id, checkin, checkout, 'bank_transfer', total)));
      assert.equal(made.status, 200, JSON.stringify(made.body));
      assert.equal(made.body.status, 'confirmed');
      const status = await call(
        `/bookings/${String(made.body.booking_id)}?token=${String(made.body.status_token)}`,
        json('GET'),
      );
      assert.equal(status.status, 200);
      assert.deepEqual(
        [status.body.booking_status, status.body.booking_reference],
        ['confirmed', made.body.booking_reference],
      );

      // The same nights again: the service's 409, relayed with its reason.
      const taken = await call('/bookings', json('POST', bookingBody(id, checkin, checkout, 'bank_transfer', total)));
      assert.equal(taken.status, 409);
      assert.equal((taken.body.error as { details: { reason: string } }).details.reason, 'dates_unavailable');
      // Only the reason, the proxy's own message and the taken night: not who holds the nights.
      const refusal = JSON.stringify(taken.body);
      assert.ok(!refusal.includes('confirmation_code'), refusal);
      assert.ok(!refusal.includes('conflicting_booking'), refusal);
      assert.ok(!refusal.includes(String(made.body.booking_reference)), refusal);
      assert.equal((taken.body.error as { details: { conflicting_night: string } }).details.conflicting_night, checkin);
      // Availability of the booked nights: the proxy's own words, not who holds them.
      const takenQuote = await call('/availability', json('POST', { accommodation_id: id, checkin, checkout }));
      assert.deepEqual(takenQuote.body, {
        available: false,
        nights: 0,
        pricing: null,
        restrictions: null,
        message: 'These dates are not available.',
      });
      // A body the service would refuse is refused by the proxy.
      const bad = await call('/availability', json('POST', { accommodation_id: id, checkin: '2031-02-30', checkout }));
      assert.equal(bad.status, 400);

      // Card: the draft, then a PaymentIntent at the processor carrying booking_reference.
      const cardIn = addDays(checkout, 7);
      const cardOut = addDays(cardIn, 2);
      const cardQuote = await call(
        '/availability',
        json('POST', { accommodation_id: id, checkin: cardIn, checkout: cardOut }),
      );
      const cardTotal = (cardQuote.body.pricing as { total: number }).total;
      const card = await call('/bookings', json('POST', bookingBody(id, cardIn, cardOut, 'card_processor', cardTotal)));
      assert.equal(card.status, 200, JSON.stringify(card.body));
      assert.deepEqual(Object.keys(card.body).sort(), [
        'booking_id',
        'booking_reference',
        'client_secret',
        'status_token',
      ]);
      const intent = processor.intents.find((i) => i.metadata.booking_reference === card.body.booking_reference);
      assert.ok(intent, 'the PaymentIntent carries booking_reference');
      assert.equal(card.body.client_secret, `${intent.id}_secret_x`);
      assert.equal(intent.amount, Math.round(cardTotal * 100));
      const follow = `/bookings/${String(card.body.booking_id)}?token=${String(card.body.status_token)}`;
      const draft = await call(follow, json('GET'));
      assert.equal(draft.body.booking_status, 'draft');

      // The processor tells Staydesk; the browser, polling through the proxy, sees it confirmed.
      assert.equal((await staydesk.pay(intent)).outcome, 'confirmed');
      const paid = await call(follow, json('GET'));
      // The booking's code alone opens nothing.
      const byCode = await call(
        `/bookings/${String(card.body.booking_id)}?reference=${String(card.body.booking_reference)}`,
        json('GET'),
      );
      assert.equal(byCode.status, 404);
      assert.equal(paid.body.booking_status, 'confirmed');

      // The budget is the connection's (30 a minute): a made-up X-Forwarded-For does not buy more.
      let refusedAt = 0;
      for (let i = 1; i <= 31 && refusedAt === 0; i++) {
        const res = await fetch(`${book}/bookings/1`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        await res.body?.cancel();
        if (res.status === 429) refusedAt = i;
      }
      assert.ok(refusedAt > 0, 'a 429 within 31 requests from one connection address');

      assert.ok(!seen.some((s) => s.includes(staydesk.apiKey)), 'the API key never reaches the browser');
      assert.ok(!seen.some((s) => s.includes('sk_test_example')), 'nor the processor key');
    });
  }
});
