import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation, Booking } from '../../src/db/schema.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { insertBooking, makeAccommodation, type BookingSeed } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/**
 * A stored booking with its guest and (unless cancelled) its nights, written straight into the
 * tables: these tests are about what the admin API reads, not about booking creation. Its amounts
 * are fixed (7 nights of the worked example with breakfast for two), whatever the stay.
 */
function booked(accommodation: Accommodation, seed: BookingSeed): Promise<Booking> {
  const status = seed.status ?? 'confirmed';
  return insertBooking(t.ctx.db, accommodation, {
    adults: 2,
    children: 1,
    notes: 'late arrival',
    firstName: 'Grace',
    guest: { title: 'Ms.', lastName: 'Hopper', phone: '+1 555 0100' },
    cancelReason: status === 'cancelled' ? 'guest request' : null,
    holdExpiresAt: null,
    ...seed,
    row: {
      payment_intent_id: status === 'draft' ? 'pi_123' : null,
      base_price: 70000,
      discount_name: 'weekly',
      discount_ppm: 100000,
      discount: 7000,
      cleaning_fee: 5000,
      extras: JSON.stringify({ breakfast: 16800 }),
      extras_total: 16800,
      tax: 8480,
      total: 93280,
      color_index: 3,
    },
  });
}

interface AdminBooking {
  id: number;
  confirmation_code: string;
  status: string;
  [field: string]: unknown;
}

async function listIds(query: string): Promise<number[]> {
  const res = await t.admin('GET', `/admin/api/bookings${query}`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', '/admin/api/bookings', res);
  return res.json<{ data: AdminBooking[] }>().data.map((b) => b.id);
}

describe(`admin bookings (${testStoreKind})`, () => {
  test('GET /bookings/:id shows every stored fact, amounts in major units', async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: 'Lighthouse' });
    const booking = await booked(acc, { checkin: '2032-06-10', checkout: '2032-06-17', email: 'Grace@Example.com' });
    const res = await t.admin('GET', `/admin/api/bookings/${booking.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'GET', `/admin/api/bookings/${booking.id}`, res);
    const data = res.json<{ data: AdminBooking }>().data;
    assert.deepEqual(data, {
      kind: 'booking',
      id: booking.id,
      confirmation_code: booking.confirmation_code,
      accommodation_id: acc.id,
      accommodation_name: 'Lighthouse',
      status: 'confirmed',
      source: 'direct',
      checkin_date: '2032-06-10',
      checkout_date: '2032-06-17',
      nights: 7,
      adults: 2,
      children: 1,
      babies: 0,
      guest_notes: 'late arrival',
      internal_note: '',
      payment_method: 'bank_transfer',
      payment_intent_id: null,
      currency: 'EUR',
      pricing: {
        base_price: 700,
        discount: 70,
        cleaning_fee: 50,
        extras: { breakfast: 168 },
        extra_guest_fee: 0,
        tax: 84.8,
        city_tax: 0,
        price_reduction: 0,
        total: 932.8,
      },
      total_amount: 932.8,
      price_note: null,
      payment: {
        amount_due: 932.8,
        amount_paid: 0,
        balance: 932.8,
        state: 'unpaid',
        // No payment terms: all due on the day it was booked.
        schedule: [{ due_on: booking.created_at.slice(0, 10), amount: 932.8 }],
      },
      cancellation_fee: null,
      deposit: null,
      hold_expires_at: null,
      cancel_reason: null,
      partner: { id: booking.guest_id, name: 'Grace Hopper', email: 'Grace@Example.com', phone: '+1 555 0100' },
      guest: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'Grace@Example.com',
        phone: '+1 555 0100',
        address: null,
        company_name: null,
        company_tax_id: null,
      },
      registration_state: 'missing',
      created_at: booking.created_at,
      updated_at: booking.updated_at,
      confirmed_at: booking.confirmed_at,
      cancelled_at: null,
      guest_url: `http://staydesk.test/guest/${booking.guest_token}`,
      payments: [],
      refunds: [],
      // Written straight into the table by the factory, not through the lifecycle: no history.
      events: [],
    });

    const jpyAcc = await makeAccommodation(t.ctx.db, { currency: 'JPY', base_price: 15000 });
    const jpy = await booked(jpyAcc, { checkin: '2032-06-10', checkout: '2032-06-12' });
    const jpyData = (await t.admin('GET', `/admin/api/bookings/${jpy.id}`)).json<{ data: { total_amount: number } }>()
      .data;
    assert.equal(jpyData.total_amount, 93280, 'JPY has no minor unit');

    assertErrorEnvelope(await t.admin('GET', '/admin/api/bookings/999999'), 404, 'NOT_FOUND');
    assertErrorEnvelope(await t.admin('GET', '/admin/api/bookings/x1'), 400, 'BAD_REQUEST');
  });

  test('GET /bookings filters by accommodation, status and overlap with [from, to), newest first, paged', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await makeAccommodation(t.ctx.db);
    const first = await booked(a, { checkin: '2032-07-10', checkout: '2032-07-13' });
    const second = await booked(a, { checkin: '2032-07-20', checkout: '2032-07-22', status: 'cancelled' });
    const third = await booked(a, { checkin: '2032-08-01', checkout: '2032-08-05' });
    const other = await booked(b, { checkin: '2032-07-10', checkout: '2032-07-13' });

    assert.deepEqual(await listIds(`?accommodation_id=${a.id}`), [third.id, second.id, first.id]);
    assert.deepEqual(await listIds(`?accommodation_id=${b.id}`), [other.id]);
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&status=cancelled`), [second.id]);
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&status=confirmed`), [third.id, first.id]);
    // first occupies the nights 07-10, 07-11, 07-12.
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&from=2032-07-12&to=2032-07-21`), [second.id, first.id]);
    assert.deepEqual(
      await listIds(`?accommodation_id=${a.id}&from=2032-07-13&to=2032-07-20`),
      [],
      'checkout day and checkin day of the range are not nights of it',
    );
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&to=2032-07-11`), [first.id]);
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&from=2032-07-22`), [third.id]);
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&limit=2`), [third.id, second.id]);
    assert.deepEqual(await listIds(`?accommodation_id=${a.id}&limit=2&offset=2`), [first.id]);
    assert.ok((await listIds('')).length >= 4, 'no filter lists every booking');
  });

  test('GET /bookings refuses bad filters with a 400 naming them', async () => {
    const cases: [string, string][] = [
      ['?status=pending', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?offset=-1', 'offset'],
      ['?from=2032-02-30', 'from'],
      ['?to=tomorrow', 'to'],
      ['?accommodation_id=one', 'accommodation_id'],
      ['?colour=red', 'colour'],
    ];
    for (const [query, parameter] of cases) {
      const body = assertErrorEnvelope(await t.admin('GET', `/admin/api/bookings${query}`), 400, 'BAD_REQUEST');
      assert.equal(body.error.details.parameter, parameter, query);
    }
    assert.equal((await listIds('?limit=200')).length > 0, true);
  });

  test('blocking over a booked night is a 409 naming the night and the booking', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const booking = await booked(acc, { checkin: '2032-09-10', checkout: '2032-09-12' });
    const url = `/admin/api/accommodations/${acc.id}/blocks`;
    const body = assertErrorEnvelope(
      await t.admin('POST', url, { from: '2032-09-08', to: '2032-09-15', reason: 'maintenance' }),
      409,
      'CONFLICT',
    );
    assert.equal(body.error.details.night, '2032-09-10');
    assert.equal(body.error.details.taken_by, 'booking');
    assert.equal(body.error.details.confirmation_code, booking.confirmation_code);
    assert.match(body.error.message, new RegExp(booking.confirmation_code));

    const blocks = (await t.admin('GET', url)).json<{ data: unknown[] }>().data;
    assert.deepEqual(blocks, [], 'nothing was blocked');
    // Unblocking never frees a booked night.
    assert.deepEqual(
      (await t.admin('DELETE', url, { from: '2032-09-08', to: '2032-09-15' })).json<{ data: unknown }>().data,
      { unblocked: 0 },
    );
    assert.equal(
      (await t.ctx.db.selectFrom('night_claims').select('night').where('booking_id', '=', booking.id).execute()).length,
      2,
    );
    // Around the stay is free: its checkout day can be blocked.
    assert.equal((await t.admin('POST', url, { from: '2032-09-12', to: '2032-09-14' })).statusCode, 201);
  });

  test('a card-payment draft past its hold does not stop a block; it is cancelled', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const expired = await booked(acc, {
      checkin: '2032-10-01',
      checkout: '2032-10-03',
      status: 'draft',
      holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const res = await t.admin('POST', `/admin/api/accommodations/${acc.id}/blocks`, {
      from: '2032-10-01',
      to: '2032-10-03',
    });
    assert.equal(res.statusCode, 201, res.body);
    const after = (await t.admin('GET', `/admin/api/bookings/${expired.id}`)).json<{ data: AdminBooking }>().data;
    assert.equal(after.status, 'cancelled');
    assert.equal(after.cancel_reason, 'payment_timeout');
    assert.deepEqual(
      (after as unknown as { events: { event: string; actor: { kind: string } }[] }).events.map((e) => [
        e.event,
        e.actor.kind,
      ]),
      [['expired', 'hold_expiry']],
    );

    const held = await booked(acc, {
      checkin: '2032-10-05',
      checkout: '2032-10-06',
      status: 'draft',
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
    const body = assertErrorEnvelope(
      await t.admin('POST', `/admin/api/accommodations/${acc.id}/blocks`, { from: '2032-10-05', to: '2032-10-06' }),
      409,
      'CONFLICT',
    );
    assert.equal(
      body.error.details.confirmation_code,
      held.confirmation_code,
      'a draft within its hold keeps its nights',
    );
  });

  test('an accommodation with bookings cannot change currency (deleted, it is archived)', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    await booked(acc, { checkin: '2032-11-01', checkout: '2032-11-03', status: 'cancelled' });
    const url = `/admin/api/accommodations/${acc.id}`;

    const patch = assertErrorEnvelope(await t.admin('PATCH', url, { currency: 'USD' }), 409, 'CONFLICT');
    assert.equal(patch.error.details.reason, 'has_bookings');
    const unchanged = (await t.admin('GET', url)).json<{ data: { currency: string; base_price: number } }>().data;
    assert.equal(unchanged.currency, 'EUR');

    const sameCurrency = await t.admin('PATCH', url, { currency: 'EUR', base_price: 110 });
    assert.equal(sameCurrency.statusCode, 200, 'naming the current currency is not a change');

    const del = await t.admin('DELETE', url);
    assert.equal(del.statusCode, 200, del.body);
    assertMatchesOpenApi(t.app, 'DELETE', url, del);
    assert.deepEqual(del.json<{ data: unknown }>().data, { id: acc.id, deleted: false, archived: true });
    assert.equal((await t.admin('GET', url)).statusCode, 200, 'still there, archived');
  });
});
