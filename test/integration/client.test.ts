import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  BookingCancelledError,
  createClient,
  signServiceWebhook,
  StaydeskError,
  type CreateBookingRequest,
  type StaydeskClient,
} from '../../packages/client/src/index.ts';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { injectFetch } from '../support/inject-fetch.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

const PAYMENT_SECRET = 'whsec_client_tests';
const SERVICE_SECRET = 'client-tests-service-secret';

let t: TestApp;
let client: StaydeskClient;
let place: Accommodation;
const seen: Request[] = [];

before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET });
  await setSetting(t.ctx.db, 'webhook_secret', SERVICE_SECRET);
  client = createClient({ baseUrl: 'http://staydesk.test', apiKey: t.apiKey, fetch: injectFetch(t.app, seen) });
  place = await makeAccommodation(t.ctx.db, { base_price: 10000, cleaning_fee: 0, tax_rate_ppm: 0 });
});
after(async () => {
  await t.close();
});

function booking(nights: number, daysAhead: number, method: 'bank_transfer' | 'card_processor'): CreateBookingRequest {
  const { checkin, checkout } = futureStay(nights, daysAhead);
  return {
    accommodation_id: place.id,
    partner_data: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
    booking_data: {
      checkin_date: checkin,
      checkout_date: checkout,
      adults_count: 2,
      children_count: 0,
      babies_count: 0,
      payment_method: method,
      expected_amount: nights * 100,
    },
  };
}

describe(`@staydesk/client against the service (${testStoreKind})`, () => {
  test('quotes, books with an idempotency key it adds, reads the booking and the calendar', async () => {
    const body = booking(3, 40, 'bank_transfer');
    const quote = await client.availability({
      accommodation_id: place.id,
      checkin: body.booking_data.checkin_date,
      checkout: body.booking_data.checkout_date,
      guest_count: 2,
    });
    assert.equal(quote.available, true);
    assert.equal(quote.pricing?.total, 300);
    const created = await client.createBooking(body);
    assert.equal(created.status, 'confirmed');
    const sent = (await seen.at(-1)!.json()) as CreateBookingRequest;
    assert.match(String(sent.booking_data.idempotency_key), /^[0-9a-f-]{36}$/);
    const read = await client.getBooking(created.booking_id);
    assert.equal(read.booking_status, 'confirmed');
    assert.equal(read.booking_reference, created.booking_reference);
    const month = await client.calendar({
      accommodation_id: place.id,
      month: Number(body.booking_data.checkin_date.slice(5, 7)),
      year: Number(body.booking_data.checkin_date.slice(0, 4)),
    });
    assert.ok(month.bookings.some((b) => b.id === created.booking_id));
  });

  test('a taken stay rejects with a StaydeskError carrying status, reason, details and request id', async () => {
    const body = booking(2, 50, 'bank_transfer');
    await client.createBooking(body);
    const error = await client.createBooking(booking(2, 50, 'bank_transfer')).then(
      () => assert.fail('the second booking of the same nights must fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof StaydeskError);
    assert.equal(error.status, 409);
    assert.equal(error.reason, 'dates_unavailable');
    assert.equal(typeof error.details, 'object');
    assert.match(String(error.requestId), /.+/);
    const missing = await client.getBooking(99_999_999).catch((e: unknown) => e);
    assert.ok(missing instanceof StaydeskError && missing.status === 404 && missing.reason === 'booking_not_found');
  });

  test('waitForConfirmation resolves once the card payment arrives', async () => {
    const created = await client.createBooking(booking(2, 60, 'card_processor'));
    assert.equal(created.status, 'draft');
    let polls = 0;
    const polling = createClient({
      baseUrl: 'http://staydesk.test',
      apiKey: t.apiKey,
      fetch: async (input, init) => {
        polls++;
        if (polls === 2) {
          const paid = await postPaymentEvent(
            t,
            paymentIntentEvent('payment_intent.succeeded', {
              amount: 20000,
              amount_received: 20000,
              currency: place.currency.toLowerCase(),
              metadata: { booking_reference: created.booking_reference },
            }),
            { secret: PAYMENT_SECRET },
          );
          assert.equal(paid.statusCode, 200, paid.body);
        }
        return injectFetch(t.app)(input, init);
      },
    });
    const confirmed = await polling.waitForConfirmation(created.booking_id, { intervalMs: 1 });
    assert.equal(confirmed.booking_status, 'confirmed');
    assert.equal(polls, 2);
  });

  test('waitForConfirmation keeps polling a draft whose hold ran out, and a late payment confirms it', async () => {
    const created = await client.createBooking(booking(2, 65, 'card_processor'));
    const holdEnds = (await client.getBooking(created.booking_id)).hold_expires_at;
    assert.ok(holdEnds);
    assert.deepEqual(await expireDueDrafts(t.ctx, new Date(Date.parse(holdEnds) + 1000)), [created.booking_id]);
    const seenStatuses: string[] = [];
    const polling = createClient({
      baseUrl: 'http://staydesk.test',
      apiKey: t.apiKey,
      fetch: async (input, init) => {
        const res = await injectFetch(t.app)(input, init);
        const view = (await res.clone().json()) as { data: { booking_status: string; cancel_reason: string | null } };
        seenStatuses.push(`${view.data.booking_status}/${view.data.cancel_reason ?? ''}`);
        if (seenStatuses.length === 2) {
          // The guest's payment arrives after the hold ended, while its nights are still free.
          const paid = await postPaymentEvent(
            t,
            paymentIntentEvent('payment_intent.succeeded', {
              amount: 20000,
              amount_received: 20000,
              currency: place.currency.toLowerCase(),
              metadata: { booking_reference: created.booking_reference },
            }),
            { secret: PAYMENT_SECRET },
          );
          assert.equal(paid.statusCode, 200, paid.body);
          assert.equal((JSON.parse(paid.body) as { outcome: string }).outcome, 'confirmed');
        }
        return res;
      },
    });
    const confirmed = await polling.waitForConfirmation(created.booking_id, { intervalMs: 1 });
    assert.equal(confirmed.booking_status, 'confirmed');
    assert.deepEqual(seenStatuses, ['cancelled/payment_timeout', 'cancelled/payment_timeout', 'confirmed/']);
  });

  test('waitForConfirmation rejects with BookingCancelledError when the host cancels', async () => {
    const created = await client.createBooking(booking(2, 70, 'bank_transfer'));
    const payload = JSON.stringify({
      event_type: 'cancelled',
      booking_id: created.booking_id,
      reason: 'guest called',
      timestamp: new Date().toISOString(),
    });
    const res = await t.request({
      method: 'POST',
      url: `/${t.config.slug}/webhook/update`,
      payload,
      key: null,
      headers: {
        'content-type': 'application/json',
        'x-service-signature': signServiceWebhook(payload, SERVICE_SECRET),
      },
    });
    assert.equal(res.statusCode, 200, 'signServiceWebhook signs as the service checks');
    const wrong = await t.request({
      method: 'POST',
      url: `/${t.config.slug}/webhook/update`,
      payload,
      key: null,
      headers: { 'content-type': 'application/json', 'x-service-signature': signServiceWebhook(payload, 'x') },
    });
    assert.equal(wrong.statusCode, 401, 'the service checks signatures here');
    await assert.rejects(client.waitForConfirmation(created.booking_id, { intervalMs: 1 }), BookingCancelledError);
  });
});
