import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  accommodationToJson,
  applyAccommodationInput,
  newAccommodationFields,
  rescaleMinor,
  type AccommodationFields,
} from '../../src/accommodations/accommodation-mapper.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { AppError } from '../../src/http/errors.ts';

const minimal = { name: 'Cottage', base_price: 100, max_guests: 4 };

function row(fields: AccommodationFields): Accommodation {
  return {
    ...fields,
    id: 7,
    created_at: '2031-01-01T00:00:00.000Z',
    updated_at: '2031-01-02T00:00:00.000Z',
    archived_at: null,
  };
}

/** Asserts a 400 naming `parameter` with `reason`. */
function assertBadRequest(fn: () => unknown, parameter: string, reason: string): AppError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof AppError, `expected an AppError, got ${String(caught)}`);
  assert.equal(caught.status, 400);
  assert.equal(caught.details.parameter, parameter);
  assert.equal(caught.details.reason, reason);
  return caught;
}

describe('newAccommodationFields', () => {
  test('applies the defaults of docs/api.md#admin-accommodations', () => {
    assert.deepEqual(newAccommodationFields(minimal), {
      name: 'Cottage',
      currency: 'EUR',
      timezone: 'UTC',
      base_price: 10000,
      cleaning_fee: 0,
      tax_rate_ppm: 0,
      weekly_discount_ppm: 0,
      monthly_discount_ppm: 0,
      min_stay: 1,
      max_stay: 365,
      max_guests: 4,
      checkin_time: '15:00',
      checkout_time: '10:00',
      language: 'en',
      extra_breakfast: null,
      extra_linen: null,
      extra_late_checkin: null,
      city_tax: null,
      extra_guest_fee: null,
      damage_deposit: null,
      cancellation_policy: null,
      payment_terms: null,
      registration_number: null,
      address: null,
      arrival_instructions: null,
      door_code: null,
      wifi_name: null,
      wifi_password: null,
      door_code_days: 2,
    });
  });

  test('converts amounts to minor units of the currency and rates to ppm', () => {
    const fields = newAccommodationFields({
      ...minimal,
      currency: 'KWD',
      base_price: 120.125,
      cleaning_fee: 0.5,
      tax_rate: 0.075,
      weekly_discount: 0.1,
      monthly_discount: 0.123456,
      extras: { breakfast: 12.5, late_checkin: 0 },
    });
    assert.equal(fields.base_price, 120125);
    assert.equal(fields.cleaning_fee, 500);
    assert.equal(fields.tax_rate_ppm, 75000);
    assert.equal(fields.weekly_discount_ppm, 100000);
    assert.equal(fields.monthly_discount_ppm, 123456);
    assert.equal(fields.extra_breakfast, 12500);
    assert.equal(fields.extra_linen, null, 'an extra left out is not offered');
    assert.equal(fields.extra_late_checkin, 0, 'a free extra is still offered');
  });

  test('refuses more decimals than the currency has', () => {
    assertBadRequest(() => newAccommodationFields({ ...minimal, base_price: 120.555 }), 'base_price', 'invalid_amount');
    assertBadRequest(
      () => newAccommodationFields({ ...minimal, currency: 'JPY', base_price: 100.5 }),
      'base_price',
      'invalid_amount',
    );
    assertBadRequest(
      () => newAccommodationFields({ ...minimal, cleaning_fee: 0.001 }),
      'cleaning_fee',
      'invalid_amount',
    );
    assertBadRequest(
      () => newAccommodationFields({ ...minimal, extras: { linen: 1.234 } }),
      'extras.linen',
      'invalid_amount',
    );
    assert.equal(newAccommodationFields({ ...minimal, currency: 'JPY', base_price: 100 }).base_price, 100);
  });

  test('refuses rates with more than 6 decimals', () => {
    assertBadRequest(() => newAccommodationFields({ ...minimal, tax_rate: 0.1234567 }), 'tax_rate', 'invalid_rate');
  });

  test('refuses an unknown currency and time zone, canonicalises the zone', () => {
    const error = assertBadRequest(
      () => newAccommodationFields({ ...minimal, currency: 'XYZ' }),
      'currency',
      'unknown_currency',
    );
    assert.equal(error.details.received, 'XYZ');
    assertBadRequest(
      () => newAccommodationFields({ ...minimal, timezone: 'Mars/Olympus' }),
      'timezone',
      'unknown_timezone',
    );
    assertBadRequest(() => newAccommodationFields({ ...minimal, timezone: '+01:00' }), 'timezone', 'unknown_timezone');
    assert.equal(newAccommodationFields({ ...minimal, timezone: 'europe/paris' }).timezone, 'Europe/Paris');
  });

  test('trims the name and refuses a blank one', () => {
    assert.equal(newAccommodationFields({ ...minimal, name: '  Cottage  ' }).name, 'Cottage');
    assertBadRequest(() => newAccommodationFields({ ...minimal, name: '   ' }), 'name', 'blank');
  });

  test('max_stay must be at least min_stay', () => {
    assertBadRequest(
      () => newAccommodationFields({ ...minimal, min_stay: 5, max_stay: 4 }),
      'max_stay',
      'invalid_range',
    );
    assertBadRequest(() => newAccommodationFields({ ...minimal, min_stay: 400 }), 'min_stay', 'invalid_range');
    assert.equal(newAccommodationFields({ ...minimal, min_stay: 5, max_stay: 5 }).max_stay, 5);
  });
});

describe('applyAccommodationInput', () => {
  const current = newAccommodationFields({
    ...minimal,
    base_price: 100.5,
    cleaning_fee: 50,
    tax_rate: 0.1,
    extras: { breakfast: 12, linen: 8 },
  });

  test('changes only the fields sent', () => {
    const next = applyAccommodationInput(current, { max_guests: 6, weekly_discount: 0.05 });
    assert.deepEqual(next, { ...current, max_guests: 6, weekly_discount_ppm: 50000 });
  });

  test('extras replaces the whole set of extras', () => {
    const next = applyAccommodationInput(current, { extras: { late_checkin: 20 } });
    assert.equal(next.extra_breakfast, null);
    assert.equal(next.extra_linen, null);
    assert.equal(next.extra_late_checkin, 2000);
    assert.deepEqual(applyAccommodationInput(current, { extras: {} }), {
      ...current,
      extra_breakfast: null,
      extra_linen: null,
    });
  });

  test('a currency change keeps the major value of amounts not sent', () => {
    const whole = newAccommodationFields({ ...minimal, base_price: 100, cleaning_fee: 50, extras: { breakfast: 12 } });
    const jpy = applyAccommodationInput(whole, { currency: 'JPY' });
    assert.equal(jpy.base_price, 100);
    assert.equal(jpy.cleaning_fee, 50);
    assert.equal(jpy.extra_breakfast, 12);
    const kwd = applyAccommodationInput(whole, { currency: 'KWD' });
    assert.equal(kwd.base_price, 100000);
  });

  test('a currency change that cannot hold an amount not sent is a 400 naming it; sending it fixes that', () => {
    assertBadRequest(() => applyAccommodationInput(current, { currency: 'JPY' }), 'base_price', 'invalid_amount');
    const fixed = applyAccommodationInput(current, { currency: 'JPY', base_price: 15000 });
    assert.equal(fixed.base_price, 15000);
    assert.equal(fixed.extra_breakfast, 12);
    assert.equal(fixed.currency, 'JPY');
  });

  test('amounts sent with a new currency are read in the new currency', () => {
    assertBadRequest(
      () => applyAccommodationInput(current, { currency: 'JPY', base_price: 100.5, cleaning_fee: 1 }),
      'base_price',
      'invalid_amount',
    );
  });

  test('min_stay above the stored max_stay names min_stay', () => {
    const error = assertBadRequest(
      () => applyAccommodationInput(current, { min_stay: 366 }),
      'min_stay',
      'invalid_range',
    );
    assert.equal(error.details.received, 366);
  });
});

describe('accommodationToJson', () => {
  test('shows amounts in major units, rates as fractions and only offered extras', () => {
    const fields = newAccommodationFields({
      ...minimal,
      base_price: 120.5,
      tax_rate: 0.1,
      extras: { breakfast: 12, late_checkin: 0 },
    });
    assert.deepEqual(accommodationToJson(row(fields)), {
      id: 7,
      name: 'Cottage',
      currency: 'EUR',
      timezone: 'UTC',
      base_price: 120.5,
      cleaning_fee: 0,
      tax_rate: 0.1,
      weekly_discount: 0,
      monthly_discount: 0,
      min_stay: 1,
      max_stay: 365,
      max_guests: 4,
      checkin_time: '15:00',
      checkout_time: '10:00',
      language: 'en',
      extras: { breakfast: 12, late_checkin: 0 },
      city_tax: null,
      extra_guest_fee: null,
      damage_deposit: null,
      cancellation_policy: null,
      payment_terms: null,
      registration_number: null,
      address: null,
      arrival_instructions: null,
      door_code: null,
      wifi_name: null,
      wifi_password: null,
      door_code_days: 2,
      created_at: '2031-01-01T00:00:00.000Z',
      updated_at: '2031-01-02T00:00:00.000Z',
      archived_at: null,
    });
  });

  test('round-trips what the admin sent', () => {
    const input = {
      name: 'Loft',
      currency: 'JPY',
      timezone: 'Asia/Tokyo',
      base_price: 15000,
      cleaning_fee: 3000,
      tax_rate: 0.1,
      weekly_discount: 0.05,
      monthly_discount: 0.2,
      min_stay: 2,
      max_stay: 30,
      max_guests: 3,
      checkin_time: '16:00',
      checkout_time: '11:00',
      language: 'en' as const,
      extras: { linen: 500 },
      city_tax: { amount: 200, per: 'person_night' as const, counts: ['adults' as const], max_nights: 7 },
      extra_guest_fee: { amount: 1500, included_guests: 2 },
      damage_deposit: 30000,
      cancellation_policy: [
        { days_before_checkin: 30, fee: 0 },
        { days_before_checkin: 7, fee: 0.5 },
        { days_before_checkin: 0, fee: 1 },
      ],
      payment_terms: { deposit_fraction: 0.3, balance_days_before: 14 },
      registration_number: 'M0123456789',
      address: '1 Shore Lane',
      arrival_instructions: 'The key box is left of the door.',
      door_code: '1234',
      wifi_name: 'Loft',
      wifi_password: 'secret',
      door_code_days: 3,
    };
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      archived_at: _a,
      ...json
    } = accommodationToJson(row(newAccommodationFields(input)));
    assert.deepEqual(json, input);
  });
});

describe('rescaleMinor', () => {
  test('keeps the major value across decimals, or says it cannot', () => {
    assert.equal(rescaleMinor(10050, 2, 3), 100500);
    assert.equal(rescaleMinor(10000, 2, 0), 100);
    assert.equal(rescaleMinor(10050, 2, 0), null);
    assert.equal(rescaleMinor(123, 2, 2), 123);
    assert.equal(rescaleMinor(Number.MAX_SAFE_INTEGER, 0, 2), null);
  });
});

describe('the money fields (docs/money.md)', () => {
  const withRules = newAccommodationFields({
    ...minimal,
    city_tax: { amount: 2.5, counts: ['adults', 'children'] },
    extra_guest_fee: { amount: 15, included_guests: 2 },
    damage_deposit: 300,
    cancellation_policy: [
      { days_before_checkin: 7, fee: 0.5 },
      { days_before_checkin: 30, fee: 0.1 },
    ],
    payment_terms: { deposit_fraction: 0.3, balance_days_before: 14 },
    registration_number: '  IT-CIN-123  ',
  });

  test('stored in minor units and ppm, defaults filled, tiers largest first, the number trimmed', () => {
    assert.deepEqual(JSON.parse(withRules.city_tax ?? 'null'), {
      amount: 250,
      per: 'person_night',
      counts: ['adults', 'children'],
      max_nights: null,
    });
    assert.deepEqual(JSON.parse(withRules.extra_guest_fee ?? 'null'), { amount: 1500, included_guests: 2 });
    assert.equal(withRules.damage_deposit, 30000);
    assert.deepEqual(JSON.parse(withRules.cancellation_policy ?? 'null'), [
      { days_before_checkin: 30, fee_ppm: 100000 },
      { days_before_checkin: 7, fee_ppm: 500000 },
    ]);
    assert.deepEqual(JSON.parse(withRules.payment_terms ?? 'null'), { deposit_ppm: 300000, balance_days_before: 14 });
    assert.equal(withRules.registration_number, 'IT-CIN-123');
  });

  test('a field left out keeps its value, null clears it, a blank number and [] mean none', () => {
    const kept = applyAccommodationInput(withRules, { name: 'Other' });
    assert.equal(kept.city_tax, withRules.city_tax);
    assert.equal(kept.cancellation_policy, withRules.cancellation_policy);
    const cleared = applyAccommodationInput(withRules, {
      city_tax: null,
      extra_guest_fee: null,
      damage_deposit: null,
      cancellation_policy: [],
      payment_terms: null,
      registration_number: '   ',
    });
    for (const column of [
      'city_tax',
      'extra_guest_fee',
      'damage_deposit',
      'cancellation_policy',
      'payment_terms',
      'registration_number',
    ] as const) {
      assert.equal(cleared[column], null, column);
    }
  });

  test('a new currency keeps the amounts left out at their major value, or says which cannot', () => {
    const yen = applyAccommodationInput(
      {
        ...withRules,
        city_tax: JSON.stringify({ amount: 200, per: 'person_night', counts: ['adults'], max_nights: 5 }),
      },
      { currency: 'JPY' },
    );
    assert.deepEqual(JSON.parse(yen.city_tax ?? 'null'), {
      amount: 2,
      per: 'person_night',
      counts: ['adults'],
      max_nights: 5,
    });
    assert.equal(yen.damage_deposit, 300);
    assertBadRequest(
      () => applyAccommodationInput(withRules, { currency: 'JPY' }),
      'city_tax.amount',
      'invalid_amount',
    );
  });

  test('bad amounts, rates and tiers are 400s naming the field', () => {
    assertBadRequest(
      () => applyAccommodationInput(withRules, { city_tax: { amount: 1.234 } }),
      'city_tax.amount',
      'invalid_amount',
    );
    assertBadRequest(
      () => applyAccommodationInput(withRules, { damage_deposit: 10_000_000.01 }),
      'damage_deposit',
      'amount_too_large',
    );
    assertBadRequest(
      () =>
        applyAccommodationInput(withRules, { payment_terms: { deposit_fraction: 0.1234567, balance_days_before: 1 } }),
      'payment_terms.deposit_fraction',
      'invalid_rate',
    );
    assertBadRequest(
      () => applyAccommodationInput(withRules, { city_tax: { amount: 1, counts: ['children'] } }),
      'city_tax.counts',
      'invalid_enum',
    );
    const duplicate = assertBadRequest(
      () =>
        applyAccommodationInput(withRules, {
          cancellation_policy: [
            { days_before_checkin: 14, fee: 0.2 },
            { days_before_checkin: 14, fee: 0.4 },
          ],
        }),
      'cancellation_policy.1.days_before_checkin',
      'duplicate_tier',
    );
    assert.equal(duplicate.details.received, 14);
  });
});
