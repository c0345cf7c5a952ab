import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { priceStay } from '../../src/pricing/price-stay.ts';
import type { ExtraName, PricingRules, StayQuote, StayQuoteInput } from '../../src/pricing/price-stay.ts';
import { resolveNightlyPrices } from '../../src/pricing/resolve-nightly.ts';
import { eachDate } from '../../src/shared/dates.ts';
import { rateToPpm, toMajor, toMinor } from '../../src/shared/money.ts';

function rules(over: Partial<PricingRules> = {}): PricingRules {
  return {
    basePrice: 10000,
    cleaningFee: 5000,
    taxRatePpm: 100000,
    weeklyDiscountPpm: 100000,
    monthlyDiscountPpm: 200000,
    extras: {},
    cityTax: null,
    extraGuestFee: null,
    ...over,
  };
}

function quoteOf(input: StayQuoteInput): StayQuote {
  const r = priceStay(input);
  if (!r.ok) assert.fail(`expected a quote, got ${r.reason} ${r.extra}`);
  return r.quote;
}

function nightsOf(price: number, n: number): number[] {
  return Array.from({ length: n }, () => price);
}

// Independent BigInt re-statement of docs/api.md#pricing, used as the oracle in properties.
function refHalfAway(n: bigint, d: bigint): bigint {
  const neg = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return neg ? -q : q;
}
function reference(input: StayQuoteInput): {
  base: bigint;
  avg: bigint;
  discount: bigint;
  extras: bigint;
  tax: bigint;
  total: bigint;
} {
  const { rules: r, nightlyPrices, guests, requestedExtras } = input;
  const n = BigInt(nightlyPrices.length);
  const g = BigInt(guests);
  const base = nightlyPrices.reduce((s, p) => s + BigInt(p), 0n);
  let ppm = 0n;
  if (n >= 28n && r.monthlyDiscountPpm > 0) ppm = BigInt(r.monthlyDiscountPpm);
  else if (n >= 7n && r.weeklyDiscountPpm > 0) ppm = BigInt(r.weeklyDiscountPpm);
  const discount = refHalfAway(base * ppm, 1_000_000n);
  let extras = 0n;
  if (requestedExtras.breakfast === true) extras += BigInt(r.extras.breakfast ?? 0) * g * n;
  if (requestedExtras.linen === true) extras += BigInt(r.extras.linen ?? 0) * g;
  if (requestedExtras.late_checkin === true) extras += BigInt(r.extras.late_checkin ?? 0);
  const taxable = base - discount + BigInt(r.cleaningFee) + extras;
  const tax = refHalfAway(taxable * BigInt(r.taxRatePpm), 1_000_000n);
  return { base, avg: refHalfAway(base, n), discount, extras, tax, total: taxable + tax };
}

describe('priceStay: worked example (docs/api.md#pricing)', () => {
  test('7 nights at 100.00, 2 guests, breakfast 12, weekly 10%, tax 10% -> 932.8', () => {
    const q = quoteOf({
      rules: rules({ extras: { breakfast: 1200 } }),
      nightlyPrices: nightsOf(10000, 7),
      guests: 2,
      requestedExtras: { breakfast: true },
    });
    assert.deepEqual(q, {
      nights: 7,
      basePrice: 70000,
      avgPricePerNight: 10000,
      discountName: 'weekly',
      discountPpm: 100000,
      discount: 7000,
      extras: { breakfast: 16800 },
      extrasTotal: 16800,
      cleaningFee: 5000,
      extraGuestFee: 0,
      tax: 8480,
      cityTax: 0,
      total: 93280,
    });
  });

  test('the same example starting from the JSON numbers of the admin API', () => {
    const d = 2;
    const minor = (x: number): number => toMinor(x, d) ?? assert.fail(`bad amount ${x}`);
    const ppm = (x: number): number => rateToPpm(x) ?? assert.fail(`bad rate ${x}`);
    const q = quoteOf({
      rules: {
        basePrice: minor(100),
        cleaningFee: minor(50),
        taxRatePpm: ppm(0.1),
        weeklyDiscountPpm: ppm(0.1),
        monthlyDiscountPpm: ppm(0),
        extras: { breakfast: minor(12) },
        cityTax: null,
        extraGuestFee: null,
      },
      nightlyPrices: nightsOf(minor(100), 7),
      guests: 2,
      requestedExtras: { breakfast: true },
    });
    assert.equal(toMajor(q.basePrice, d), 700);
    assert.equal(toMajor(q.discount, d), 70);
    assert.equal(toMajor(q.extras.breakfast ?? -1, d), 168);
    assert.equal(toMajor(q.tax, d), 84.8);
    assert.equal(toMajor(q.total, d), 932.8);
  });
});

describe('priceStay: discounts', () => {
  const cases: Array<[string, Partial<PricingRules>, number, 'weekly' | 'monthly' | null, number]> = [
    ['6 nights: none', {}, 6, null, 0],
    ['7 nights: weekly', {}, 7, 'weekly', 100000],
    ['27 nights: weekly', {}, 27, 'weekly', 100000],
    ['28 nights: monthly', {}, 28, 'monthly', 200000],
    ['28 nights, monthly 0: weekly', { monthlyDiscountPpm: 0 }, 28, 'weekly', 100000],
    ['7 nights, weekly 0: none', { weeklyDiscountPpm: 0 }, 7, null, 0],
    ['30 nights, both 0: none', { weeklyDiscountPpm: 0, monthlyDiscountPpm: 0 }, 30, null, 0],
    ['10 nights, monthly only: none', { weeklyDiscountPpm: 0 }, 10, null, 0],
    ['28 nights, monthly lower than weekly: still monthly', { monthlyDiscountPpm: 50000 }, 28, 'monthly', 50000],
  ];
  for (const [name, over, n, discountName, discountPpm] of cases) {
    test(name, () => {
      const q = quoteOf({ rules: rules(over), nightlyPrices: nightsOf(10000, n), guests: 1, requestedExtras: {} });
      assert.equal(q.discountName, discountName);
      assert.equal(q.discountPpm, discountPpm);
      assert.equal(q.discount, (10000 * n * discountPpm) / 1_000_000);
    });
  }
});

describe('priceStay: rounding at the named steps only', () => {
  test('no discount, 6 nights', () => {
    const q = quoteOf({ rules: rules(), nightlyPrices: nightsOf(10000, 6), guests: 2, requestedExtras: {} });
    assert.equal(q.basePrice, 60000);
    assert.equal(q.tax, 6500);
    assert.equal(q.total, 71500);
  });

  test('avg per night rounds .5 away from zero', () => {
    const q = quoteOf({ rules: rules(), nightlyPrices: [10000, 10001], guests: 1, requestedExtras: {} });
    assert.equal(q.basePrice, 20001);
    assert.equal(q.avgPricePerNight, 10001);
    const q3 = quoteOf({ rules: rules(), nightlyPrices: [1, 1, 0], guests: 1, requestedExtras: {} });
    assert.equal(q3.avgPricePerNight, 1); // 0.667
    const q4 = quoteOf({ rules: rules(), nightlyPrices: [1, 0, 0], guests: 1, requestedExtras: {} });
    assert.equal(q4.avgPricePerNight, 0); // 0.333
  });

  test('tax of exactly x.5 rounds up', () => {
    const q = quoteOf({ rules: rules({ cleaningFee: 0 }), nightlyPrices: [105], guests: 1, requestedExtras: {} });
    assert.equal(q.tax, 11); // 10.5
    assert.equal(q.total, 116);
    const q2 = quoteOf({ rules: rules({ cleaningFee: 0 }), nightlyPrices: [125], guests: 1, requestedExtras: {} });
    assert.equal(q2.tax, 13); // 12.5: banker's rounding would give 12
  });

  test('discount of exactly x.5 rounds up, and tax is on the rounded discount', () => {
    const q = quoteOf({
      rules: rules({ cleaningFee: 0 }),
      nightlyPrices: nightsOf(5, 7),
      guests: 1,
      requestedExtras: {},
    });
    assert.equal(q.basePrice, 35);
    assert.equal(q.discount, 4); // 3.5
    assert.equal(q.tax, 3); // (35 - 4) × 0.1 = 3.1; on the unrounded 31.5 it would be 3.15
    assert.equal(q.total, 34);
  });

  test('tax is rounded on the whole taxable sum, not per line', () => {
    // Four lines of 4 minor units at 15%: per-line rounding would give 4 × round(0.6) = 4,
    // the sum gives round(16 × 0.15) = round(2.4) = 2.
    const q = quoteOf({
      rules: rules({ cleaningFee: 4, taxRatePpm: 150000, extras: { linen: 4, late_checkin: 4 } }),
      nightlyPrices: [4],
      guests: 1,
      requestedExtras: { linen: true, late_checkin: true },
    });
    assert.equal(q.tax, 2); // 16 × 0.15 = 2.4
    assert.equal(q.total, 18);
  });
});

describe('priceStay: extras', () => {
  const offered = { breakfast: 1500, linen: 800, late_checkin: 2500 };

  test('each extra uses its own formula', () => {
    const q = quoteOf({
      rules: rules({ extras: offered, taxRatePpm: 0, cleaningFee: 0 }),
      nightlyPrices: nightsOf(10000, 3),
      guests: 4,
      requestedExtras: { breakfast: true, linen: true, late_checkin: true },
    });
    assert.deepEqual(q.extras, { breakfast: 1500 * 4 * 3, linen: 800 * 4, late_checkin: 2500 });
    assert.equal(q.extrasTotal, 18000 + 3200 + 2500);
    assert.equal(q.total, 30000 + 23700);
  });

  test('only requested extras are listed; false and absent do not count', () => {
    const q = quoteOf({
      rules: rules({ extras: offered }),
      nightlyPrices: nightsOf(10000, 2),
      guests: 2,
      requestedExtras: { linen: true, breakfast: false },
    });
    assert.deepEqual(q.extras, { linen: 1600 });
    assert.equal(q.extrasTotal, 1600);
  });

  test('no extras requested', () => {
    const q = quoteOf({ rules: rules({ extras: offered }), nightlyPrices: [10000], guests: 2, requestedExtras: {} });
    assert.deepEqual(q.extras, {});
    assert.equal(q.extrasTotal, 0);
  });

  test('an offered extra priced 0 is still offered', () => {
    const q = quoteOf({
      rules: rules({ extras: { linen: 0 } }),
      nightlyPrices: [10000],
      guests: 2,
      requestedExtras: { linen: true },
    });
    assert.deepEqual(q.extras, { linen: 0 });
  });

  test('requesting an extra that is not offered fails with its name', () => {
    const base = { nightlyPrices: [10000], guests: 2 };
    assert.deepEqual(
      priceStay({ ...base, rules: rules({ extras: { breakfast: 1000 } }), requestedExtras: { linen: true } }),
      {
        ok: false,
        reason: 'extra_not_offered',
        extra: 'linen',
      },
    );
    assert.deepEqual(priceStay({ ...base, rules: rules(), requestedExtras: { late_checkin: true, linen: true } }), {
      ok: false,
      reason: 'extra_not_offered',
      extra: 'linen',
    });
    // Not requested (false) is fine even when not offered.
    assert.equal(priceStay({ ...base, rules: rules(), requestedExtras: { breakfast: false } }).ok, true);
  });

  test('a stay of zero nights is a programming error', () => {
    assert.throws(() => priceStay({ rules: rules(), nightlyPrices: [], guests: 1, requestedExtras: {} }), RangeError);
  });
});

describe('priceStay: other currencies and odd prices', () => {
  test('JPY (0 decimals)', () => {
    const q = quoteOf({
      rules: {
        basePrice: 12345,
        cleaningFee: 3000,
        taxRatePpm: 100000,
        weeklyDiscountPpm: 150000,
        monthlyDiscountPpm: 0,
        extras: { late_checkin: 999 },
        cityTax: null,
        extraGuestFee: null,
      },
      nightlyPrices: nightsOf(12345, 7),
      guests: 3,
      requestedExtras: { late_checkin: true },
    });
    assert.equal(q.basePrice, 86415);
    assert.equal(q.discount, 12962); // 12962.25
    assert.equal(q.tax, 7745); // (86415 - 12962 + 3000 + 999) × 0.1 = 7745.2
    assert.equal(q.total, 85197);
    assert.equal(toMajor(q.total, 0), 85197);
  });

  test('KWD (3 decimals): 12.345 a night for 30 nights', () => {
    const q = quoteOf({
      rules: {
        basePrice: 12345,
        cleaningFee: 7500,
        taxRatePpm: 50000,
        weeklyDiscountPpm: 50000,
        monthlyDiscountPpm: 125000,
        extras: {},
        cityTax: null,
        extraGuestFee: null,
      },
      nightlyPrices: nightsOf(12345, 30),
      guests: 2,
      requestedExtras: {},
    });
    assert.equal(q.basePrice, 370350);
    assert.equal(q.discount, 46294); // 46293.75
    assert.equal(q.tax, 16578); // 331556 × 0.05 = 16577.8
    assert.equal(q.total, 348134);
    assert.equal(toMajor(q.total, 3), 348.134);
  });

  test('33.33 a night for 400 nights: exact, no float drift', () => {
    const q = quoteOf({
      rules: rules({ cleaningFee: 1, taxRatePpm: 70000, extras: { breakfast: 1 } }),
      nightlyPrices: nightsOf(3333, 400),
      guests: 3,
      requestedExtras: { breakfast: true },
    });
    assert.equal(q.basePrice, 1333200);
    assert.equal(q.discount, 266640);
    assert.equal(q.extrasTotal, 1200);
    assert.equal(q.tax, 74743); // (1333200 - 266640 + 1 + 1200) × 0.07 = 74743.27
    assert.equal(q.total, 1142504);
    assert.equal(toMajor(q.total, 2), 11425.04);
  });

  test('0.01 a night', () => {
    const q = quoteOf({ rules: rules({ cleaningFee: 0 }), nightlyPrices: [1], guests: 1, requestedExtras: {} });
    assert.equal(q.basePrice, 1);
    assert.equal(q.tax, 0); // 0.1 of a cent
    assert.equal(q.total, 1);
  });
});

// Arbitraries: prices that are "odd" in every currency scale.
const arbPrice = fc.oneof(fc.constantFrom(1, 3333, 9999, 12345, 100000, 33333), fc.integer({ min: 0, max: 5_000_000 }));
const arbPpm = fc.oneof(
  fc.constantFrom(0, 1, 50000, 100000, 333333, 500000, 1_000_000),
  fc.integer({ min: 0, max: 1_000_000 }),
);
const arbExtraOffer = fc.option(arbPrice, { nil: undefined });
const arbInput: fc.Arbitrary<StayQuoteInput> = fc
  .record({
    basePrice: arbPrice,
    cleaningFee: arbPrice,
    taxRatePpm: arbPpm,
    weeklyDiscountPpm: arbPpm,
    monthlyDiscountPpm: arbPpm,
    breakfast: arbExtraOffer,
    linen: arbExtraOffer,
    late: arbExtraOffer,
    n: fc.integer({ min: 1, max: 400 }),
    overrides: fc.array(arbPrice, { maxLength: 400 }),
    guests: fc.integer({ min: 1, max: 20 }),
    wantBreakfast: fc.boolean(),
    wantLinen: fc.boolean(),
    wantLate: fc.boolean(),
  })
  .map((v) => {
    const extras: Partial<Record<ExtraName, number>> = {};
    if (v.breakfast !== undefined) extras.breakfast = v.breakfast;
    if (v.linen !== undefined) extras.linen = v.linen;
    if (v.late !== undefined) extras.late_checkin = v.late;
    return {
      rules: {
        basePrice: v.basePrice,
        cleaningFee: v.cleaningFee,
        taxRatePpm: v.taxRatePpm,
        weeklyDiscountPpm: v.weeklyDiscountPpm,
        monthlyDiscountPpm: v.monthlyDiscountPpm,
        extras,
        cityTax: null,
        extraGuestFee: null,
      },
      nightlyPrices: Array.from({ length: v.n }, (_, i) => v.overrides[i] ?? v.basePrice),
      guests: v.guests,
      requestedExtras: { breakfast: v.wantBreakfast, linen: v.wantLinen, late_checkin: v.wantLate },
    };
  });

describe('priceStay: properties', () => {
  test('total is the sum of the lines; discount within 0..base', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const r = priceStay(input);
        if (!r.ok) return;
        const q = r.quote;
        assert.equal(q.total, q.basePrice - q.discount + q.cleaningFee + q.extrasTotal + q.tax);
        assert.equal(
          q.extrasTotal,
          Object.values(q.extras).reduce((s, x) => s + x, 0),
        );
        assert.ok(q.discount >= 0 && q.discount <= q.basePrice);
        assert.equal(q.nights, input.nightlyPrices.length);
        assert.equal(
          q.basePrice,
          input.nightlyPrices.reduce((s, p) => s + p, 0),
        );
        for (const x of [q.basePrice, q.avgPricePerNight, q.discount, q.extrasTotal, q.tax, q.total]) {
          assert.ok(Number.isSafeInteger(x));
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('matches an independent BigInt statement of docs/api.md#pricing, up to 400 nights', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const r = priceStay(input);
        const unoffered = (['breakfast', 'linen', 'late_checkin'] as const).find(
          (e) => input.requestedExtras[e] === true && input.rules.extras[e] === undefined,
        );
        if (unoffered !== undefined) {
          assert.deepEqual(r, { ok: false, reason: 'extra_not_offered', extra: unoffered });
          return;
        }
        assert.ok(r.ok);
        const ref = reference(input);
        assert.equal(BigInt(r.quote.basePrice), ref.base);
        assert.equal(BigInt(r.quote.avgPricePerNight), ref.avg);
        assert.equal(BigInt(r.quote.discount), ref.discount);
        assert.equal(BigInt(r.quote.extrasTotal), ref.extras);
        assert.equal(BigInt(r.quote.tax), ref.tax);
        assert.equal(BigInt(r.quote.total), ref.total);
      }),
      { numRuns: 1000 },
    );
  });

  test('major-unit totals print exactly for every currency scale', () => {
    fc.assert(
      fc.property(arbInput, fc.constantFrom(0, 2, 3), (input, d) => {
        const r = priceStay(input);
        if (!r.ok) return;
        const major = toMajor(r.quote.total, d);
        assert.equal(toMinor(major, d), r.quote.total);
        const decimalsShown = String(major).split('.')[1]?.length ?? 0;
        assert.ok(decimalsShown <= d, `${major} has more than ${d} decimals`);
      }),
      { numRuns: 500 },
    );
  });
});

describe('resolveNightlyPrices', () => {
  test('override where set, base price elsewhere; an override of 0 counts', () => {
    const nights = eachDate('2026-05-01', '2026-05-05');
    const overrides = new Map([
      ['2026-05-02', 15000],
      ['2026-05-04', 0],
      ['2026-06-01', 99999],
    ]);
    assert.deepEqual(resolveNightlyPrices(nights, overrides, 10000), [10000, 15000, 10000, 0]);
    assert.deepEqual(resolveNightlyPrices([], overrides, 10000), []);
    assert.deepEqual(resolveNightlyPrices(nights, new Map(), 500), [500, 500, 500, 500]);
  });
});
