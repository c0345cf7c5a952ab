import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  amountMatches,
  applyPpm,
  currencyDecimals,
  divideRounded,
  includedTax,
  ppmToRate,
  rateToPpm,
  roundDiv,
  toMajor,
  toMinor,
  MAX_AMOUNT_MINOR,
  withinAmountBound,
} from '../../src/shared/money.ts';
import { parseInt8Exact } from '../../src/db/postgres.ts';

// Hand-built decimal string of minor/10^decimals without floats: "93280",2 -> "932.8".
function refDecimalString(minor: number, decimals: number): string {
  const neg = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const s = frac === '' ? int : `${int}.${frac}`;
  return neg && s !== '0' ? `-${s}` : s;
}

// Independent characterisation of "n/d rounded half away from zero": r is within half of n/d,
// and on an exact tie it is the one farther from zero.
function isHalfAwayRounding(n: bigint, d: bigint, r: bigint): boolean {
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  const twiceErr = 2n * abs(n - r * d);
  if (twiceErr > abs(d)) return false;
  if (twiceErr === abs(d)) return abs(r * d) > abs(n);
  return true;
}

describe('currencyDecimals', () => {
  const cases: Array<[string, number | null]> = [
    ['EUR', 2],
    ['USD', 2],
    ['GBP', 2],
    ['CHF', 2],
    ['JPY', 0],
    ['ISK', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['eur', null],
    ['Eur', null],
    ['EURO', null],
    ['EU', null],
    ['', null],
    ['XYZ', null],
    ['123', null],
  ];
  for (const [code, expected] of cases) {
    test(`${JSON.stringify(code)} -> ${String(expected)}`, () => {
      assert.equal(currencyDecimals(code), expected);
      assert.equal(currencyDecimals(code), expected); // second call served from the cache
    });
  }
});

describe('toMinor', () => {
  const cases: Array<[number, number, number | null]> = [
    [120.5, 2, 12050],
    [120, 2, 12000],
    [0, 2, 0],
    [-0, 2, 0],
    [0.01, 2, 1],
    [33.33, 2, 3333],
    [932.8, 2, 93280],
    [-5.5, 2, -550],
    [120.555, 2, null],
    [1.005, 2, null],
    [0.001, 2, null],
    [1e-7, 2, null],
    [1.1, 0, null],
    [1000, 0, 1000],
    [1.234, 3, 1234],
    [1.2345, 3, null],
    [0.1 + 0.2, 2, 30], // 0.30000000000000004
    [0.1 * 3, 2, 30],
    [1.1 * 1.1, 2, 121], // 1.2100000000000002
    [1234567.1 + 0.2, 2, 123456730], // noise above 1e-9 minor but within float ULPs
    [1e-12, 2, 0], // below 1e-9 of a minor unit
    [12345678901234.56, 2, 1234567890123456], // 16 significant digits still exact
    [1e21, 2, null], // not a safe integer
    [Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 2, null],
    [Number.NaN, 2, null],
    [Number.POSITIVE_INFINITY, 2, null],
    [Number.NEGATIVE_INFINITY, 2, null],
  ];
  for (const [amount, decimals, expected] of cases) {
    test(`toMinor(${amount}, ${decimals}) -> ${String(expected)}`, () => {
      const got = toMinor(amount, decimals);
      assert.equal(got, expected);
      if (got !== null) assert.ok(!Object.is(got, -0));
    });
  }

  test('rejects a bad decimals argument', () => {
    assert.throws(() => toMinor(1, -1), RangeError);
    assert.throws(() => toMinor(1, 1.5), RangeError);
  });

  test('one extra decimal digit is always refused (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(0, 2, 3),
        (minor, extra, d) => {
          // e.g. minor 12050, d 2, extra 7 -> "120.507"
          const digits = String(Math.abs(minor)).padStart(d + 1, '0');
          const text = `${minor < 0 ? '-' : ''}${digits.slice(0, digits.length - d)}.${digits.slice(digits.length - d)}${extra}`;
          assert.equal(toMinor(Number(text), d), null, text);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('toMajor', () => {
  const cases: Array<[number, number, number]> = [
    [93280, 2, 932.8],
    [12050, 2, 120.5],
    [1, 2, 0.01],
    [3333, 2, 33.33],
    [-550, 2, -5.5],
    [0, 2, 0],
    [1000, 0, 1000],
    [1234, 3, 1.234],
    [7, 3, 0.007],
    [100000, 6, 0.1],
    [9007199254740991, 2, 90071992547409.91],
  ];
  for (const [minor, decimals, expected] of cases) {
    test(`toMajor(${minor}, ${decimals}) -> ${expected}`, () => {
      assert.equal(toMajor(minor, decimals), expected);
      assert.equal(String(toMajor(minor, decimals)), String(expected));
    });
  }

  test('rejects non-integers', () => {
    assert.throws(() => toMajor(1.5, 2), RangeError);
    assert.throws(() => toMajor(Number.NaN, 2), RangeError);
    assert.throws(() => toMajor(2 ** 53, 2), RangeError);
  });

  test('is the number the decimal string parses to, for any safe integer and any number of decimals', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 20 }), (minor, decimals) => {
        const expected = Number(`${minor}e-${decimals}`);
        assert.ok(Object.is(toMajor(minor, decimals), expected === 0 ? 0 : expected), `${minor}e-${decimals}`);
      }),
      { numRuns: 100_000 },
    );
    assert.ok(Object.is(toMajor(-0, 2), 0));
  });

  test('prints as the exact decimal for every integer in -100000..100000 (2 decimals)', () => {
    for (let i = -100000; i <= 100000; i++) {
      const major = toMajor(i, 2);
      assert.equal(String(major), refDecimalString(i, 2));
      assert.equal(toMinor(major, 2), i);
    }
  });

  test('round-trips every integer in -20000..20000 for 0, 1, 3 and 4 decimals', () => {
    for (const d of [0, 1, 3, 4]) {
      for (let i = -20000; i <= 20000; i++) {
        const major = toMajor(i, d);
        assert.equal(String(major), refDecimalString(i, d));
        assert.equal(toMinor(major, d), i);
      }
    }
  });

  test('round-trips random amounts below 10^15 minor units (property)', () => {
    // 15 significant digits is the most a double is guaranteed to carry as a decimal.
    fc.assert(
      fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), fc.integer({ min: 0, max: 4 }), (minor, d) => {
        const major = toMajor(minor, d);
        assert.equal(String(major), refDecimalString(minor, d));
        assert.equal(toMinor(major, d), minor);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('amountMatches', () => {
  const cases: Array<[number, number, number, boolean]> = [
    [932.8, 93280, 2, true],
    [932.8, 93280, 2, true],
    [932.804, 93280, 2, true],
    [932.7951, 93280, 2, true],
    [932.805, 93280, 2, false], // exactly half a cent off: not "less than half"
    [932.795, 93280, 2, false],
    [932.81, 93280, 2, false],
    [932.79, 93280, 2, false],
    [933, 93280, 2, false],
    [0.1 + 0.2, 30, 2, true],
    [1000, 1000, 0, true],
    [999.51, 1000, 0, true],
    [1000.49, 1000, 0, true],
    [1000.5, 1000, 0, false],
    [999.5, 1000, 0, false],
    [1.2344, 1234, 3, true],
    [1.2346, 1235, 3, true],
    [1.2345, 1234, 3, false],
    [1.2345, 1235, 3, false],
    [-5.5, -550, 2, true],
    [Number.NaN, 0, 2, false],
    [Number.POSITIVE_INFINITY, 0, 2, false],
    [1, 1.5, 2, false],
  ];
  for (const [received, expected, decimals, result] of cases) {
    test(`amountMatches(${received}, ${expected}, ${decimals}) -> ${result}`, () => {
      assert.equal(amountMatches(received, expected, decimals), result);
    });
  }

  test('matches exactly when within less than half a minor unit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: 0, max: 3 }),
        (minor, offThousandths, d) => {
          // received = minor + offThousandths/1000 minor units, written as an exact decimal.
          const received = Number(`${minor * 1000 + offThousandths}e-${d + 3}`);
          assert.equal(amountMatches(received, minor, d), Math.abs(offThousandths) < 500);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('rates in ppm', () => {
  const cases: Array<[number, number | null]> = [
    [0.1, 100000],
    [0.07, 70000],
    [0.19, 190000],
    [0, 0],
    [1, 1000000],
    [0.123456, 123456],
    [0.000001, 1],
    [0.1 + 0.2, 300000],
    [0.1234567, null],
    [0.0000001, null],
    [-0.1, null],
    [1.01, null],
    [2, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ];
  for (const [rate, expected] of cases) {
    test(`rateToPpm(${rate}) -> ${String(expected)}`, () => {
      assert.equal(rateToPpm(rate), expected);
    });
  }

  test('ppmToRate is exact', () => {
    assert.equal(ppmToRate(100000), 0.1);
    assert.equal(ppmToRate(70000), 0.07);
    assert.equal(ppmToRate(0), 0);
    assert.equal(ppmToRate(1000000), 1);
    assert.equal(ppmToRate(123456), 0.123456);
  });

  test('rateToPpm(ppmToRate(p)) === p for every ppm 0..1000000', () => {
    for (let p = 0; p <= 1_000_000; p++) {
      const rate = ppmToRate(p);
      if (rateToPpm(rate) !== p) assert.fail(`ppm ${p} -> ${rate} -> ${String(rateToPpm(rate))}`);
    }
  });
});

describe('rounding', () => {
  test('roundDiv table: half away from zero, not to even', () => {
    const cases: Array<[bigint, bigint, bigint]> = [
      [5n, 2n, 3n],
      [7n, 2n, 4n],
      [3n, 2n, 2n],
      [1n, 2n, 1n],
      [-5n, 2n, -3n],
      [5n, -2n, -3n],
      [-5n, -2n, 3n],
      [250n, 100n, 3n],
      [149n, 100n, 1n],
      [150n, 100n, 2n],
      [1n, 3n, 0n],
      [2n, 3n, 1n],
      [0n, 5n, 0n],
      [4n, 2n, 2n],
    ];
    for (const [n, d, r] of cases) assert.equal(roundDiv(n, d), r, `${n}/${d}`);
    assert.throws(() => roundDiv(1n, 0n), RangeError);
  });

  test('roundDiv property', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        (n, d) => {
          fc.pre(d !== 0n);
          assert.ok(isHalfAwayRounding(n, d, roundDiv(n, d)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  test('applyPpm, includedTax and divideRounded agree with the exact BigInt rounding, also where doubles cannot be exact', () => {
    const exactly = (n: bigint, d: bigint) => Number(roundDiv(n, d));
    const amounts = fc.oneof(
      fc.maxSafeInteger(),
      fc.integer({ min: -1e10, max: 1e10 }),
      fc.integer({ min: 2 ** 52 - 2000, max: 2 ** 52 + 2000 }),
      fc.integer({ min: -(2 ** 52) - 2000, max: -(2 ** 52) + 2000 }),
    );
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 1_000_000 }), (amount, ppm) => {
        const product = BigInt(amount) * BigInt(ppm);
        if (Number.isSafeInteger(exactly(product, 1_000_000n)))
          assert.equal(applyPpm(amount, ppm), exactly(product, 1_000_000n), `${amount} at ${ppm}`);
        if (Number.isSafeInteger(exactly(product, 1_000_000n + BigInt(ppm))))
          assert.equal(includedTax(amount, ppm), exactly(product, 1_000_000n + BigInt(ppm)), `${amount} in ${ppm}`);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(amounts, fc.oneof(fc.integer({ min: 1, max: 400 }), fc.maxSafeInteger()), (a, b) => {
        fc.pre(b !== 0);
        assert.equal(divideRounded(a, b), exactly(BigInt(a), BigInt(b)), `${a} / ${b}`);
      }),
      { numRuns: 5000 },
    );
    // Quotients just below a whole number, where the double quotient rounds up to it.
    assert.equal(divideRounded(2 ** 52 - 1, 2 ** 52), 1);
    assert.equal(divideRounded(2 ** 52 - 3, 2), 2 ** 51 - 1); // ...-1.5 → away from zero
    assert.equal(divideRounded(4503599627370495, 4503599627370494), 1);
    assert.equal(applyPpm(4503599627, 999_999), 4503595123);
    assert.ok(!Object.is(applyPpm(-1, 100_000), -0), 'no -0');
  });

  test('includedTax: the tax inside an amount that includes it', () => {
    assert.equal(includedTax(15050, 100000), 1368); // 150.50 × 0.1 / 1.1 = 13.6818...
    assert.equal(includedTax(11000, 100000), 1000);
    assert.equal(includedTax(12345, 0), 0);
    assert.equal(includedTax(0, 100000), 0);
    assert.equal(includedTax(21, 50000), 1); // 1.0 exactly
    assert.equal(includedTax(Number.MAX_SAFE_INTEGER, 1000000), 4503599627370496); // half, rounded up
    assert.throws(() => includedTax(1.5, 100000), RangeError);
    // The price without the tax, taxed again at the same rate, gives the amount back within a unit.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1_000_000 }), (amount, ppm) => {
        const net = amount - includedTax(amount, ppm);
        assert.ok(Math.abs(net + applyPpm(net, ppm) - amount) <= 1, `${amount} at ${ppm}`);
      }),
      { numRuns: 3000 },
    );
  });

  test('applyPpm table (exact .5 cases round up)', () => {
    assert.equal(applyPpm(70000, 100000), 7000);
    assert.equal(applyPpm(84800, 100000), 8480);
    assert.equal(applyPpm(5, 100000), 1); // 0.5
    assert.equal(applyPpm(15, 100000), 2); // 1.5
    assert.equal(applyPpm(25, 100000), 3); // 2.5 (banker's rounding would give 2)
    assert.equal(applyPpm(4, 100000), 0); // 0.4
    assert.equal(applyPpm(1, 500000), 1); // 0.5
    assert.equal(applyPpm(3, 500000), 2); // 1.5
    assert.equal(applyPpm(12345, 0), 0);
    assert.equal(applyPpm(12345, 1000000), 12345);
    assert.equal(applyPpm(-5, 100000), -1);
    // 9007199254740991 × 0.999999 = 9007190247541736.259009: far beyond float precision.
    assert.equal(applyPpm(Number.MAX_SAFE_INTEGER, 999999), 9007190247541736);
    assert.throws(() => applyPpm(1.5, 100000), RangeError);
  });

  test('applyPpm property', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 1_000_000 }), (a, p) => {
        const r = applyPpm(a, p);
        assert.ok(Number.isSafeInteger(r));
        assert.ok(isHalfAwayRounding(BigInt(a) * BigInt(p), 1_000_000n, BigInt(r)));
      }),
      { numRuns: 3000 },
    );
  });

  test('divideRounded', () => {
    assert.equal(divideRounded(70000, 7), 10000);
    assert.equal(divideRounded(100001, 7), 14286); // 14285.857...
    assert.equal(divideRounded(5, 2), 3);
    assert.equal(divideRounded(7, 2), 4);
    assert.equal(divideRounded(1, 3), 0);
    assert.equal(divideRounded(2, 3), 1);
    assert.equal(divideRounded(-5, 2), -3);
    assert.throws(() => divideRounded(1, 0), RangeError);
    assert.throws(() => divideRounded(1.5, 2), RangeError);
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 1, max: 1000 }), (a, b) => {
        assert.ok(isHalfAwayRounding(BigInt(a), BigInt(b), BigInt(divideRounded(a, b))));
      }),
    );
  });
});

describe('MAX_AMOUNT_MINOR and the exact int8 reader', () => {
  test('withinAmountBound: safe integers up to the bound either way', () => {
    assert.equal(withinAmountBound(MAX_AMOUNT_MINOR), true);
    assert.equal(withinAmountBound(-MAX_AMOUNT_MINOR), true);
    assert.equal(withinAmountBound(0), true);
    assert.equal(withinAmountBound(MAX_AMOUNT_MINOR + 1), false);
    assert.equal(withinAmountBound(2_750_000_000), false);
    assert.equal(withinAmountBound(1e300), false);
    assert.equal(withinAmountBound(1.5), false);
    assert.equal(withinAmountBound(Number.NaN), false);
  });

  test('parseInt8Exact reads every int8 that is a safe integer and refuses the rest', () => {
    assert.equal(parseInt8Exact('2750000000'), 2_750_000_000);
    assert.equal(parseInt8Exact('-9007199254740991'), -Number.MAX_SAFE_INTEGER);
    assert.equal(parseInt8Exact('9007199254740991'), Number.MAX_SAFE_INTEGER);
    assert.throws(() => parseInt8Exact('9007199254740993'), RangeError);
    assert.throws(() => parseInt8Exact('9223372036854775807'), RangeError);
  });
});
