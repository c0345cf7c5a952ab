import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { LOOKAHEAD_DAYS, summarizeMonth, summaryWindow, type NightUse } from '../../src/calendar/calendar-summary.ts';
import { addDays, daysInMonth, diffDays, eachDate } from '../../src/shared/dates.ts';

function taken(entries: [string, NightUse][]): Map<string, NightUse> {
  return new Map(entries);
}

describe('summarizeMonth', () => {
  test('an empty month: every night available, the first free night is the first of the month', () => {
    const s = summarizeMonth({ year: 2030, month: 2, today: '2026-11-21', taken: new Map() });
    assert.deepEqual(s, {
      available_nights: 28,
      booked_nights: 0,
      occupancy_rate: 0,
      next_available_date: '2030-02-01',
    });
  });

  test('booked and blocked nights of the month, occupancy to 4 decimals', () => {
    const s = summarizeMonth({
      year: 2030,
      month: 1,
      today: '2026-11-21',
      taken: taken([
        ['2029-12-31', 'stay'], // before the month: not counted
        ['2030-01-01', 'stay'],
        ['2030-01-02', 'stay'],
        ['2030-01-03', 'block'],
        ['2030-02-01', 'stay'], // after the month: not counted
      ]),
    });
    assert.equal(s.booked_nights, 2);
    assert.equal(s.available_nights, 31 - 2 - 1);
    assert.equal(s.occupancy_rate, 0.0645); // 2 / 31 = 0.064516…
    assert.equal(s.next_available_date, '2030-01-04');
  });

  test('the search starts today when today is inside or after the month', () => {
    const inside = summarizeMonth({ year: 2030, month: 1, today: '2030-01-20', taken: new Map() });
    assert.equal(inside.next_available_date, '2030-01-20');
    const after = summarizeMonth({
      year: 2030,
      month: 1,
      today: '2030-03-05',
      taken: taken([['2030-03-05', 'block']]),
    });
    assert.equal(after.next_available_date, '2030-03-06');
  });

  test('no free night within 365 days gives null; the 365th night still counts', () => {
    const all = eachDate('2030-01-01', addDays('2030-01-01', LOOKAHEAD_DAYS)).map((d): [string, NightUse] => [
      d,
      'stay',
    ]);
    assert.equal(
      summarizeMonth({ year: 2030, month: 1, today: '2026-01-01', taken: taken(all) }).next_available_date,
      null,
    );
    const lastFree = taken(all.slice(0, -1));
    assert.equal(
      summarizeMonth({ year: 2030, month: 1, today: '2026-01-01', taken: lastFree }).next_available_date,
      addDays('2030-01-01', LOOKAHEAD_DAYS - 1),
    );
  });

  test('property: available + booked + blocked = days in the month, and the rate is booked / days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        // Nights before and after the month are taken too: they must not be counted.
        fc.array(fc.tuple(fc.integer({ min: -40, max: 70 }), fc.constantFrom<NightUse>('stay', 'block')), {
          maxLength: 60,
        }),
        (year, month, picks) => {
          const first = `${String(year)}-${String(month).padStart(2, '0')}-01`;
          const days = daysInMonth(year, month);
          const map = new Map<string, NightUse>();
          for (const [offset, use] of picks) map.set(addDays(first, offset), use);
          const s = summarizeMonth({ year, month, today: '1999-01-01', taken: map });
          const inMonth = [...map].filter(([night]) => night >= first && night < addDays(first, days));
          const blocked = inMonth.filter(([, u]) => u === 'block').length;
          assert.equal(s.booked_nights, inMonth.filter(([, u]) => u === 'stay').length);
          assert.equal(s.available_nights + s.booked_nights + blocked, days);
          assert.equal(s.occupancy_rate, Math.round((s.booked_nights / days) * 10000) / 10000);
          if (s.next_available_date !== null) assert.equal(map.has(s.next_available_date), false);
        },
      ),
    );
  });
});

describe('summaryWindow', () => {
  test('covers the month and a year from max(today, first of month)', () => {
    assert.deepEqual(summaryWindow(2030, 2, '2026-11-21'), {
      from: '2030-02-01',
      to: addDays('2030-02-01', LOOKAHEAD_DAYS),
    });
    const w = summaryWindow(2026, 11, '2026-11-21');
    assert.equal(w.from, '2026-11-01');
    assert.equal(w.to, addDays('2026-11-21', LOOKAHEAD_DAYS));
    const past = summaryWindow(2020, 1, '2026-11-21');
    assert.equal(past.from, '2020-01-01');
    assert.equal(diffDays('2026-11-21', past.to), LOOKAHEAD_DAYS);
  });
});
