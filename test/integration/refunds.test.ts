import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { addDays } from '../../src/shared/dates.ts';
import { signIn } from '../support/console-client.ts';
import { assertRefused } from '../support/envelope-assertions.ts';
import { bookingById, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Refunds (docs/money.md#refunds): lowering the price or only returning money, told apart, at
// the desk and in the console, on the store TEST_DATABASE_URL selects.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Detail {
  id: number;
  status: string;
  total_amount: number;
  pricing: { price_reduction: number; total: number };
  payment: {
    amount_due: number;
    amount_paid: number;
    balance: number;
    state: string;
    schedule: { due_on: string; amount: number }[];
  };
  refunds: { id: number; amount: number; method: string; reason: string | null; effect: string }[];
  events: { event: string; reason: string | null }[];
}

const url = (id: number) => `/admin/api/bookings/${id}/refunds`;

/** A confirmed booking of 385.00 (3 nights), paid in full unless told otherwise. */
async function paidBooking(a: Accommodation, paid = 385) {
  const b = await insertBooking(t.ctx.db, a, futureStay(3));
  if (paid > 0) {
    const res = await t.admin('POST', `/admin/api/bookings/${b.id}/payments`, {
      amount: paid,
      method: 'bank_transfer',
    });
    assert.equal(res.statusCode, 201, res.body);
  }
  return b;
}

async function refund(id: number, body: Record<string, unknown>): Promise<Detail> {
  const res = await t.admin('POST', url(id), body);
  assert.equal(res.statusCode, 201, res.body);
  assertMatchesOpenApi(t.app, 'POST', url(id), res);
  return res.json<{ data: { booking: Detail } }>().data.booking;
}

describe(`refunds (${testStoreKind})`, () => {
  test('lowering the price: the total drops by the amount and a paid booking stays paid', async () => {
    const b = await paidBooking(await makeAccommodation(t.ctx.db));
    const after = await refund(b.id, {
      amount: 45.5,
      method: 'bank_transfer',
      reason: 'pool closed',
      reduce_price: true,
    });
    assert.equal(after.total_amount, 339.5);
    assert.equal(after.pricing.price_reduction, 45.5);
    assert.deepEqual(after.payment, {
      amount_due: 339.5,
      amount_paid: 339.5,
      balance: 0,
      state: 'paid',
      schedule: [{ due_on: after.payment.schedule[0]?.due_on, amount: 339.5 }],
    });
    assert.deepEqual(
      after.refunds.map((r) => ({ amount: r.amount, method: r.method, reason: r.reason, effect: r.effect })),
      [{ amount: 45.5, method: 'bank_transfer', reason: 'pool closed', effect: 'price_reduced' }],
    );
    assert.match(
      after.events.at(-1)?.reason ?? '',
      /45\.50 EUR by bank_transfer, price lowered to 339\.50 EUR \(pool closed\)/,
    );
    assert.equal(after.events.at(-1)?.event, 'refund_recorded');
  });

  test('lowering the price issues a credit note of the invoice and a new one; returning money issues nothing', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const made = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: a.id,
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      guest: { first_name: 'Zofia', last_name: 'Wiśniewska' },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    await t.admin('POST', `/admin/api/bookings/${id}/payments`, { amount: 385, method: 'cash' });
    const documents = async () =>
      (await t.admin('GET', `/admin/api/bookings/${id}/documents`))
        .json<{ data: { kind: string; total_amount: number }[] }>()
        .data.map((d) => [d.kind, d.total_amount]);
    assert.deepEqual(await documents(), [['invoice', 385]]);
    await refund(id, { amount: 10, method: 'cash', reason: 'paid twice' });
    assert.deepEqual(await documents(), [['invoice', 385]]);
    await refund(id, { amount: 45.5, method: 'cash', reason: 'pool closed', reduce_price: true });
    assert.deepEqual(await documents(), [
      ['invoice', 385],
      ['credit_note', -385],
      ['invoice', 339.5],
    ]);
  });

  test('only money returned: the price stands and the balance shows it due again', async () => {
    const b = await paidBooking(await makeAccommodation(t.ctx.db));
    const after = await refund(b.id, { amount: 45.5, method: 'cash', reason: 'paid twice by mistake' });
    assert.equal(after.total_amount, 385);
    assert.equal(after.pricing.price_reduction, 0);
    assert.deepEqual(
      { paid: after.payment.amount_paid, balance: after.payment.balance, state: after.payment.state },
      { paid: 339.5, balance: 45.5, state: 'partly_paid' },
    );
    assert.equal(after.refunds[0]?.effect, 'money_returned');
    assert.equal((await bookingById(t.ctx.db, b.id)).amount_paid, 33950, 'paid = payments − refunds');
  });

  test('no more than was paid, no more than the price, nothing of 0; a cancelled price is not lowered', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const unpaid = await paidBooking(a, 0);
    assertRefused(await t.admin('POST', url(unpaid.id), { amount: 10, method: 'cash' }), 409, 'refund_exceeds_paid');
    const partly = await paidBooking(a, 100);
    assertRefused(
      await t.admin('POST', url(partly.id), { amount: 100.01, method: 'cash' }),
      409,
      'refund_exceeds_paid',
    );
    assertRefused(
      await t.admin('POST', url(partly.id), { amount: 400, method: 'cash', reduce_price: true }),
      409,
      'refund_exceeds_price',
    );
    assertRefused(await t.admin('POST', url(partly.id), { amount: 0, method: 'cash' }), 400, 'invalid_amount');
    assertRefused(await t.admin('POST', url(partly.id), { amount: 10, method: 'cheque' }), 400, 'invalid_enum');
    assertRefused(await t.admin('POST', url(999999), { amount: 10, method: 'cash' }), 404, 'booking_not_found');

    const cancelled = await t.admin('POST', `/admin/api/bookings/${partly.id}/cancel`, {});
    assert.equal(cancelled.json<{ data: Detail }>().data.payment.state, 'overpaid');
    assertRefused(
      await t.admin('POST', url(partly.id), { amount: 10, method: 'cash', reduce_price: true }),
      409,
      'booking_cancelled',
    );
    const back = await refund(partly.id, { amount: 100, method: 'cash', reason: 'cancelled' });
    assert.deepEqual({ paid: back.payment.amount_paid, balance: back.payment.balance }, { paid: 0, balance: 0 });
  });

  test('a stay re-priced later keeps the reduction; a price set by hand replaces it', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await paidBooking(a);
    await refund(b.id, { amount: 45.5, method: 'cash', reduce_price: true });
    const longer = addDays(b.checkout, 1);
    const res = await t.admin('PATCH', `/admin/api/bookings/${b.id}`, { checkout_date: longer });
    assert.equal(res.statusCode, 200, res.body);
    const quote = await quoteStay(t.ctx.db, a, { checkin: b.checkin, checkout: longer, guests: 2, extras: {} });
    assert.equal(res.json<{ data: Detail }>().data.total_amount, (quote.total - 4550) / 100);
    const byHand = await t.admin('PATCH', `/admin/api/bookings/${b.id}`, { total_amount: 300 });
    const data = byHand.json<{ data: Detail }>().data;
    assert.deepEqual(
      { total: data.total_amount, reduction: data.pricing.price_reduction },
      { total: 300, reduction: 0 },
    );
  });

  test('the console records a refund, and refuses one too large with why', async () => {
    const host = await signIn(t);
    const b = await paidBooking(await makeAccommodation(t.ctx.db));
    const res = await host.post(`/admin/bookings/${b.id}/refunds`, {
      amount: '20',
      method: 'cash',
      reason: 'late check-in',
      reduce_price: 'on',
    });
    assert.equal(res.statusCode, 303, res.body);
    const row = await bookingById(t.ctx.db, b.id);
    assert.deepEqual(
      { total: row.total, reduction: row.price_reduction, paid: row.amount_paid },
      {
        total: 36500,
        reduction: 2000,
        paid: 36500,
      },
    );
    const page = await host.follow(res);
    assert.match(page.body, /The refund is recorded and the price lowered\./);
    assert.match(page.body, /late check-in/);

    const tooMuch = await host.post(`/admin/bookings/${b.id}/refunds`, { amount: '1000', method: 'cash', reason: '' });
    assert.equal(tooMuch.statusCode, 303);
    assert.match((await host.follow(tooMuch)).body, /is more than the/);
  });
});
