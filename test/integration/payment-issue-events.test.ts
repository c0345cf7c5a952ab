import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/decisions.md#partner-events: a card payment that confirms nothing is a `payment.issue` for the key
// that made the booking, carrying what happened (`issue`: the kind the host's record has, the
// amount in major units, the currency, the payment intent) beside the booking.

const SECRET = 'whsec_payment_issue_events';
let t: TestApp;
let house: Accommodation;

before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: SECRET });
  house = await makeAccommodation(t.ctx.db);
});
after(async () => {
  await t.close();
});

let nextStay = 20;
/** A card draft of two nights: 2 × 100 + 50 cleaning, 10 % tax = 275 EUR. */
async function draft(): Promise<{ id: number; code: string }> {
  nextStay += 5;
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(house.id, futureStay(2, nextStay), {
      booking: { payment_method: 'card_processor', expected_amount: 275 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: { booking_id: number; confirmation_code: string } }>().data;
  return { id: data.booking_id, code: data.confirmation_code };
}

async function pay(code: string, amount: number, currency: string): Promise<string> {
  const event = paymentIntentEvent('payment_intent.succeeded', {
    amount,
    currency,
    metadata: { booking_reference: code },
  });
  const res = await postPaymentEvent(t, event, { secret: SECRET });
  assert.equal(res.statusCode, 200, res.body);
  return event.data.object.id;
}

interface IssueEvent {
  type: string;
  data: { id: number; status: string; issue?: Record<string, unknown> };
}

async function issuesOf(bookingId: number): Promise<IssueEvent[]> {
  const res = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500` });
  return res
    .json<{ data: { events: IssueEvent[] } }>()
    .data.events.filter((e) => e.data.id === bookingId && e.type === 'payment.issue');
}

async function recordedKinds(bookingId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('payment_issues')
    .select('kind')
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

describe(`payment.issue says what happened (${testStoreKind})`, () => {
  test('another amount: amount_mismatch, with the amount paid in major units', async () => {
    const booking = await draft();
    const intent = await pay(booking.code, 25_000, 'eur');
    const [event] = await issuesOf(booking.id);
    assert.ok(event);
    assert.equal(event.data.status, 'draft');
    assert.deepEqual(event.data.issue, {
      kind: 'amount_mismatch',
      amount: 250,
      currency: 'EUR',
      payment_intent_id: intent,
    });
    assert.deepEqual(await recordedKinds(booking.id), ['amount_mismatch']);
    // The booking beside it is the booking as GET shows it.
    const shown = await t.request({ method: 'GET', url: `${t.v1}/bookings/${booking.id}` });
    const { issue, ...rest } = event.data;
    assert.ok(issue);
    assert.deepEqual(rest, shown.json<{ data: unknown }>().data);
  });

  test('another currency: currency_mismatch, in that currency', async () => {
    const booking = await draft();
    const intent = await pay(booking.code, 27_500, 'jpy');
    const [event] = await issuesOf(booking.id);
    assert.deepEqual(event?.data.issue, {
      kind: 'currency_mismatch',
      amount: 27_500,
      currency: 'JPY',
      payment_intent_id: intent,
    });
    assert.deepEqual(await recordedKinds(booking.id), ['currency_mismatch']);
  });

  test('a payment for a booking no longer awaiting one: refund_needed', async () => {
    const booking = await draft();
    const released = await t.request({ method: 'POST', url: `${t.v1}/bookings/${booking.id}/cancel` });
    assert.equal(released.statusCode, 200, released.body);
    const intent = await pay(booking.code, 27_500, 'eur');
    const [event] = await issuesOf(booking.id);
    assert.equal(event?.data.status, 'cancelled');
    assert.deepEqual(event.data.issue, {
      kind: 'refund_needed',
      amount: 275,
      currency: 'EUR',
      payment_intent_id: intent,
    });
    assert.deepEqual(await recordedKinds(booking.id), ['refund_needed']);
  });

  test('other events carry no issue', async () => {
    const booking = await draft();
    const res = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500` });
    const created = res
      .json<{ data: { events: IssueEvent[] } }>()
      .data.events.find((e) => e.data.id === booking.id && e.type === 'booking.created');
    assert.ok(created);
    assert.equal('issue' in created.data, false);
  });
});
