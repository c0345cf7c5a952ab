import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { filteredBookings } from '../../src/admin/booking-queries.ts';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import type { Accommodation, BookingStatus } from '../../src/db/schema.ts';
import { PAYMENT_STATES, paymentSummary } from '../../src/pricing/payment-summary.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

// docs/api.md#bookings-get: a draft cancelled without any payment reads `unpaid`, never `paid`,
// on v1 GET /bookings/:id and in the event its key hears; the admin list's payment filter (SQL)
// says the same as paymentSummary for every status and amount.

let t: TestApp;
let house: Accommodation;

before(async () => {
  t = await createTestApp();
  house = await makeAccommodation(t.ctx.db);
});
after(async () => {
  await t.close();
});

let nextStay = 10;
async function draft(): Promise<number> {
  nextStay += 5;
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(house.id, futureStay(2, nextStay), {
      booking: { payment_method: 'card_processor', expected_amount: 275 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

interface Shown {
  status: string;
  cancel_reason: string | null;
  payment: { state: string; amount_paid: number; balance: number };
}

async function shown(id: number): Promise<Shown> {
  const res = await t.checkedRequest({ method: 'GET', url: `${t.v1}/bookings/${id}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Shown }>().data;
}

/** The latest event of the booking in the key's catch-up feed. */
async function lastEvent(id: number): Promise<{ type: string; data: Shown & { id: number } }> {
  const res = await t.request({ method: 'GET', url: `${t.v1}/events?limit=500` });
  const events = res.json<{ data: { events: { type: string; data: Shown & { id: number } }[] } }>().data.events;
  const mine = events.filter((e) => e.data.id === id);
  const last = mine.at(-1);
  assert.ok(last, `an event of booking ${id}`);
  return last;
}

const UNPAID = { state: 'unpaid', amount_paid: 0, balance: 0 };

describe(`payment states (${testStoreKind})`, () => {
  test('a draft its key cancels reads unpaid, on GET and in booking.cancelled', async () => {
    const id = await draft();
    assert.deepEqual((await shown(id)).payment, { state: 'unpaid', amount_paid: 0, balance: 275 });
    const res = await t.request({ method: 'POST', url: `${t.v1}/bookings/${id}/cancel` });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json<{ data: Shown }>().data.payment, UNPAID);
    assert.deepEqual((await shown(id)).payment, UNPAID);
    const event = await lastEvent(id);
    assert.equal(event.type, 'booking.cancelled');
    assert.deepEqual(event.data.payment, UNPAID);
  });

  test('a draft whose hold ran out reads unpaid, on GET and in booking.expired', async () => {
    const id = await draft();
    const expired = await expireDueDrafts(t.ctx, new Date(Date.now() + 24 * 3600_000));
    assert.ok(expired.includes(id));
    const booking = await shown(id);
    assert.equal(booking.status, 'cancelled');
    assert.deepEqual(booking.payment, UNPAID);
    const event = await lastEvent(id);
    assert.equal(event.type, 'booking.expired');
    assert.deepEqual(event.data.payment, UNPAID);
  });

  test('a draft cancelled by webhook or at the desk reads unpaid, on GET and in booking.cancelled', async () => {
    const byWebhook = await draft();
    const res = await postWebhook(t, 'update', { event_type: 'cancelled', booking_id: byWebhook, reason: 'test' });
    assert.equal(res.statusCode, 200, res.body);
    const byDesk = await draft();
    const desk = await t.admin('POST', `/admin/api/bookings/${byDesk}/cancel`, { notify_guest: false });
    assert.equal(desk.statusCode, 200, desk.body);
    for (const id of [byWebhook, byDesk]) {
      const booking = await shown(id);
      assert.equal(booking.status, 'cancelled');
      assert.deepEqual(booking.payment, UNPAID);
      const event = await lastEvent(id);
      assert.equal(event.type, 'booking.cancelled');
      assert.deepEqual(event.data.payment, UNPAID);
    }
  });

  test("the admin list's payment filter agrees with paymentSummary for every status and amount", async () => {
    const booking = await insertBooking(t.ctx.db, house, { ...futureStay(2, 400) });
    const statuses: BookingStatus[] = ['draft', 'confirmed', 'modified', 'cancelled'];
    const amounts: { total: number; amount_paid: number; processor_paid: number; cancellation_fee?: number }[] = [
      { total: 30000, amount_paid: 0, processor_paid: 0 },
      // A cancellation fee is what a cancelled booking owes: paid below, at and above it.
      { total: 30000, amount_paid: 5000, processor_paid: 0, cancellation_fee: 9000 },
      { total: 30000, amount_paid: 9000, processor_paid: 0, cancellation_fee: 9000 },
      { total: 30000, amount_paid: 30000, processor_paid: 0, cancellation_fee: 9000 },
      { total: 30000, amount_paid: 0, processor_paid: 0, cancellation_fee: 9000 },
      { total: 30000, amount_paid: 100, processor_paid: 0 },
      { total: 30000, amount_paid: 0, processor_paid: 30000 },
      { total: 30000, amount_paid: 10000, processor_paid: 20000 },
      { total: 30000, amount_paid: 1, processor_paid: 30000 },
      { total: 30000, amount_paid: -30000, processor_paid: 30000 },
      { total: 0, amount_paid: 0, processor_paid: 0 },
      { total: 0, amount_paid: 500, processor_paid: 0 },
    ];
    for (const status of statuses)
      for (const money of amounts) {
        await t.ctx.db
          .updateTable('bookings')
          .set({ status, ...money, cancellation_fee: money.cancellation_fee ?? null })
          .where('id', '=', booking.id)
          .execute();
        const expected = paymentSummary({ status, ...money, cancellation_fee: money.cancellation_fee ?? null }).state;
        const matching: string[] = [];
        for (const state of PAYMENT_STATES) {
          const rows = await filteredBookings(t.ctx.db, { paymentState: state })
            .where('b.id', '=', booking.id)
            .execute();
          if (rows.length > 0) matching.push(state);
        }
        assert.deepEqual(matching, [expected], `${status} ${JSON.stringify(money)}`);
      }
  });
});
