import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  addDays,
  canonicalTimeZone,
  compareDates,
  currentYearMonthIn,
  daysInMonth,
  diffDays,
  eachDate,
  firstOfMonth,
  isoDayNumber,
  parseIsoDate,
  todayIn,
} from '../../src/shared/dates.ts';

// Independent reference: Gregorian leap rule and month lengths, no Date involved.
function refLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
function refDaysInMonth(y: number, m: number): number {
  return [31, refLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
}
function fmt(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
// Reference successor of a date, by hand.
function refNext(date: string): string {
  let y = Number(date.slice(0, 4));
  let m = Number(date.slice(5, 7));
  let d = Number(date.slice(8, 10)) + 1;
  if (d > refDaysInMonth(y, m)) {
    d = 1;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return fmt(y, m, d);
}

const arbDate = fc
  .record({
    y: fc.integer({ min: 1960, max: 9000 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ y, m, d }) => fmt(y, m, Math.min(d, refDaysInMonth(y, m))));

describe('parseIsoDate', () => {
  const cases: Array<[unknown, string | null]> = [
    ['2026-05-01', '2026-05-01'],
    ['2028-02-29', '2028-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['1900-01-01', '1900-01-01'],
    ['9999-12-31', '9999-12-31'],
    ['2025-02-29', null],
    ['1900-02-29', null],
    ['2027-02-30', null],
    ['2026-04-31', null],
    ['2026-13-01', null],
    ['2026-00-10', null],
    ['2026-01-00', null],
    ['2026-01-32', null],
    ['1899-12-31', null],
    ['2026-5-01', null],
    ['2026-05-1', null],
    ['26-05-01', null],
    ['2026/05/01', null],
    [' 2026-05-01', null],
    ['2026-05-01 ', null],
    ['2026-05-01\n', null],
    ['2026-05-01T00:00:00Z', null],
    ['２０２６-05-01', null],
    ['', null],
    [20260501, null],
    [null, null],
    [undefined, null],
    [{}, null],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} -> ${String(expected)}`, () => {
      assert.equal(parseIsoDate(input), expected);
    });
  }

  test('accepts exactly the real days of every month (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const s = fmt(y, m, d);
          const real = d >= 1 && d <= refDaysInMonth(y, m);
          assert.equal(parseIsoDate(s), real ? s : null);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('calendar arithmetic', () => {
  test('addDays table', () => {
    assert.equal(addDays('2026-05-01', 0), '2026-05-01');
    assert.equal(addDays('2026-05-01', 1), '2026-05-02');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2028-02-28', 1), '2028-02-29');
    assert.equal(addDays('2027-02-28', 1), '2027-03-01');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addDays('2026-01-01', 365), '2027-01-01');
    assert.equal(addDays('2028-01-01', 366), '2029-01-01');
    assert.equal(addDays('2026-03-29', 1), '2026-03-30'); // EU DST switch night
    assert.equal(addDays('2026-10-25', 1), '2026-10-26');
  });

  test('addDays rejects bad input', () => {
    assert.throws(() => addDays('2026-02-30', 1), RangeError);
    assert.throws(() => addDays('2026-02-01', 1.5), RangeError);
    assert.throws(() => addDays('9999-12-31', 1), RangeError);
    assert.throws(() => addDays('1900-01-01', -1), RangeError);
    assert.equal(addDays('1900-01-02', -1), '1900-01-01');
    assert.equal(addDays('9999-12-30', 1), '9999-12-31');
  });

  test('addDays agrees with Date.UTC over the whole supported range (property)', () => {
    const first = Date.UTC(1900, 0, 1) / 86_400_000;
    const last = Date.UTC(9999, 11, 31) / 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), fc.integer({ min: first, max: last }), (a, b) => {
        const da = new Date(a * 86_400_000).toISOString().slice(0, 10);
        const db = new Date(b * 86_400_000).toISOString().slice(0, 10);
        assert.equal(addDays(da, b - a), db);
        assert.equal(diffDays(da, db), b - a);
      }),
      { numRuns: 3000 },
    );
  });

  test('diffDays table', () => {
    assert.equal(diffDays('2026-05-01', '2026-05-08'), 7);
    assert.equal(diffDays('2026-05-08', '2026-05-01'), -7);
    assert.equal(diffDays('2026-05-01', '2026-05-01'), 0);
    assert.equal(diffDays('2028-02-01', '2028-03-01'), 29);
    assert.equal(diffDays('2027-02-01', '2027-03-01'), 28);
    assert.equal(diffDays('2026-03-28', '2026-03-30'), 2);
  });

  test('addDays(d, 1) is the hand-computed next day (property)', () => {
    fc.assert(
      fc.property(arbDate, (d) => {
        assert.equal(addDays(d, 1), refNext(d));
      }),
      { numRuns: 3000 },
    );
  });

  test('diffDays inverts addDays and addDays composes (property)', () => {
    fc.assert(
      fc.property(arbDate, fc.integer({ min: -20000, max: 20000 }), fc.integer({ min: -500, max: 500 }), (d, a, b) => {
        const x = addDays(d, a);
        assert.equal(parseIsoDate(x), x);
        assert.equal(diffDays(d, x), a);
        assert.equal(addDays(x, b), addDays(d, a + b));
        assert.equal(compareDates(d, x), a === 0 ? 0 : a > 0 ? -1 : 1);
      }),
    );
  });

  test('daysInMonth and firstOfMonth', () => {
    assert.equal(daysInMonth(2026, 1), 31);
    assert.equal(daysInMonth(2026, 2), 28);
    assert.equal(daysInMonth(2028, 2), 29);
    assert.equal(daysInMonth(2100, 2), 28);
    assert.equal(daysInMonth(2000, 2), 29);
    assert.equal(daysInMonth(2026, 4), 30);
    assert.equal(daysInMonth(2026, 12), 31);
    assert.throws(() => daysInMonth(2026, 13), RangeError);
    assert.throws(() => daysInMonth(2026, 0), RangeError);
    assert.equal(firstOfMonth(2026, 3), '2026-03-01');
    assert.equal(firstOfMonth(2026, 12), '2026-12-01');
    assert.throws(() => firstOfMonth(2026, 13), RangeError);
    for (let y = 1990; y <= 2110; y++) {
      for (let m = 1; m <= 12; m++) assert.equal(daysInMonth(y, m), refDaysInMonth(y, m), `${y}-${m}`);
    }
  });

  test('eachDate lists the nights [from, to)', () => {
    assert.deepEqual(eachDate('2026-02-27', '2026-03-02'), ['2026-02-27', '2026-02-28', '2026-03-01']);
    assert.deepEqual(eachDate('2026-05-01', '2026-05-02'), ['2026-05-01']);
    assert.deepEqual(eachDate('2026-05-01', '2026-05-01'), []);
    assert.deepEqual(eachDate('2026-05-02', '2026-05-01'), []);
    fc.assert(
      fc.property(arbDate, fc.integer({ min: 0, max: 400 }), (from, n) => {
        const dates = eachDate(from, addDays(from, n));
        assert.equal(dates.length, n);
        dates.forEach((d, i) => {
          assert.equal(d, addDays(from, i));
        });
      }),
      { numRuns: 200 },
    );
  });

  test('compareDates', () => {
    assert.equal(compareDates('2026-05-01', '2026-05-02'), -1);
    assert.equal(compareDates('2026-05-02', '2026-05-01'), 1);
    assert.equal(compareDates('2026-05-01', '2026-05-01'), 0);
    assert.equal(compareDates('2026-12-31', '2027-01-01'), -1);
  });

  test('results do not depend on the process time zone', () => {
    const saved = process.env['TZ'];
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo', 'Europe/Berlin']) {
        process.env['TZ'] = tz;
        assert.equal(addDays('2026-03-29', 1), '2026-03-30', tz);
        assert.equal(addDays('2026-10-25', 1), '2026-10-26', tz);
        assert.equal(diffDays('2026-03-01', '2026-04-01'), 31, tz);
        assert.equal(daysInMonth(2026, 3), 31, tz);
        assert.deepEqual(eachDate('2026-10-24', '2026-10-27'), ['2026-10-24', '2026-10-25', '2026-10-26'], tz);
      }
    } finally {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    }
  });
});

describe('time zones', () => {
  test('todayIn table', () => {
    const at = (iso: string): Date => new Date(iso);
    assert.equal(todayIn('UTC', at('2026-01-01T00:00:00Z')), '2026-01-01');
    assert.equal(todayIn('America/New_York', at('2026-01-01T03:00:00Z')), '2025-12-31');
    assert.equal(todayIn('America/New_York', at('2026-01-01T05:00:00Z')), '2026-01-01');
    assert.equal(todayIn('Pacific/Kiritimati', at('2026-01-01T10:30:00Z')), '2026-01-02');
    assert.equal(todayIn('Asia/Kathmandu', at('2026-03-01T18:14:00Z')), '2026-03-01');
    assert.equal(todayIn('Asia/Kathmandu', at('2026-03-01T18:15:00Z')), '2026-03-02');
    // Berlin is UTC+2 after the spring switch: 22:30Z is already the next day.
    assert.equal(todayIn('Europe/Berlin', at('2026-03-29T22:30:00Z')), '2026-03-30');
    assert.equal(todayIn('Europe/Berlin', at('2026-03-28T22:30:00Z')), '2026-03-28');
    assert.throws(() => todayIn('Mars/Olympus', at('2026-01-01T00:00:00Z')), RangeError);
  });

  test('todayIn UTC equals the ISO date (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const d = new Date(ms);
        assert.equal(todayIn('UTC', d), d.toISOString().slice(0, 10));
      }),
    );
  });

  test('currentYearMonthIn', () => {
    assert.deepEqual(currentYearMonthIn('UTC', new Date('2026-12-31T23:30:00Z')), { year: 2026, month: 12 });
    assert.deepEqual(currentYearMonthIn('Europe/Paris', new Date('2026-12-31T23:30:00Z')), { year: 2027, month: 1 });
    assert.deepEqual(currentYearMonthIn('America/Los_Angeles', new Date('2026-03-01T05:00:00Z')), {
      year: 2026,
      month: 2,
    });
  });

  test('canonicalTimeZone knows IANA zones and refuses anything else', () => {
    for (const tz of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kathmandu', 'Etc/GMT+5']) {
      assert.notEqual(canonicalTimeZone(tz), null, tz);
    }
    for (const tz of ['', 'Mars/Olympus', 'Europe/Pariss', '+01:00', '-05:00', 'not a zone']) {
      assert.equal(canonicalTimeZone(tz), null, tz);
    }
    assert.equal(canonicalTimeZone('europe/paris'), 'Europe/Paris');
    assert.equal(canonicalTimeZone('utc'), 'UTC');
    assert.equal(canonicalTimeZone('Nowhere/Land'), null);
  });
});

describe('isoDayNumber', () => {
  test('is a number exactly for what parseIsoDate accepts, and its differences are diffDays', () => {
    const texts = fc.oneof(
      fc
        .record({
          y: fc.integer({ min: 1890, max: 9999 }),
          m: fc.integer({ min: 0, max: 13 }),
          d: fc.integer({ min: 0, max: 32 }),
        })
        .map(({ y, m, d }) => fmt(y, m, d)),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(null, 20240101, undefined, '2024-02-29', '2023-02-29', '2024-1-01'),
    );
    fc.assert(
      fc.property(texts, texts, (a, b) => {
        assert.equal(Number.isNaN(isoDayNumber(a)), parseIsoDate(a) === null, String(a));
        const x = parseIsoDate(a);
        const y = parseIsoDate(b);
        if (x !== null && y !== null) assert.equal(isoDayNumber(y) - isoDayNumber(x), diffDays(x, y));
      }),
      { numRuns: 3000 },
    );
    assert.equal(isoDayNumber('1970-01-02'), 1);
  });
});
