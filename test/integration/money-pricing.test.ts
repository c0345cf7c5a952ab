import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { addDays } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, bookingById, futureStay, makeAccommodation, outboxFor } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// City tax and extra guests (docs/money.md#city-tax-and-extra-guests), end to end on the store
// TEST_DATABASE_URL selects: availability's pricing lines and composition, bookings that store
// both charges (including a caller that sends the availability total), a modification that
// re-prices them, the admin API's six money fields with their 400s, and reports that leave the
// city tax out of revenue.

let t: TestApp;
let home: Accommodation;

// 100/night, cleaning 50, tax 10 %, weekly 10 % (the worked example of docs/api.md#pricing), plus
// a city tax of 2.50 per adult per night for at most 5 nights, 15.00 per guest beyond 2 per night.
const CITY_TAX = { amount: 250, per: 'person_night', counts: ['adults'], max_nights: 5 };
const EXTRA_GUESTS = { amount: 1500, included_guests: 2 };

before(async () => {
  t = await createTestApp();
  home = await makeAccommodation(t.ctx.db, {
    name: 'Casa Tassa',
    max_guests: 6,
    city_tax: JSON.stringify(CITY_TAX),
    extra_guest_fee: JSON.stringify(EXTRA_GUESTS),
    registration_number: 'IT-CIN 0123',
  });
});
after(() => t.close());

interface Pricing {
  base_price: number;
  discount?: number;
  cleaning_fee: number;
  tax: number;
  city_tax: number;
  extra_guest_fee: number;
  total: number;
}

async function quote(body: Record<string, unknown>) {
  const res = await t.checkedRequest({ method: 'POST', url: `${t.v1}/availability`, payload: body });
  return res;
}

describe('availability', () => {
  test('3 guests, 7 nights: the two lines, the cap, the tax on the extra-guest fee, the registration number', async () => {
    const stay = futureStay(7);
    const res = await quote({ accommodation_id: home.id, ...stay, guest_count: 3 });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json<{ data: { pricing: Pricing; registration_number: string | null } }>().data;
    // base 700, discount 70, cleaning 50, extra guests 15 × 1 × 7 = 105, taxable 785, tax 78.50,
    // city tax 2.50 × 3 adults × min(7, 5) = 37.50 → total 901.
    assert.deepEqual(
      { ...data.pricing, extras: undefined, discounts: undefined, avg_price_per_night: undefined },
      {
        base_price: 700,
        avg_price_per_night: undefined,
        cleaning_fee: 50,
        tax: 78.5,
        extras: undefined,
        discounts: undefined,
        city_tax: 37.5,
        extra_guest_fee: 105,
        total: 901,
      },
    );
    assert.equal(data.registration_number, 'IT-CIN 0123');
  });

  test('a composition: children do not pay this city tax; it must agree with guest_count', async () => {
    const stay = futureStay(2);
    const res = await quote({
      accommodation_id: home.id,
      ...stay,
      guest_count: 3,
      composition: { adults: 2, children: 1, babies: 1 },
    });
    assert.equal(res.statusCode, 200, res.body);
    const pricing = res.json<{ data: { pricing: Pricing } }>().data.pricing;
    assert.equal(pricing.city_tax, 10); // 2.50 × 2 adults × 2 nights
    assert.equal(pricing.extra_guest_fee, 30); // the child is a guest: 15 × 1 × 2
    const alone = await quote({ accommodation_id: home.id, ...stay, composition: { adults: 2, children: 1 } });
    assert.equal(alone.json<{ data: { pricing: Pricing } }>().data.pricing.total, pricing.total);

    const mismatch = await quote({
      accommodation_id: home.id,
      ...stay,
      guest_count: 4,
      composition: { adults: 2, children: 1 },
    });
    assertErrorEnvelope(mismatch, 400, 'BAD_REQUEST');
    const details = mismatch.json<{ error: { details: Record<string, unknown> } }>().error.details;
    assert.equal(details.reason, 'composition_mismatch');
    assert.equal(details.parameter, 'composition');
  });

  test('a home without the rules shows both lines as 0 and no registration number', async () => {
    const plain = await makeAccommodation(t.ctx.db, { name: 'Plain' });
    const res = await quote({
      accommodation_id: plain.id,
      ...futureStay(7),
      guest_count: 2,
      extras: { breakfast: true },
    });
    const data = res.json<{ data: { pricing: Pricing; registration_number: string | null } }>().data;
    assert.equal(data.pricing.total, 932.8, 'the worked example is unchanged');
    assert.equal(data.pricing.city_tax, 0);
    assert.equal(data.pricing.extra_guest_fee, 0);
    assert.equal(data.registration_number, null);
  });
});

describe('bookings', () => {
  test('v1: the total availability quoted is accepted, with or without a composition; the booking stores its charges', async () => {
    const stay = futureStay(3);
    const all = await quote({ accommodation_id: home.id, ...stay, guest_count: 3 });
    const asAdults = all.json<{ data: { pricing: Pricing } }>().data.pricing.total;
    // 300 + 50 + 45 extra guests = 395, tax 39.50, city tax 2.50 × 3 × 3 = 22.50.
    assert.equal(asAdults, 457);
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(home.id, stay, { booking: { adults_count: 2, children_count: 1, total_amount: asAdults } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const booking = await bookingById(t.ctx.db, res.json<{ data: { booking_id: number } }>().data.booking_id);
    // Priced for who stays: the child pays no city tax.
    assert.deepEqual(
      { city_tax: booking.city_tax, extra_guest_fee: booking.extra_guest_fee, total: booking.total },
      { city_tax: 1500, extra_guest_fee: 4500, total: 44950 },
    );
    const mail = (await outboxFor(t.ctx.db, booking.id))[0];
    assert.ok(mail?.body_text.includes('City tax') && mail.body_text.includes('IT-CIN 0123'), mail?.body_text);

    const exact = futureStay(3);
    const sent = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(home.id, exact, { booking: { adults_count: 2, children_count: 1, expected_amount: 449.5 } }),
    });
    assert.equal(sent.statusCode, 200, sent.body);

    const wrong = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(home.id, futureStay(3), {
        booking: { adults_count: 2, children_count: 1, expected_amount: 449 },
      }),
    });
    assertErrorEnvelope(wrong, 409, 'CONFLICT');
    assert.equal(wrong.json<{ error: { details: { expected: number } } }>().error.details.expected, 449.5);
  });

  test('the desk: booked with both charges, shown in pricing, re-priced when the guests and dates change', async () => {
    const stay = futureStay(2);
    const made = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: home.id,
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 3,
      guest: { first_name: 'Ana', last_name: 'Ruiz' },
    });
    assert.equal(made.statusCode, 201, made.body);
    const booking = made.json<{ data: { id: number; pricing: Pricing } }>().data;
    // 200 + 50 + 30 = 280, tax 28, city tax 2.50 × 3 × 2 = 15.
    assert.deepEqual(booking.pricing, {
      base_price: 200,
      discount: 0,
      cleaning_fee: 50,
      extras: {},
      extra_guest_fee: 30,
      tax: 28,
      city_tax: 15,
      price_reduction: 0,
      total: 323,
    });

    const edited = await t.admin('PATCH', `/admin/api/bookings/${booking.id}`, {
      checkout_date: addDays(stay.checkin, 7),
      adults_count: 2,
      children_count: 2,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const row = await bookingById(t.ctx.db, booking.id);
    // 7 nights: extra guests 15 × 2 × 7 = 210, city tax 2.50 × 2 adults × 5 (the cap) = 25.
    assert.deepEqual(
      { city_tax: row.city_tax, extra_guest_fee: row.extra_guest_fee },
      { city_tax: 2500, extra_guest_fee: 21000 },
    );
    // 700 − 70 + 50 + 210 = 890, tax 89.
    assert.equal(row.total, 89000 + 89000 / 10 + 2500);
  });
});

describe('the admin API: the six money fields', () => {
  const fields = {
    city_tax: { amount: 3.2, per: 'person_night', counts: ['adults', 'children'], max_nights: 10 },
    extra_guest_fee: { amount: 20, included_guests: 4 },
    damage_deposit: 250,
    cancellation_policy: [
      { days_before_checkin: 7, fee: 0.5 },
      { days_before_checkin: 30, fee: 0.2 },
    ],
    payment_terms: { deposit_fraction: 0.3, balance_days_before: 14 },
    registration_number: 'NRUA-ES-12345',
  };

  test('create, get, patch: major units and fractions, tiers largest first, null clears', async () => {
    const created = await t.admin('POST', '/admin/api/accommodations', {
      name: 'Casa Reglas',
      base_price: 90,
      max_guests: 6,
      ...fields,
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<{ data: { id: number } }>().data.id;
    const read = await t.checkedRequest({
      method: 'GET',
      url: `/admin/api/accommodations/${id}`,
      key: t.adminKey,
    });
    const shown = read.json<{ data: Record<string, unknown> }>().data;
    assert.deepEqual(
      {
        city_tax: shown.city_tax,
        extra_guest_fee: shown.extra_guest_fee,
        damage_deposit: shown.damage_deposit,
        cancellation_policy: shown.cancellation_policy,
        payment_terms: shown.payment_terms,
        registration_number: shown.registration_number,
      },
      { ...fields, cancellation_policy: [fields.cancellation_policy[1], fields.cancellation_policy[0]] },
    );

    const patched = await t.admin('PATCH', `/admin/api/accommodations/${id}`, {
      city_tax: null,
      registration_number: null,
      damage_deposit: 300,
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const after = patched.json<{ data: Record<string, unknown> }>().data;
    assert.equal(after.city_tax, null);
    assert.equal(after.registration_number, null);
    assert.equal(after.damage_deposit, 300);
    assert.deepEqual(after.payment_terms, fields.payment_terms, 'a field left out keeps its value');
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'a duplicate tier',
      {
        cancellation_policy: [
          { days_before_checkin: 3, fee: 0.1 },
          { days_before_checkin: 3, fee: 1 },
        ],
      },
      'cancellation_policy.1.days_before_checkin',
      'duplicate_tier',
    ],
    [
      'a fee above 1',
      { cancellation_policy: [{ days_before_checkin: 3, fee: 1.5 }] },
      'cancellation_policy.0.fee',
      'invalid_maximum',
    ],
    ['a city tax with a cent too many', { city_tax: { amount: 1.005 } }, 'city_tax.amount', 'invalid_amount'],
    [
      'a city tax of children only',
      { city_tax: { amount: 1, counts: ['children'] } },
      'city_tax.counts',
      'invalid_enum',
    ],
    ['a city tax per stay', { city_tax: { amount: 1, per: 'stay' } }, 'city_tax.per', 'invalid_const'],
    [
      'an extra-guest fee without included guests',
      { extra_guest_fee: { amount: 10 } },
      'extra_guest_fee.included_guests',
      'missing',
    ],
    [
      'a deposit share with 7 decimals',
      { payment_terms: { deposit_fraction: 0.1234567, balance_days_before: 1 } },
      'payment_terms.deposit_fraction',
      'invalid_rate',
    ],
    [
      'a registration number of 65 characters',
      { registration_number: 'X'.repeat(65) },
      'registration_number',
      'invalid_maxLength',
    ],
  ];
  for (const [name, body, parameter, reason] of refusals) {
    test(`400: ${name}`, async () => {
      const res = await t.admin('PATCH', `/admin/api/accommodations/${home.id}`, body);
      assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      const details = res.json<{ error: { details: Record<string, unknown> } }>().error.details;
      assert.deepEqual({ parameter: details.parameter, reason: details.reason }, { parameter, reason });
    });
  }
});

describe('reports', () => {
  test('revenue is the total less the city tax', async () => {
    const place = await makeAccommodation(t.ctx.db, {
      name: 'Casa Report',
      city_tax: JSON.stringify({ amount: 500, per: 'person_night', counts: ['adults'], max_nights: null }),
    });
    const checkin = '2031-03-10';
    const made = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: place.id,
      checkin_date: checkin,
      checkout_date: addDays(checkin, 2),
      adults_count: 2,
      guest: { first_name: 'Jan', last_name: 'Nowak' },
    });
    assert.equal(made.statusCode, 201, made.body);
    const pricing = made.json<{ data: { pricing: Pricing } }>().data.pricing;
    assert.equal(pricing.city_tax, 20);
    const res = await t.admin(
      'GET',
      `/admin/api/reports/occupancy?from=2031-03-01&to=2031-04-01&accommodation_id=${place.id}`,
    );
    assert.equal(res.statusCode, 200, res.body);
    const row = res.json<{ data: { accommodations: { revenue: number; adr: number }[] } }>().data.accommodations[0];
    assert.equal(row?.revenue, pricing.total - 20);
    assert.equal(row.adr, (pricing.total - 20) / 2);
  });
});
