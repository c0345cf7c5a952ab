import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { buildOccupancyReport, type ReportClaimCount, type ReportInput } from '../../src/reports/occupancy-report.ts';
import { reportJson } from '../../src/reports/report-json.ts';
import { monthsOf, periodsOf } from '../../src/reports/report-periods.ts';
import { revenueOfNights, spreadTotal } from '../../src/reports/revenue-spread.ts';
import { fixedText } from '../../src/reports/report-figures.ts';
import { addDays } from '../../src/shared/dates.ts';
import { expectedReport, type OracleInput } from '../support/occupancy-oracle.ts';

/** The claim counts the repository reads: nights of the range per accommodation, month and kind. */
function claimCounts(input: OracleInput): ReportClaimCount[] {
  const counts = new Map<string, ReportClaimCount>();
  for (const c of input.claims) {
    if (c.night < input.from || c.night >= input.to || (c.kind !== 'block' && c.kind !== 'external')) continue;
    const kind = c.closed === true ? 'block' : c.kind;
    const key = `${c.accommodation_id} ${c.night.slice(0, 7)} ${kind}`;
    const entry = counts.get(key) ?? {
      accommodation_id: c.accommodation_id,
      month: c.night.slice(0, 7),
      kind,
      nights: 0,
    };
    entry.nights += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

function domainInput(input: OracleInput): ReportInput {
  return {
    from: input.from,
    to: input.to,
    group: input.group,
    accommodations: input.accommodations,
    bookings: input.bookings.map((b) => ({
      accommodation_id: b.accommodation_id,
      status: b.status as 'confirmed',
      source: b.source,
      checkin: b.checkin,
      checkout: b.checkout,
      revenue: b.total,
      booked_at: Math.floor(Date.parse(b.created_at) / 1000),
      was_confirmed: b.confirmed_at !== null,
    })),
    claims: claimCounts(input),
    // What the repository reads: stays of their own (reportImportedStaysQuery) arriving in the range.
    importedStays: input.importedStays.filter(
      (s) =>
        s.kind !== 'not_available' &&
        (s.echo_of ?? null) === null &&
        s.start_date >= input.from &&
        s.start_date < input.to,
    ),
  };
}

const report = (input: OracleInput) => reportJson(buildOccupancyReport(domainInput(input)));

describe('a booking spread over its nights', () => {
  test('100.00 over 3 nights is 33.33, 33.33 and 33.34', () => {
    const spread = spreadTotal(10000, 3);
    assert.deepEqual(spread, { nights: 3, perNight: 3333, lastNight: 3334 });
    assert.equal(revenueOfNights(spread, 0, 1), 3333);
    assert.equal(revenueOfNights(spread, 2, 3), 3334);
    assert.equal(revenueOfNights(spread, 1, 3), 6667);
    assert.equal(revenueOfNights(spread, 0, 3), 10000);
    assert.equal(revenueOfNights(spread, 1, 1), 0);
  });

  test('a half rounds away from zero, the last night takes what remains', () => {
    assert.deepEqual(spreadTotal(5, 2), { nights: 2, perNight: 3, lastNight: 2 }); // 2.5 → 3
    assert.deepEqual(spreadTotal(2, 4), { nights: 4, perNight: 1, lastNight: -1 }); // 0.5 → 1
    assert.deepEqual(spreadTotal(-5, 2), { nights: 2, perNight: -3, lastNight: -2 });
    assert.deepEqual(spreadTotal(0, 7), { nights: 7, perNight: 0, lastNight: 0 });
  });

  test('nights that are not the stay’s are refused', () => {
    assert.throws(() => spreadTotal(100, 0), RangeError);
    assert.throws(() => revenueOfNights(spreadTotal(100, 2), 1, 3), RangeError);
    assert.throws(() => revenueOfNights(spreadTotal(100, 2), 2, 1), RangeError);
  });

  test('property: the nights of any cut of a stay add up to its total, each night within one minor unit of the rest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 3650 }),
        fc.nat(),
        (total, nights, seed) => {
          const spread = spreadTotal(total, nights);
          const cut = seed % (nights + 1);
          assert.equal(revenueOfNights(spread, 0, cut) + revenueOfNights(spread, cut, nights), total);
          assert.ok(Math.abs(spread.perNight * nights - total) * 2 <= nights, 'each share is total / nights rounded');
        },
      ),
    );
  });
});

describe('the periods of a range', () => {
  test('months cut to the range; years made of their months', () => {
    const months = monthsOf('2027-11-15', '2029-01-10');
    assert.equal(months.length, 15);
    assert.deepEqual(months[0], { key: '2027-11', from: '2027-11-15', to: '2027-12-01' });
    assert.deepEqual(months.at(-1), { key: '2029-01', from: '2029-01-01', to: '2029-01-10' });
    const years = periodsOf(months, 'year').map((y) => y.period);
    assert.deepEqual(years, [
      { key: '2027', from: '2027-11-15', to: '2028-01-01' },
      { key: '2028', from: '2028-01-01', to: '2029-01-01' },
      { key: '2029', from: '2029-01-01', to: '2029-01-10' },
    ]);
    assert.deepEqual(monthsOf('2027-02-01', '2027-02-01'), []);
  });
});

describe('figures written out for a CSV', () => {
  test('every place is written, signs and small values included', () => {
    assert.equal(fixedText({ value: 7500, decimals: 4 }), '0.7500');
    assert.equal(fixedText({ value: 123450, decimals: 2 }), '1234.50');
    assert.equal(fixedText({ value: -5, decimals: 2 }), '-0.05');
    assert.equal(fixedText({ value: 1200, decimals: 0 }), '1200');
  });
});

const EUR_HOME = { id: 1, name: 'Chalet', currency: 'EUR', timezone: 'Europe/Zurich' };
const CHF_HOME = { id: 2, name: 'Studio, “Zürich”', currency: 'CHF', timezone: 'UTC' };
const booking = (over: Partial<OracleInput['bookings'][number]>): OracleInput['bookings'][number] => ({
  accommodation_id: 1,
  status: 'confirmed',
  source: 'direct',
  checkin: '2030-01-10',
  checkout: '2030-01-13',
  total: 10000,
  created_at: '2029-12-01T10:00:00.000Z',
  confirmed_at: '2029-12-01T10:00:00.000Z',
  ...over,
});

describe('the occupancy report', () => {
  const worked: OracleInput = {
    from: '2030-01-01',
    to: '2030-03-01',
    group: 'month',
    accommodations: [EUR_HOME, CHF_HOME],
    bookings: [
      // Crosses the start: 2 of its 4 nights are in range.
      booking({ checkin: '2029-12-30', checkout: '2030-01-03', total: 10001, source: 'phone' }),
      // Crosses January into February: 3 nights in each month.
      booking({ checkin: '2030-01-29', checkout: '2030-02-04', total: 10000 }),
      // Crosses the end: its last night is out of range.
      booking({ checkin: '2030-02-27', checkout: '2030-03-02', total: 30000, status: 'modified' }),
      // Cancelled after it was confirmed: a cancellation, no nights.
      booking({ checkin: '2030-01-20', checkout: '2030-01-22', status: 'cancelled' }),
      // A card draft, live or lapsed, and one cancelled unpaid: none counts.
      booking({ checkin: '2030-01-05', checkout: '2030-01-07', status: 'draft', confirmed_at: null }),
      booking({ checkin: '2030-01-24', checkout: '2030-01-26', status: 'cancelled', confirmed_at: null }),
      // CHF: 3 nights, 450.00.
      booking({ accommodation_id: 2, checkin: '2030-02-10', checkout: '2030-02-13', total: 45000 }),
    ],
    claims: [
      { accommodation_id: 1, night: '2030-01-15', kind: 'block' },
      { accommodation_id: 1, night: '2030-01-16', kind: 'block' },
      { accommodation_id: 1, night: '2030-02-20', kind: 'external' },
      { accommodation_id: 1, night: '2030-02-21', kind: 'external' },
      { accommodation_id: 1, night: '2029-12-31', kind: 'block' }, // before the range
    ],
    importedStays: [{ accommodation_id: 1, source: 'airbnb', start_date: '2030-02-20', end_date: '2030-02-22' }],
  };

  test('a worked example, to the cent', () => {
    const r = report(worked);
    const eur = r.accommodations[0];
    assert.ok(eur !== undefined);
    assert.equal(eur.nights, 31 + 28);
    assert.equal(eur.nights_blocked, 2);
    assert.equal(eur.nights_available, 57);
    assert.equal(eur.nights_booked, 2 + 6 + 2);
    assert.equal(eur.nights_imported, 2);
    // 100.01 over 4 nights is 25.00 × 3 + 25.01, its last two in range: 50.01. 100.00 over 6 is
    // 16.67 × 5 + 16.65: 50.01 in January, 49.99 in February. 300.00 over 3, two in range: 200.00.
    assert.equal(eur.revenue, 350.01);
    assert.equal(eur.occupancy_rate, 0.2105); // 12 / 57 = 0.21052…
    assert.equal(eur.adr, 35); // 350.01 / 10 = 35.001
    assert.equal(eur.revpar, 6.14); // 350.01 / 57 = 6.1405…
    assert.equal(eur.bookings, 3, 'two bookings and one imported stay arrive in the range');
    assert.equal(eur.cancellations, 1, 'the unpaid card draft that was cancelled is no cancellation');
    assert.deepEqual(eur.sources, [
      { source: 'direct', bookings: 2, cancellations: 1 },
      { source: 'airbnb', bookings: 1, cancellations: 0 },
    ]);
    assert.equal(eur.avg_lead_time_days, 73.5); // 59 and 88 days, booked on 1 December in Zurich
    assert.equal(eur.avg_length_of_stay, 3.67); // 6, 3 and 2 nights
    const [january, february] = eur.periods ?? [];
    assert.deepEqual([january?.period, january?.from, january?.to], ['2030-01', '2030-01-01', '2030-02-01']);
    assert.equal(january?.revenue, 100.02);
    assert.equal(february?.revenue, 249.99);
    assert.deepEqual(
      r.totals.map((t) => [t.currency, t.revenue, t.nights_booked, t.nights]),
      [
        ['CHF', 450, 3, 59],
        ['EUR', 350.01, 10, 59],
      ],
    );
    assert.deepEqual(r, expectedReport(worked), 'the plain recomputation agrees');
  });

  test('by year and without grouping, the same sums', () => {
    const byYear = report({ ...worked, group: 'year' });
    assert.deepEqual(
      byYear.accommodations[0]?.periods?.map((p) => [p.period, p.revenue]),
      [['2030', 350.01]],
    );
    const whole = report({ ...worked, group: null });
    assert.equal(whole.accommodations[0]?.periods, undefined);
    assert.equal(whole.accommodations[0]?.revenue, 350.01);
  });

  test('lead time is counted from the booking date where the home is', () => {
    // Booked at 23:30 UTC on 9 January: already 10 January in Zurich, so a lead time of 0 days.
    const late = booking({ created_at: '2030-01-09T23:30:00.000Z' });
    const r = report({ ...worked, group: null, bookings: [late], claims: [], importedStays: [] });
    assert.equal(r.accommodations[0]?.avg_lead_time_days, 0);
    const utc = report({
      ...worked,
      group: null,
      accommodations: [{ ...EUR_HOME, timezone: 'UTC' }],
      bookings: [late],
      claims: [],
      importedStays: [],
    });
    assert.equal(utc.accommodations[0]?.avg_lead_time_days, 1);
  });
});

const ZONES = ['UTC', 'Europe/Zurich', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kathmandu'];
const CURRENCIES = ['EUR', 'CHF', 'JPY', 'KWD'];
const STATUSES = ['confirmed', 'modified', 'cancelled', 'draft'];
const SOURCES = ['direct', 'phone', 'partner, “quoted”'];
const DAY = 86_400_000;

/** Any range of up to two years from 2027 to 2030, with stays, blocks and imports in, around and across it. */
const anyReport: fc.Arbitrary<OracleInput> = fc
  .record({
    start: fc.integer({ min: 0, max: 1200 }),
    span: fc.integer({ min: 1, max: 800 }),
    group: fc.constantFrom('month' as const, 'year' as const, null),
    homes: fc.array(fc.record({ currency: fc.constantFrom(...CURRENCIES), timezone: fc.constantFrom(...ZONES) }), {
      minLength: 1,
      maxLength: 4,
    }),
  })
  .chain(({ start, span, group, homes }) => {
    const from = addDays('2027-01-01', start);
    const to = addDays(from, span);
    const home = fc.integer({ min: 1, max: homes.length });
    const dayAround = fc.integer({ min: -100, max: span + 60 }).map((n) => addDays(from, n));
    const total = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 1_000_000_000 }));
    const stay = fc.record({
      accommodation_id: home,
      status: fc.constantFrom(...STATUSES),
      source: fc.constantFrom(...SOURCES),
      checkin: dayAround,
      nights: fc.integer({ min: 1, max: 120 }),
      total,
      bookedBefore: fc.integer({ min: -3 * DAY, max: 400 * DAY }),
      confirmed: fc.boolean(),
    });
    return fc.record({
      from: fc.constant(from),
      to: fc.constant(to),
      group: fc.constant(group),
      accommodations: fc.constant(homes.map((h, i) => ({ id: i + 1, name: `Home ${i + 1}`, ...h }))),
      bookings: fc.array(
        stay.map((s) => ({
          accommodation_id: s.accommodation_id,
          status: s.status,
          source: s.source,
          checkin: s.checkin,
          checkout: addDays(s.checkin, s.nights),
          total: s.total,
          created_at: new Date(Date.parse(`${s.checkin}T12:00:00Z`) - s.bookedBefore).toISOString(),
          confirmed_at: s.confirmed || s.status === 'confirmed' ? '2026-12-01T00:00:00.000Z' : null,
        })),
        { maxLength: 25 },
      ),
      claims: fc.uniqueArray(
        fc.record({
          accommodation_id: home,
          night: dayAround,
          kind: fc.constantFrom('block', 'external', 'booking'),
          closed: fc.boolean(),
        }),
        { maxLength: 60, selector: (c) => `${c.accommodation_id} ${c.night}` },
      ),
      importedStays: fc.array(
        fc
          .record({
            accommodation_id: home,
            source: fc.constantFrom('airbnb', 'booking_com'),
            start: dayAround,
            kind: fc.constantFrom('reserved', 'not_available'),
            echo_of: fc.constantFrom(null, 'booking:1'),
          })
          .chain((s) =>
            fc.integer({ min: 1, max: 30 }).map((n) => ({
              accommodation_id: s.accommodation_id,
              source: s.source,
              start_date: s.start,
              end_date: addDays(s.start, n),
              kind: s.kind,
              echo_of: s.echo_of,
            })),
          ),
        { maxLength: 8 },
      ),
    });
  });

describe('property: the report matches a plain night-by-night recomputation', () => {
  test('every figure of every accommodation, currency and period', () => {
    fc.assert(
      fc.property(anyReport, (input) => {
        assert.deepEqual(report(input), expectedReport(input));
      }),
      { numRuns: 300 },
    );
  });

  test('periods add up to the range, accommodations to their currency', () => {
    fc.assert(
      fc.property(anyReport, (input) => {
        const r = report({ ...input, group: input.group ?? 'month' });
        for (const row of [...r.accommodations, ...r.totals]) {
          const periods = row.periods ?? [];
          for (const field of ['nights', 'nights_booked', 'nights_blocked', 'bookings', 'cancellations'] as const) {
            assert.equal(
              periods.reduce((sum, p) => sum + p[field], 0),
              row[field],
              field,
            );
          }
          assert.equal(periods[0]?.from, input.from);
          assert.equal(periods.at(-1)?.to, input.to);
        }
        for (const total of r.totals) {
          const members = r.accommodations.filter((a) => a.currency === total.currency);
          assert.equal(
            members.reduce((sum, a) => sum + a.nights_booked, 0),
            total.nights_booked,
          );
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('the last supported month', () => {
  test('a range ending in December 9999 has its months', () => {
    assert.deepEqual(monthsOf('9999-11-20', '9999-12-31').at(-1), {
      key: '9999-12',
      from: '9999-12-01',
      to: '9999-12-31',
    });
  });
});
