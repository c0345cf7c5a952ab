import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CityTaxRule, ExtraGuestFeeRule } from '../../src/accommodations/money-rules.ts';
import { cityTaxOf, extraGuestFeeOf } from '../../src/pricing/guest-charges.ts';
import { priceStay, type PricingRules, type StayQuote, type StayQuoteInput } from '../../src/pricing/price-stay.ts';

// docs/money.md#city-tax-and-extra-guests, checked against a second computation done differently:
// night by night and person by person in BigInt, where the code multiplies in numbers.

const arbAmount = fc.oneof(fc.constantFrom(0, 1, 50, 150, 250, 333, 700), fc.integer({ min: 0, max: 100_000 }));
const arbCityTax: fc.Arbitrary<CityTaxRule> = fc.record({
  amount: arbAmount,
  per: fc.constant('person_night' as const),
  counts: fc.constantFrom<CityTaxRule['counts']>(['adults'], ['adults', 'children']),
  max_nights: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
});
const arbExtraGuestFee: fc.Arbitrary<ExtraGuestFeeRule> = fc.record({
  amount: arbAmount,
  included_guests: fc.integer({ min: 0, max: 12 }),
});
const arbParty = fc.record({ adults: fc.integer({ min: 1, max: 12 }), children: fc.integer({ min: 0, max: 8 }) });
const arbNights = fc.integer({ min: 1, max: 400 });

/** Night by night: each night up to the cap, each adult, and each child when counted, pays the amount. */
function cityTaxByNight(rule: CityTaxRule | null, party: { adults: number; children: number }, nights: number): bigint {
  if (rule === null) return 0n;
  let sum = 0n;
  for (let night = 1; night <= nights; night++) {
    if (rule.max_nights !== null && night > rule.max_nights) break;
    for (let a = 0; a < party.adults; a++) sum += BigInt(rule.amount);
    if (rule.counts.length === 2) for (let c = 0; c < party.children; c++) sum += BigInt(rule.amount);
  }
  return sum;
}

/** Night by night: every guest numbered above the included ones pays the amount. */
function extraGuestFeeByNight(rule: ExtraGuestFeeRule | null, guests: number, nights: number): bigint {
  if (rule === null) return 0n;
  let sum = 0n;
  for (let night = 0; night < nights; night++) {
    for (let guest = 1; guest <= guests; guest++) if (guest > rule.included_guests) sum += BigInt(rule.amount);
  }
  return sum;
}

function halfAway(n: bigint, d: bigint): bigint {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}

const baseRules: PricingRules = {
  basePrice: 10000,
  cleaningFee: 5000,
  taxRatePpm: 100000,
  weeklyDiscountPpm: 100000,
  monthlyDiscountPpm: 200000,
  extras: {},
  cityTax: null,
  extraGuestFee: null,
};

function quoteOf(input: StayQuoteInput): StayQuote {
  const result = priceStay(input);
  if (!result.ok) assert.fail(`no quote: ${result.reason}`);
  return result.quote;
}

describe('city tax and extra guests: worked examples', () => {
  test('2 adults and a child, 10 nights, 2.50 for adults only, at most 7 nights → 35.00, outside discount and tax', () => {
    const q = quoteOf({
      rules: {
        ...baseRules,
        cityTax: { amount: 250, per: 'person_night', counts: ['adults'], max_nights: 7 },
        extraGuestFee: { amount: 1500, included_guests: 2 },
      },
      nightlyPrices: Array.from({ length: 10 }, () => 10000),
      guests: 3,
      children: 1,
      requestedExtras: {},
    });
    assert.equal(q.cityTax, 3500);
    assert.equal(q.extraGuestFee, 15000); // 15.00 × 1 guest beyond 2 × 10 nights
    assert.equal(q.discount, 10000); // weekly 10 % of the nights only
    assert.equal(q.tax, 11000); // (100000 − 10000 + 5000 + 15000) × 10 %
    assert.equal(q.total, 100000 - 10000 + 5000 + 15000 + 11000 + 3500);
  });
});

describe('city tax and extra guests: properties against a night-by-night BigInt count', () => {
  test('city tax = amount × counted persons × min(nights, max_nights)', () => {
    fc.assert(
      fc.property(fc.option(arbCityTax, { nil: null }), arbParty, arbNights, (rule, party, nights) => {
        assert.equal(BigInt(cityTaxOf(rule, party, nights)), cityTaxByNight(rule, party, nights));
      }),
      { numRuns: 500 },
    );
  });

  test('the cap: beyond max_nights a longer stay pays no more city tax, below it each night pays the same', () => {
    fc.assert(
      fc.property(arbCityTax, arbParty, arbNights, (rule, party, nights) => {
        const more = cityTaxOf(rule, party, nights + 1) - cityTaxOf(rule, party, nights);
        const capped = rule.max_nights !== null && nights >= rule.max_nights;
        assert.equal(more, capped ? 0 : cityTaxOf(rule, party, 1));
      }),
    );
  });

  test('counts: children change the city tax only when counted', () => {
    fc.assert(
      fc.property(arbCityTax, arbParty, arbNights, (rule, party, nights) => {
        const withoutChildren = cityTaxOf(rule, { ...party, children: 0 }, nights);
        const delta = cityTaxOf(rule, party, nights) - withoutChildren;
        const counted = rule.counts.includes('children') ? party.children : 0;
        assert.equal(delta, counted * rule.amount * Math.min(nights, rule.max_nights ?? nights));
      }),
    );
  });

  test('extra-guest fee = amount × max(0, guests − included) × nights', () => {
    fc.assert(
      fc.property(
        fc.option(arbExtraGuestFee, { nil: null }),
        fc.integer({ min: 1, max: 20 }),
        arbNights,
        (rule, guests, nights) => {
          assert.equal(BigInt(extraGuestFeeOf(rule, guests, nights)), extraGuestFeeByNight(rule, guests, nights));
        },
      ),
      { numRuns: 500 },
    );
  });

  test('the stay: extra-guest fee taxed and not discounted, city tax neither, both in the total', () => {
    fc.assert(
      fc.property(
        fc.option(arbCityTax, { nil: null }),
        fc.option(arbExtraGuestFee, { nil: null }),
        arbParty,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (cityTax, extraGuestFee, party, nights, taxRatePpm, weeklyDiscountPpm) => {
          const rules = { ...baseRules, cityTax, extraGuestFee, taxRatePpm, weeklyDiscountPpm, monthlyDiscountPpm: 0 };
          const guests = party.adults + party.children;
          const nightlyPrices = Array.from({ length: nights }, (_, i) => 9000 + i);
          const q = quoteOf({ rules, nightlyPrices, guests, children: party.children, requestedExtras: {} });

          const base = nightlyPrices.reduce((s, p) => s + BigInt(p), 0n);
          const discount = nights >= 7 ? halfAway(base * BigInt(weeklyDiscountPpm), 1_000_000n) : 0n;
          const fee = extraGuestFeeByNight(extraGuestFee, guests, nights);
          const taxable = base - discount + BigInt(rules.cleaningFee) + fee;
          const tax = halfAway(taxable * BigInt(taxRatePpm), 1_000_000n);
          const city = cityTaxByNight(cityTax, party, nights);
          assert.equal(BigInt(q.discount), discount);
          assert.equal(BigInt(q.extraGuestFee), fee);
          assert.equal(BigInt(q.tax), tax);
          assert.equal(BigInt(q.cityTax), city);
          assert.equal(BigInt(q.total), taxable + tax + city);
        },
      ),
      { numRuns: 300 },
    );
  });
});
