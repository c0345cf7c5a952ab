import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { assertErrorEnvelope, isIsoTimestamp } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#availability, #pricing and #stay-rules: POST /availability through the HTTP layer.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** Every response is also checked against the OpenAPI document. */
const call: TestApp['checkedRequest'] = (options) => t.checkedRequest(options);

function availability(payload: unknown): Promise<LightMyRequestResponse> {
  return call({ method: 'POST', url: `${t.v1}/availability`, payload: payload as InjectOptions['payload'] });
}

interface AvailabilityAnswer {
  success: boolean;
  data: {
    available: boolean;
    nights: number;
    pricing: Record<string, unknown> | null;
    restrictions: Record<string, unknown> | null;
    message: string;
  };
  metadata?: Record<string, unknown>;
}

function okBody(res: LightMyRequestResponse): AvailabilityAnswer {
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return res.json<AvailabilityAnswer>();
}

async function book(
  accommodationId: number,
  stay: { checkin: string; checkout: string },
  booking: Record<string, unknown> = {},
) {
  const quote = okBody(
    await availability({
      accommodation_id: accommodationId,
      checkin: stay.checkin,
      checkout: stay.checkout,
      guest_count: 2,
    }),
  );
  assert.ok(quote.data.pricing !== null, 'the stay is free before booking it');
  const res = await call({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodationId, stay, { booking: { total_amount: quote.data.pricing.total, ...booking } }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number; confirmation_code: string } }>().data;
}

async function insertBlock(
  accommodationId: number,
  night: string,
  reason: string | null = 'maintenance',
): Promise<void> {
  await t.ctx.db
    .insertInto('night_claims')
    .values({
      accommodation_id: accommodationId,
      night,
      kind: 'block',
      booking_id: null,
      external_reservation_id: null,
      reason,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe(`POST /availability: the available answer (${testStoreKind})`, () => {
  test('the worked example prices to the cent, in the exact envelope', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(7);
    const res = await availability({
      accommodation_id: a.id,
      checkin: stay.checkin,
      checkout: stay.checkout,
      guest_count: 2,
      extras: { breakfast: true },
    });
    const body = okBody(res);
    assert.deepEqual(Object.keys(body).sort(), ['data', 'metadata', 'success']);
    assert.equal(body.success, true);
    assert.deepEqual(body.data, {
      available: true,
      nights: 7,
      pricing: {
        base_price: 700,
        avg_price_per_night: 100,
        cleaning_fee: 50,
        tax: 84.8,
        extras: { breakfast: 168 },
        discounts: { weekly: 0.1 },
        city_tax: 0,
        extra_guest_fee: 0,
        total: 932.8,
      },
      restrictions: { min_stay: 1, max_stay: 60, max_guests: 4, checkin_time: '15:00', checkout_time: '10:00' },
      registration_number: null,
      message: 'Available',
    });
    assert.ok(body.metadata !== undefined);
    assert.deepEqual(Object.keys(body.metadata).sort(), ['api_version', 'endpoint', 'timestamp']);
    assert.equal(body.metadata.api_version, '1.0');
    assert.equal(body.metadata.endpoint, 'v1');
    assert.ok(isIsoTimestamp(body.metadata.timestamp), `timestamp ${String(body.metadata.timestamp)}`);
  });

  test('the exact JSON text has no float noise (932.8, not 932.8000000000001)', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(7);
    const res = await availability({
      accommodation_id: a.id,
      checkin: stay.checkin,
      checkout: stay.checkout,
      guest_count: 2,
      extras: { breakfast: true },
    });
    assert.match(res.body, /"total":932\.8[,}]/);
    assert.match(res.body, /"tax":84\.8[,}]/);
  });

  test('without extras or discount: 3 nights, 1 guest by default, empty maps', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    assert.deepEqual(body.data.pricing, {
      base_price: 300,
      avg_price_per_night: 100,
      cleaning_fee: 50,
      tax: 35,
      extras: {},
      discounts: {},
      city_tax: 0,
      extra_guest_fee: 0,
      total: 385,
    });
    assert.equal(body.data.nights, 3);
  });

  test('breakfast is per guest per night: 3 guests × 2 nights × 12', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const body = okBody(
      await availability({
        accommodation_id: a.id,
        checkin: stay.checkin,
        checkout: stay.checkout,
        guest_count: 3,
        extras: { breakfast: true },
      }),
    );
    // base 200, breakfast 72, taxable 322, tax 32.2, total 354.2
    assert.deepEqual(body.data.pricing, {
      base_price: 200,
      avg_price_per_night: 100,
      cleaning_fee: 50,
      tax: 32.2,
      extras: { breakfast: 72 },
      discounts: {},
      city_tax: 0,
      extra_guest_fee: 0,
      total: 354.2,
    });
  });

  test('an extra sent as false is not requested', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const body = okBody(
      await availability({
        accommodation_id: a.id,
        checkin: stay.checkin,
        checkout: stay.checkout,
        guest_count: 2,
        extras: { breakfast: false, linen: false },
      }),
    );
    assert.deepEqual(body.data.pricing?.extras, {});
    assert.equal(body.data.pricing?.total, 275);
  });

  test('linen (per guest per stay) and late check-in (per stay)', async () => {
    const a = await makeAccommodation(t.ctx.db, { extra_linen: 800, extra_late_checkin: 2500 });
    const stay = futureStay(3);
    const body = okBody(
      await availability({
        accommodation_id: a.id,
        checkin: stay.checkin,
        checkout: stay.checkout,
        guest_count: 3,
        extras: { linen: true, late_checkin: true },
      }),
    );
    // base 300, linen 24, late 25, taxable 399, tax 39.9, total 438.9
    assert.deepEqual(body.data.pricing, {
      base_price: 300,
      avg_price_per_night: 100,
      cleaning_fee: 50,
      tax: 39.9,
      extras: { linen: 24, late_checkin: 25 },
      discounts: {},
      city_tax: 0,
      extra_guest_fee: 0,
      total: 438.9,
    });
  });

  test('the monthly discount replaces the weekly one from 28 nights', async () => {
    const a = await makeAccommodation(t.ctx.db, { monthly_discount_ppm: 200000 });
    const month = futureStay(28);
    const body28 = okBody(
      await availability({ accommodation_id: a.id, checkin: month.checkin, checkout: month.checkout, guest_count: 2 }),
    );
    // base 2800, discount 560, taxable 2290, tax 229, total 2519
    assert.deepEqual(body28.data.pricing, {
      base_price: 2800,
      avg_price_per_night: 100,
      cleaning_fee: 50,
      tax: 229,
      extras: {},
      discounts: { monthly: 0.2 },
      city_tax: 0,
      extra_guest_fee: 0,
      total: 2519,
    });

    const almost = futureStay(27);
    const body27 = okBody(
      await availability({
        accommodation_id: a.id,
        checkin: almost.checkin,
        checkout: almost.checkout,
        guest_count: 2,
      }),
    );
    // base 2700, weekly 270, taxable 2480, tax 248, total 2728
    assert.deepEqual(body27.data.pricing, {
      base_price: 2700,
      avg_price_per_night: 100,
      cleaning_fee: 50,
      tax: 248,
      extras: {},
      discounts: { weekly: 0.1 },
      city_tax: 0,
      extra_guest_fee: 0,
      total: 2728,
    });
  });

  test('6 nights: no discount yet', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(6);
    const body = okBody(
      await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 }),
    );
    assert.deepEqual(body.data.pricing?.discounts, {});
    assert.equal(body.data.pricing?.total, 715);
  });

  test('a zero monthly rate falls back to the weekly discount at 28 nights', async () => {
    const a = await makeAccommodation(t.ctx.db, { monthly_discount_ppm: 0 });
    const stay = futureStay(28);
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    assert.deepEqual(body.data.pricing?.discounts, { weekly: 0.1 });
  });

  test('nightly price overrides change base_price and the rounded average', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const before = okBody(
      await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }),
    );
    assert.equal(before.data.pricing?.base_price, 300);
    // Set through the admin API, which drops this process's cached prices at once.
    const setPrice = async (night: string, price: number) => {
      const res = await t.request({
        method: 'PUT',
        url: `/admin/api/accommodations/${a.id}/prices`,
        key: t.adminKey,
        payload: { from: night, to: addDays(night, 1), price },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    await setPrice(addDays(stay.checkin, 1), 150);
    await setPrice(addDays(stay.checkin, 2), 120.55);
    // Outside the stay: must not count.
    await setPrice(stay.checkout, 999);
    await setPrice(addDays(stay.checkin, -1), 999);
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    // base 100 + 150 + 120.55 = 370.55; avg round(37055 / 3) = 12352; taxable 420.55; tax round(4205.5) = 4206
    assert.deepEqual(body.data.pricing, {
      base_price: 370.55,
      avg_price_per_night: 123.52,
      cleaning_fee: 50,
      tax: 42.06,
      extras: {},
      discounts: {},
      city_tax: 0,
      extra_guest_fee: 0,
      total: 462.61,
    });
  });

  test('JPY has no minor digits: tax rounds half away from zero to whole yen', async () => {
    const a = await makeAccommodation(t.ctx.db, {
      currency: 'JPY',
      base_price: 12345,
      cleaning_fee: 3000,
      extra_breakfast: 1500,
    });
    const stay = futureStay(3);
    const body = okBody(
      await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 1 }),
    );
    // base 37035, taxable 40035, tax round(4003.5) = 4004, total 44039
    assert.deepEqual(body.data.pricing, {
      base_price: 37035,
      avg_price_per_night: 12345,
      cleaning_fee: 3000,
      tax: 4004,
      extras: {},
      discounts: {},
      city_tax: 0,
      extra_guest_fee: 0,
      total: 44039,
    });
  });

  test('JPY: the average per night rounds to whole yen', async () => {
    const a = await makeAccommodation(t.ctx.db, {
      currency: 'JPY',
      base_price: 10000,
      cleaning_fee: 0,
      tax_rate_ppm: 0,
    });
    const stay = futureStay(3);
    await t.ctx.db
      .insertInto('nightly_prices')
      .values({ accommodation_id: a.id, night: stay.checkin, price: 10001 })
      .execute();
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    // 30001 / 3 = 10000.33 → 10000
    assert.equal(body.data.pricing?.avg_price_per_night, 10000);
    assert.equal(body.data.pricing?.base_price, 30001);
    assert.equal(body.data.pricing?.total, 30001);
  });

  test('KWD has three minor digits', async () => {
    const a = await makeAccommodation(t.ctx.db, {
      currency: 'KWD',
      base_price: 45125,
      cleaning_fee: 2500,
      tax_rate_ppm: 50000,
      extra_breakfast: 1750,
    });
    const stay = futureStay(2);
    const body = okBody(
      await availability({
        accommodation_id: a.id,
        checkin: stay.checkin,
        checkout: stay.checkout,
        guest_count: 2,
        extras: { breakfast: true },
      }),
    );
    // base 90.250, breakfast 1.750 × 2 × 2 = 7.000, taxable 99.750, tax round(4987.5) = 4.988, total 104.738
    assert.deepEqual(body.data.pricing, {
      base_price: 90.25,
      avg_price_per_night: 45.125,
      cleaning_fee: 2.5,
      tax: 4.988,
      extras: { breakfast: 7 },
      discounts: {},
      city_tax: 0,
      extra_guest_fee: 0,
      total: 104.738,
    });
  });

  test('the restrictions are the accommodation’s own', async () => {
    const a = await makeAccommodation(t.ctx.db, {
      min_stay: 2,
      max_stay: 30,
      max_guests: 6,
      checkin_time: '16:30',
      checkout_time: '11:00',
    });
    const stay = futureStay(2);
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    assert.deepEqual(body.data.restrictions, {
      min_stay: 2,
      max_stay: 30,
      max_guests: 6,
      checkin_time: '16:30',
      checkout_time: '11:00',
    });
  });
});

describe(`POST /availability: taken nights (${testStoreKind})`, () => {
  function assertNotAvailable(res: LightMyRequestResponse): AvailabilityAnswer {
    const body = okBody(res);
    assert.deepEqual(Object.keys(body).sort(), ['data', 'success'], 'no metadata on the not-available answer');
    assert.equal(body.success, true);
    assert.deepEqual(Object.keys(body.data).sort(), [
      'available',
      'message',
      'nights',
      'pricing',
      'registration_number',
      'restrictions',
    ]);
    assert.equal(body.data.available, false);
    assert.equal(body.data.nights, 0);
    assert.equal(body.data.pricing, null);
    assert.equal(body.data.restrictions, null);
    return body;
  }

  test('a booked night: not available, the message names the booking’s confirmation code', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(4);
    const booking = await book(a.id, stay);
    const res = await availability({
      accommodation_id: a.id,
      checkin: addDays(stay.checkin, 2),
      checkout: addDays(stay.checkout, 3),
      guest_count: 2,
    });
    const body = assertNotAvailable(res);
    assert.ok(body.data.message.includes(booking.confirmation_code), body.data.message);
  });

  test('the same dates exactly, and a range enclosing the booking, are not available', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const booking = await book(a.id, stay);
    for (const [checkin, checkout] of [
      [stay.checkin, stay.checkout],
      [addDays(stay.checkin, -2), addDays(stay.checkout, 2)],
      [addDays(stay.checkin, 1), addDays(stay.checkin, 2)],
      [addDays(stay.checkin, -1), addDays(stay.checkin, 1)],
    ] as const) {
      const body = assertNotAvailable(await availability({ accommodation_id: a.id, checkin, checkout }));
      assert.ok(body.data.message.includes(booking.confirmation_code), `${checkin}..${checkout}: ${body.data.message}`);
    }
  });

  test('a blocked night: the message names the first blocked date', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(5);
    const firstBlocked = addDays(stay.checkin, 2);
    await insertBlock(a.id, addDays(stay.checkin, 3));
    await insertBlock(a.id, firstBlocked);
    const body = assertNotAvailable(
      await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }),
    );
    assert.ok(body.data.message.includes(firstBlocked), body.data.message);
  });

  test('a block without a reason is still named by its date', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    await insertBlock(a.id, stay.checkin, null);
    const body = assertNotAvailable(
      await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }),
    );
    assert.ok(body.data.message.includes(stay.checkin), body.data.message);
  });

  test('a blocked night on another accommodation does not matter', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const other = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    await insertBlock(other.id, stay.checkin);
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    assert.equal(body.data.available, true);
  });

  test('back-to-back stays are free on both sides', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    await book(a.id, stay);
    const afterStay = okBody(
      await availability({ accommodation_id: a.id, checkin: stay.checkout, checkout: addDays(stay.checkout, 2) }),
    );
    assert.equal(afterStay.data.available, true, afterStay.data.message);
    assert.equal(afterStay.data.nights, 2);
    const beforeStay = okBody(
      await availability({ accommodation_id: a.id, checkin: addDays(stay.checkin, -2), checkout: stay.checkin }),
    );
    assert.equal(beforeStay.data.available, true, beforeStay.data.message);
  });

  test('a card draft holds its nights while the hold lasts, and not after it expired', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const draft = await book(a.id, stay, { payment_method: 'card_processor' });
    const held = assertNotAvailable(
      await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }),
    );
    assert.ok(held.data.message.includes(draft.confirmation_code), held.data.message);

    // The hold runs out by the clock (as in production), not by a write to the store.
    const { hold_expires_at: holdEnd } = await t.ctx.db
      .selectFrom('bookings')
      .select('hold_expires_at')
      .where('id', '=', draft.booking_id)
      .executeTakeFirstOrThrow();
    assert.ok(holdEnd !== null);
    await t.at(Date.parse(holdEnd) + 1000, async () => {
      const free = okBody(
        await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 }),
      );
      assert.equal(free.data.available, true, free.data.message);
      assert.equal(free.data.nights, 3);
      // And the nights can actually be booked again.
      const second = await book(a.id, stay);
      assert.notEqual(second.booking_id, draft.booking_id);
    });
  });

  test('a cancelled booking takes nothing', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const booking = await book(a.id, stay);
    await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', booking.booking_id).execute();
    await t.ctx.db.deleteFrom('night_claims').where('booking_id', '=', booking.booking_id).execute();
    const body = okBody(await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }));
    assert.equal(body.data.available, true, body.data.message);
  });

  test('an unoffered extra is a 400 even on taken dates', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    await insertBlock(a.id, stay.checkin);
    const res = await availability({
      accommodation_id: a.id,
      checkin: stay.checkin,
      checkout: stay.checkout,
      extras: { linen: true },
    });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.error.details.reason, 'extra_not_offered');
  });
});

describe(`POST /availability: bad input (${testStoreKind})`, () => {
  async function expect400(payload: Record<string, unknown>, reason: string, parameter: string) {
    const res = await availability(payload);
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.error.details.reason, reason, res.body);
    assert.equal(body.error.details.parameter, parameter, res.body);
    assert.ok('expected' in body.error.details, 'details.expected');
    assert.ok('received' in body.error.details, 'details.received');
    return body;
  }

  test('invalid_date: impossible day, unpadded, words', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    for (const bad of [
      '2027-02-30',
      '2027-2-3',
      'tomorrow',
      '2027-13-01',
      '2027-00-10',
      '20270203',
      '2027-02-03T00:00:00Z',
      '',
    ]) {
      const body = await expect400(
        { accommodation_id: a.id, checkin: bad, checkout: stay.checkout },
        'invalid_date',
        'checkin',
      );
      assert.equal(body.error.details.received, bad);
    }
    await expect400(
      { accommodation_id: a.id, checkin: stay.checkin, checkout: '2027-02-30' },
      'invalid_date',
      'checkout',
    );
  });

  test('invalid_range: checkout on or before checkin', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    await expect400(
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkin },
      'invalid_range',
      'checkout',
    );
    await expect400(
      { accommodation_id: a.id, checkin: stay.checkout, checkout: stay.checkin },
      'invalid_range',
      'checkout',
    );
  });

  test('past_date: checkin yesterday in the accommodation’s time zone (not the server’s)', async () => {
    // At 12:00 UTC it is already 02:00 of the next day on Kiritimati (UTC+14).
    const utcToday = todayIn('UTC');
    const noonUtc = new Date(`${utcToday}T12:00:00Z`);
    const a = await makeAccommodation(t.ctx.db, { timezone: 'Pacific/Kiritimati' });
    const localToday = todayIn('Pacific/Kiritimati', noonUtc);
    assert.equal(localToday, addDays(utcToday, 1));
    await t.at(noonUtc, async () => {
      const body = await expect400(
        { accommodation_id: a.id, checkin: utcToday, checkout: addDays(utcToday, 3) },
        'past_date',
        'checkin',
      );
      assert.equal(body.error.details.received, utcToday);
      const ok = okBody(
        await availability({ accommodation_id: a.id, checkin: localToday, checkout: addDays(localToday, 2) }),
      );
      assert.equal(ok.data.available, true, ok.data.message);
    });
  });

  test('past_date: a west-of-UTC accommodation may still be booked for what is yesterday in UTC', async () => {
    // At 05:00 UTC it is 19:00 of the previous day in Honolulu (UTC-10).
    const utcToday = todayIn('UTC');
    const earlyUtc = new Date(`${utcToday}T05:00:00Z`);
    const a = await makeAccommodation(t.ctx.db, { timezone: 'Pacific/Honolulu' });
    const localToday = addDays(utcToday, -1);
    await t.at(earlyUtc, async () => {
      const ok = okBody(
        await availability({ accommodation_id: a.id, checkin: localToday, checkout: addDays(localToday, 2) }),
      );
      assert.equal(ok.data.available, true, ok.data.message);
      await expect400(
        { accommodation_id: a.id, checkin: addDays(localToday, -1), checkout: addDays(localToday, 2) },
        'past_date',
        'checkin',
      );
    });
  });

  test('past_date: yesterday with the real clock', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const today = todayIn('UTC');
    await expect400(
      { accommodation_id: a.id, checkin: addDays(today, -1), checkout: addDays(today, 2) },
      'past_date',
      'checkin',
    );
  });

  test('min_stay and max_stay, with the nights as received', async () => {
    const a = await makeAccommodation(t.ctx.db, { min_stay: 3, max_stay: 10 });
    const stay = futureStay(2);
    const short = await expect400(
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout },
      'min_stay',
      'checkout',
    );
    assert.equal(short.error.details.received, 2);
    const long = futureStay(11);
    const tooLong = await expect400(
      { accommodation_id: a.id, checkin: long.checkin, checkout: long.checkout },
      'max_stay',
      'checkout',
    );
    assert.equal(tooLong.error.details.received, 11);
    // The bounds themselves are fine.
    const three = futureStay(3);
    assert.equal(
      okBody(await availability({ accommodation_id: a.id, checkin: three.checkin, checkout: three.checkout })).data
        .nights,
      3,
    );
    const ten = futureStay(10);
    assert.equal(
      okBody(await availability({ accommodation_id: a.id, checkin: ten.checkin, checkout: ten.checkout })).data.nights,
      10,
    );
  });

  test('max_stay of the factory accommodation: 61 nights', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(61);
    await expect400({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout }, 'max_stay', 'checkout');
  });

  test('max_guests', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const body = await expect400(
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 5 },
      'max_guests',
      'guest_count',
    );
    assert.equal(body.error.details.received, 5);
    assert.equal(
      okBody(
        await availability({ accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 4 }),
      ).data.available,
      true,
    );
  });

  test('extra_not_offered', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    await expect400(
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, extras: { linen: true } },
      'extra_not_offered',
      'extras.linen',
    );
    await expect400(
      {
        accommodation_id: a.id,
        checkin: stay.checkin,
        checkout: stay.checkout,
        extras: { breakfast: true, late_checkin: true },
      },
      'extra_not_offered',
      'extras.late_checkin',
    );
  });

  test('unknown accommodation → 404', async () => {
    const stay = futureStay(2);
    const res = await availability({ accommodation_id: 987654, checkin: stay.checkin, checkout: stay.checkout });
    const body = assertErrorEnvelope(res, 404, 'NOT_FOUND');
    assert.equal(body.error.details.parameter, 'accommodation_id');
  });

  test('missing accommodation_id → 400 naming the parameter, its type and received null', async () => {
    const stay = futureStay(2);
    const res = await availability({ checkin: stay.checkin, checkout: stay.checkout });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.error.details.parameter, 'accommodation_id');
    assert.equal(body.error.details.expected, 'integer');
    assert.equal(body.error.details.received, null);
  });

  test('missing checkin or checkout → 400 naming it', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    for (const field of ['checkin', 'checkout'] as const) {
      const payload =
        field === 'checkin'
          ? { accommodation_id: a.id, checkout: stay.checkout }
          : { accommodation_id: a.id, checkin: stay.checkin };
      const body = assertErrorEnvelope(await availability(payload), 400, 'BAD_REQUEST');
      assert.equal(body.error.details.parameter, field);
      assert.equal(body.error.details.received, null);
    }
  });

  test('wrong types → 400', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    for (const payload of [
      { accommodation_id: String(a.id), checkin: stay.checkin, checkout: stay.checkout },
      { accommodation_id: a.id, checkin: 20270203, checkout: stay.checkout },
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: '2' },
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 0 },
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 1.5 },
      { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, extras: { breakfast: 'yes' } },
      { accommodation_id: 1.5, checkin: stay.checkin, checkout: stay.checkout },
    ]) {
      const res = await availability(payload);
      assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    }
  });

  test('no API key → 401', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const res = await call({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: a.id, ...stay },
      key: null,
    });
    assertErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });
});
