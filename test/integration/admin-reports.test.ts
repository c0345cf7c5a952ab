import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Accommodation } from '../../src/db/schema.ts';
import { claimNights } from '../../src/occupancy/night-ledger.ts';
import { eachDate } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { insertBooking, insertFeed, insertReservation, makeAccommodation } from '../support/factories.ts';
import { expectedReport, type ExpectedReport, type OracleInput } from '../support/occupancy-oracle.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The occupancy report through the admin API (docs/api.md#admin-reports), on the store
// TEST_DATABASE_URL selects, over bookings across the range's edges, blocks, imported stays,
// cancellations, live and lapsed card drafts and two currencies: every figure is matched against a
// night-by-night recomputation from the store's raw rows (test/support/occupancy-oracle.ts), and
// the key ones against numbers worked out by hand.

let t: TestApp;
let chalet: Accommodation;
let maison: Accommodation;
let studio: Accommodation;

const FROM = '2031-01-01';
const TO = '2032-01-01';
const CHALET_NAME = 'Chalet “Edelweiss”, Zermatt';
const MAISON_NAME = 'Maison Éloïse, "Vieux-Port"';

/** A booking with a fixed total and booking date (created 60 days before 12:00 UTC of its arrival, unless given). */
async function book(
  a: Accommodation,
  checkin: string,
  checkout: string,
  total: number,
  over: Parameters<typeof insertBooking>[2]['row'] & { status?: 'confirmed' | 'modified' | 'cancelled' | 'draft' } = {},
  holdExpiresAt?: string,
) {
  const { status = 'confirmed', ...row } = over;
  const created = new Date(Date.parse(`${checkin}T12:00:00Z`) - 60 * 86_400_000).toISOString();
  return insertBooking(t.ctx.db, a, {
    checkin,
    checkout,
    status,
    ...(holdExpiresAt === undefined ? {} : { holdExpiresAt }),
    row: { total, created_at: created, confirmed_at: status === 'draft' ? null : created, ...row },
  });
}

async function importStay(a: Accommodation, feed: string, start: string, end: string): Promise<void> {
  const { id: feedId } = await insertFeed(t.ctx.db, a.id, feed);
  const { id } = await insertReservation(t.ctx.db, feedId, a.id, {
    uid: `${feed}-${start}`,
    summary: 'Reserved',
    start,
    end,
  });
  const now = new Date().toISOString();
  await claimNights(
    t.ctx.db,
    { accommodationId: a.id, nights: eachDate(start, end), kind: 'external', externalReservationId: id },
    now,
  );
}

async function block(a: Accommodation, from: string, to: string): Promise<void> {
  const res = await t.admin('POST', `/admin/api/accommodations/${a.id}/blocks`, { from, to, reason: 'owner' });
  assert.equal(res.statusCode, 201, res.body);
}

before(async () => {
  t = await createTestApp();
  chalet = await makeAccommodation(t.ctx.db, { name: CHALET_NAME, timezone: 'Europe/Zurich' });
  maison = await makeAccommodation(t.ctx.db, { name: MAISON_NAME, currency: 'CHF' });
  studio = await makeAccommodation(t.ctx.db, { name: 'Studio', max_stay: 400 });
  const past = new Date(Date.now() - 3_600_000).toISOString();
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  // Chalet (EUR): a stay across the range's start (2 of its 5 nights in range), one across January
  // and February, one across the range's end, and one long stay of 100 nights.
  await book(chalet, '2030-12-29', '2031-01-03', 50001, { source: 'phone' });
  await book(chalet, '2031-01-30', '2031-02-02', 30000, { status: 'modified' });
  await book(chalet, '2031-12-30', '2032-01-02', 45000);
  await book(chalet, '2031-08-01', '2031-11-09', 1_000_000, { source: 'partner, “VIP”' });
  // A cancellation, a cancelled unpaid card draft, a live draft and one whose hold ran out.
  await book(chalet, '2031-03-10', '2031-03-12', 20000, { status: 'cancelled', cancel_reason: 'guest' });
  await book(chalet, '2031-05-01', '2031-05-03', 20000, { status: 'cancelled', confirmed_at: null });
  await book(chalet, '2031-04-01', '2031-04-03', 20000, { status: 'draft' }, soon);
  await book(chalet, '2031-04-10', '2031-04-12', 20000, { status: 'draft' }, past);
  await block(chalet, '2031-02-10', '2031-02-13');
  await importStay(chalet, 'airbnb', '2031-07-01', '2031-07-05');
  // Maison (CHF): a block across the range's start, a stay, an imported stay across the end.
  await block(maison, '2030-12-30', '2031-01-02');
  await book(maison, '2031-06-10', '2031-06-15', 77777);
  await importStay(maison, 'booking_com', '2031-12-30', '2032-01-03');
  // Studio (EUR): a stay that covers the whole range and more.
  await book(studio, '2030-12-01', '2032-01-05', 400_00);
});
after(async () => {
  await t.close();
});

/** The recomputation's input: every row of the store, unfiltered. */
async function everything(from: string, to: string, group: OracleInput['group']): Promise<OracleInput> {
  const db = t.ctx.db;
  return {
    from,
    to,
    group,
    accommodations: await db
      .selectFrom('accommodations')
      .select(['id', 'name', 'currency', 'timezone'])
      .orderBy('id')
      .execute(),
    bookings: await db
      .selectFrom('bookings')
      .select(['accommodation_id', 'status', 'source', 'checkin', 'checkout', 'total', 'created_at', 'confirmed_at'])
      .execute(),
    claims: (
      await db
        .selectFrom('night_claims as c')
        .leftJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
        .select(['c.accommodation_id', 'c.night', 'c.kind', 'r.kind as import_kind'])
        .execute()
    ).map(({ import_kind, ...c }) => ({ ...c, closed: import_kind === 'not_available' })),
    importedStays: await db
      .selectFrom('external_reservations as r')
      .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
      .select(['r.accommodation_id', 'f.name as source', 'r.start_date', 'r.end_date', 'r.kind', 'r.echo_of'])
      .execute(),
  };
}

async function report(query: string): Promise<ExpectedReport> {
  const res = await t.checkedRequest({
    method: 'GET',
    url: `/admin/api/reports/occupancy?${query}`,
    key: t.adminKey,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: ExpectedReport }>().data;
}

describe(`occupancy report (${testStoreKind})`, () => {
  test('by month: every figure matches the night-by-night recomputation from the raw rows', async () => {
    const data = await report(`from=${FROM}&to=${TO}&group=month`);
    assert.deepEqual(data, expectedReport(await everything(FROM, TO, 'month')));
    assert.equal(data.accommodations.length, 3);
    assert.equal(data.accommodations[0]?.periods?.length, 12);
  });

  test('the key figures, worked out by hand', async () => {
    const data = await report(`from=${FROM}&to=${TO}&group=month`);
    const [c, m, s] = data.accommodations;
    assert.ok(c !== undefined && m !== undefined && s !== undefined);
    assert.deepEqual([c.name, m.name, m.currency], [CHALET_NAME, MAISON_NAME, 'CHF']);
    // Chalet: 365 nights, 3 blocked; booked 2 + 3 + 2 + 100, imported 4.
    assert.deepEqual(
      [c.nights, c.nights_blocked, c.nights_available, c.nights_booked, c.nights_imported],
      [365, 3, 362, 107, 4],
    );
    // 500.01 over 5 nights: 100.00 × 4 + 100.01, the last two in range → 200.01. 300.00 over 3 →
    // 300.00. 450.00 over 3, two in range → 300.00. 10 000.00 over 100 → 10 000.00.
    assert.equal(c.revenue, 10_800.01);
    assert.equal(c.occupancy_rate, 0.3066); // 111 / 362 = 0.30662…
    assert.equal(c.adr, 100.93); // 10 800.01 / 107 = 100.934…
    assert.equal(c.revpar, 29.83); // 10 800.01 / 362 = 29.834…
    assert.equal(c.bookings, 4, 'three bookings and one imported stay arrive in the range');
    assert.equal(c.cancellations, 1, 'the unpaid card draft that was cancelled is not counted');
    assert.deepEqual(c.sources, [
      { source: 'direct', bookings: 2, cancellations: 1 },
      { source: 'airbnb', bookings: 1, cancellations: 0 },
      { source: 'partner, “VIP”', bookings: 1, cancellations: 0 },
    ]);
    assert.equal(c.avg_lead_time_days, 60);
    assert.equal(c.avg_length_of_stay, 27.5); // 3, 3, 100 and 4 nights
    const january = c.periods?.[0];
    const february = c.periods?.[1];
    assert.equal(january?.revenue, 400.01); // the first stay's last two nights, and 2 of 300.00's 3
    assert.equal(february?.revenue, 100);
    assert.equal(february?.nights_blocked, 3);
    const april = c.periods?.[3];
    assert.equal(april?.nights_booked, 0, 'card drafts, live or lapsed, book nothing');
    // Maison (CHF): 777.77 over 5 nights; its block's one night in range; the import's 2 nights in range.
    assert.deepEqual([m.revenue, m.nights_blocked, m.nights_imported, m.nights_booked], [777.77, 1, 2, 5]);
    assert.equal(m.bookings, 2, 'the imported stay arriving on 30 December is counted');
    // Studio: 400.00 over 400 nights, exactly 1.00 a night; 365 in range.
    assert.deepEqual([s.revenue, s.nights_booked, s.occupancy_rate, s.bookings], [365, 365, 1, 0]);
    assert.deepEqual(
      data.totals.map((x) => [x.currency, x.revenue, x.nights, x.nights_booked]),
      [
        ['CHF', 777.77, 365, 5],
        ['EUR', 11_165.01, 730, 472],
      ],
    );
  });

  test('by year, without grouping, for one accommodation, and over ranges cut anywhere', async () => {
    for (const [from, to, group] of [
      [FROM, TO, 'year'],
      ['2030-12-31', '2031-01-02', null],
      ['2031-01-31', '2033-03-01', 'year'],
      ['2031-02-11', '2031-02-12', 'month'],
    ] as const) {
      const query = `from=${from}&to=${to}${group === null ? '' : `&group=${group}`}`;
      assert.deepEqual(await report(query), expectedReport(await everything(from, to, group)), query);
    }
    const one = await report(`from=${FROM}&to=${TO}&accommodation_id=${maison.id}`);
    assert.deepEqual(
      one.accommodations.map((a) => a.id),
      [maison.id],
    );
    assert.deepEqual(
      one.totals.map((x) => [x.currency, x.revenue]),
      [['CHF', 777.77]],
    );
    assert.equal(one.accommodations[0]?.periods, undefined, 'no periods without a grouping');
  });

  test('a range that is not a real one is a 400 naming the parameter, an unknown accommodation a 404', async () => {
    const cases: [string, number, string, string][] = [
      ['from=2031-02-30&to=2031-03-01', 400, 'from', 'invalid_date'],
      ['from=2031-03-01&to=2031-03-01', 400, 'to', 'invalid_range'],
      ['from=2031-03-01&to=2031-02-01', 400, 'to', 'invalid_range'],
      ['from=2031-01-01&to=2036-01-03', 400, 'to', 'range_too_long'],
      ['from=2031-01-01', 400, 'to', 'missing'],
      ['from=2031-01-01&to=2031-02-01&group=week', 400, 'group', 'invalid_enum'],
      ['from=2031-01-01&to=2031-02-01&sort=name', 400, 'sort', 'unknown_parameter'],
      ['from=2031-01-01&to=2031-02-01&accommodation_id=987654', 404, 'accommodation_id', 'accommodation_not_found'],
    ];
    for (const [query, status, parameter, reason] of cases) {
      for (const path of ['occupancy', 'occupancy.csv']) {
        const res = await t.checkedRequest({
          method: 'GET',
          url: `/admin/api/reports/${path}?${query}`,
          key: t.adminKey,
        });
        const body = assertErrorEnvelope(res, status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
        assert.equal(body.error.details.reason, reason, `${path}?${query}: ${res.body}`);
        assert.equal(body.error.details.parameter, parameter, `${path}?${query}`);
      }
    }
    const fiveYears = await report('from=2031-01-01&to=2036-01-02');
    assert.equal(fiveYears.accommodations[0]?.nights, 1827, 'five years, leap days included, are allowed');
  });

  test('the CSV parses back with a CSV library: BOM, header, names with commas, quotes and accents intact', async () => {
    const query = `from=${FROM}&to=${TO}&group=month`;
    const res = await t.checkedRequest({
      method: 'GET',
      url: `/admin/api/reports/occupancy.csv?${query}`,
      key: t.adminKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="occupancy-2031-01-01-2032-01-01\.csv"$/,
    );
    const bytes = res.rawPayload;
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte order mark');
    assert.ok(res.body.includes('\r\n'), 'CRLF between records');
    const rows = parse<Record<string, string>>(bytes, { bom: true, columns: true });
    const json = expectedReport(await everything(FROM, TO, 'month'));
    // 12 months × (3 accommodations + 2 currency totals)
    assert.equal(rows.length, 12 * 5);
    const names = new Set(rows.filter((r) => r.row === 'accommodation').map((r) => r.accommodation));
    assert.deepEqual([...names], [CHALET_NAME, MAISON_NAME, 'Studio']);
    for (const row of rows) {
      const source =
        row.row === 'accommodation'
          ? json.accommodations.find((a) => String(a.id) === row.accommodation_id)
          : json.totals.find((x) => x.currency === row.currency);
      const period = source?.periods?.find((p) => p.period === row.period);
      assert.ok(period !== undefined, JSON.stringify(row));
      assert.equal(row.from, period.from);
      assert.equal(row.to, period.to);
      for (const field of [
        'nights',
        'nights_blocked',
        'nights_available',
        'nights_booked',
        'nights_imported',
        'occupancy_rate',
        'revenue',
        'adr',
        'revpar',
        'bookings',
        'cancellations',
        'avg_lead_time_days',
        'avg_length_of_stay',
      ] as const) {
        assert.equal(Number(row[field]), period[field], `${row.row} ${row.accommodation} ${row.period} ${field}`);
      }
    }
    const january = rows.find((r) => r.accommodation === CHALET_NAME && r.period === '2031-01');
    assert.equal(january?.revenue, '400.01', 'amounts are written with every decimal of the currency');
    assert.equal(
      rows.find((r) => r.row === 'total' && r.currency === 'CHF' && r.period === '2031-06')?.revenue,
      '777.77',
    );
    const whole = parse<Record<string, string>>(
      (await t.admin('GET', `/admin/api/reports/occupancy.csv?from=${FROM}&to=${TO}`)).rawPayload,
      {
        bom: true,
        columns: true,
      },
    );
    assert.deepEqual(
      whole.map((r) => [r.row, r.period, r.from, r.to, r.accommodation, r.currency, r.revenue]),
      [
        ['accommodation', '', FROM, TO, CHALET_NAME, 'EUR', '10800.01'],
        ['accommodation', '', FROM, TO, MAISON_NAME, 'CHF', '777.77'],
        ['accommodation', '', FROM, TO, 'Studio', 'EUR', '365.00'],
        ['total', '', FROM, TO, '', 'CHF', '777.77'],
        ['total', '', FROM, TO, '', 'EUR', '11165.01'],
      ],
    );
  });
});
