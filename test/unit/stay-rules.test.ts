import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkStay } from '../../src/stays/stay-rules.ts';
import type { StayRequest, StayRules, StayViolation } from '../../src/stays/stay-rules.ts';
import { addDays } from '../../src/shared/dates.ts';

const RULES: StayRules = { minStay: 2, maxStay: 30, maxGuests: 6 };
const TODAY = '2026-05-01';
const BOOKING_NAMES = {
  checkin: 'booking_data.checkin_date',
  checkout: 'booking_data.checkout_date',
  guests: 'booking_data.adults_count',
};

function req(over: Partial<StayRequest> = {}): StayRequest {
  return { checkin: '2026-06-01', checkout: '2026-06-04', guests: 2, today: TODAY, ...over };
}

function violationOf(r: ReturnType<typeof checkStay>): StayViolation {
  if (r.ok) assert.fail('expected a violation');
  return r.violation;
}

describe('checkStay: valid stays', () => {
  test('returns the parsed dates and the number of nights', () => {
    assert.deepEqual(checkStay(req(), RULES), { ok: true, checkin: '2026-06-01', checkout: '2026-06-04', nights: 3 });
  });
  test('checkin today is allowed', () => {
    assert.deepEqual(checkStay(req({ checkin: TODAY, checkout: '2026-05-03' }), RULES), {
      ok: true,
      checkin: TODAY,
      checkout: '2026-05-03',
      nights: 2,
    });
  });
  test('exactly min_stay, exactly max_stay and exactly max_guests are allowed', () => {
    assert.equal(checkStay(req({ checkout: '2026-06-03' }), RULES).ok, true);
    assert.equal(checkStay(req({ checkout: '2026-07-01' }), RULES).ok, true);
    assert.equal(checkStay(req({ guests: 6 }), RULES).ok, true);
  });
  test('a stay across a leap day counts it', () => {
    assert.deepEqual(checkStay(req({ checkin: '2028-02-28', checkout: '2028-03-01' }), RULES), {
      ok: true,
      checkin: '2028-02-28',
      checkout: '2028-03-01',
      nights: 2,
    });
  });
});

describe('checkStay: each violation', () => {
  const cases: Array<[string, Partial<StayRequest>, Omit<StayViolation, 'message'>]> = [
    [
      'checkin not a date',
      { checkin: '2026-02-30' },
      { reason: 'invalid_date', parameter: 'checkin', expected: 'YYYY-MM-DD date', received: '2026-02-30' },
    ],
    [
      'checkin wrong format',
      { checkin: '01/06/2026' },
      { reason: 'invalid_date', parameter: 'checkin', expected: 'YYYY-MM-DD date', received: '01/06/2026' },
    ],
    [
      'checkin not a string',
      { checkin: 20260601 },
      { reason: 'invalid_date', parameter: 'checkin', expected: 'YYYY-MM-DD date', received: 20260601 },
    ],
    [
      'checkin missing',
      { checkin: undefined },
      { reason: 'invalid_date', parameter: 'checkin', expected: 'YYYY-MM-DD date', received: undefined },
    ],
    [
      'checkout not a date',
      { checkout: '2026-13-01' },
      { reason: 'invalid_date', parameter: 'checkout', expected: 'YYYY-MM-DD date', received: '2026-13-01' },
    ],
    [
      'checkout == checkin',
      { checkout: '2026-06-01' },
      { reason: 'invalid_range', parameter: 'checkout', expected: 'date after checkin', received: '2026-06-01' },
    ],
    [
      'checkout < checkin',
      { checkout: '2026-05-20' },
      { reason: 'invalid_range', parameter: 'checkout', expected: 'date after checkin', received: '2026-05-20' },
    ],
    [
      'checkin yesterday',
      { checkin: '2026-04-30', checkout: '2026-05-05' },
      { reason: 'past_date', parameter: 'checkin', expected: 'date on or after 2026-05-01', received: '2026-04-30' },
    ],
    [
      '1 night, min 2',
      { checkout: '2026-06-02' },
      { reason: 'min_stay', parameter: 'checkout', expected: 'at least 2 nights', received: 1 },
    ],
    [
      '31 nights, max 30',
      { checkout: '2026-07-02' },
      { reason: 'max_stay', parameter: 'checkout', expected: 'at most 30 nights', received: 31 },
    ],
    [
      '7 guests, max 6',
      { guests: 7 },
      { reason: 'max_guests', parameter: 'guest_count', expected: 'at most 6 guests', received: 7 },
    ],
  ];
  for (const [name, over, expected] of cases) {
    test(name, () => {
      const v = violationOf(checkStay(req(over), RULES));
      const { message, ...rest } = v;
      assert.deepEqual(rest, expected);
      assert.ok(message.length > 20, 'message is a sentence');
      assert.ok(message.includes(expected.parameter) || /stay|guest/.test(message), message);
    });
  }

  test('singular wording for one night / one guest', () => {
    const v = violationOf(checkStay(req({ checkout: '2026-06-03' }), { minStay: 1, maxStay: 1, maxGuests: 1 }));
    assert.equal(v.expected, 'at most 1 night');
    assert.match(v.message, /2 nights.*maximum stay of 1 night\./);
    const g = violationOf(
      checkStay(req({ checkout: '2026-06-02', guests: 2 }), { minStay: 1, maxStay: 1, maxGuests: 1 }),
    );
    assert.equal(g.expected, 'at most 1 guest');
  });

  test('messages name the dates involved', () => {
    assert.match(violationOf(checkStay(req({ checkout: '2026-05-20' }), RULES)).message, /2026-05-20.*2026-06-01/);
    assert.match(violationOf(checkStay(req({ checkin: '2026-04-30' }), RULES)).message, /2026-04-30.*2026-05-01/);
  });
});

describe('checkStay: order of checks', () => {
  const steps: Array<[Partial<StayRequest>, StayViolation['reason'], string]> = [
    [{ checkin: 'x', checkout: 'y', guests: 99 }, 'invalid_date', 'checkin'],
    [{ checkout: 'y', guests: 99 }, 'invalid_date', 'checkout'],
    [{ checkin: '2026-04-01', checkout: '2026-03-01', guests: 99 }, 'invalid_range', 'checkout'],
    [{ checkin: '2026-04-01', checkout: '2026-04-02', guests: 99 }, 'past_date', 'checkin'],
    [{ checkout: '2026-06-02', guests: 99 }, 'min_stay', 'checkout'],
    [{ checkout: '2026-08-01', guests: 99 }, 'max_stay', 'checkout'],
    [{ guests: 99 }, 'max_guests', 'guest_count'],
  ];
  for (const [over, reason, parameter] of steps) {
    test(`${reason} on ${parameter} comes first`, () => {
      const v = violationOf(checkStay(req(over), RULES));
      assert.equal(v.reason, reason);
      assert.equal(v.parameter, parameter);
    });
  }
});

describe('checkStay: caller field names', () => {
  test('booking field names are used in parameter, expected and message', () => {
    const a = violationOf(checkStay(req({ checkin: 'nope' }), RULES, BOOKING_NAMES));
    assert.equal(a.parameter, 'booking_data.checkin_date');
    assert.match(a.message, /booking_data\.checkin_date/);
    const b = violationOf(checkStay(req({ checkout: '2026-05-01' }), RULES, BOOKING_NAMES));
    assert.equal(b.parameter, 'booking_data.checkout_date');
    assert.equal(b.expected, 'date after booking_data.checkin_date');
    const c = violationOf(checkStay(req({ guests: 9 }), RULES, BOOKING_NAMES));
    assert.equal(c.parameter, 'booking_data.adults_count');
  });
});

describe('checkStay: properties', () => {
  test('a stay is accepted exactly when every rule holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30, max: 400 }), // checkin offset from today
        fc.integer({ min: -5, max: 60 }), // nights
        fc.integer({ min: 1, max: 12 }), // guests
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 10, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (offset, n, guests, minStay, maxStay, maxGuests) => {
          const checkin = addDays(TODAY, offset);
          const checkout = addDays(checkin, n);
          const r = checkStay({ checkin, checkout, guests, today: TODAY }, { minStay, maxStay, maxGuests });
          const shouldPass = n > 0 && offset >= 0 && n >= minStay && n <= maxStay && guests <= maxGuests;
          assert.equal(r.ok, shouldPass);
          if (r.ok) assert.deepEqual(r, { ok: true, checkin, checkout, nights: n });
          else {
            const expectedReason =
              n <= 0
                ? 'invalid_range'
                : offset < 0
                  ? 'past_date'
                  : n < minStay
                    ? 'min_stay'
                    : n > maxStay
                      ? 'max_stay'
                      : 'max_guests';
            assert.equal(r.violation.reason, expectedReason);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
