import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Accommodation } from '../../src/db/schema.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's Reports page (/admin/reports): the range and grouping chosen with a form (this
// year by month unless chosen), totals per currency and per accommodation, a bar chart per
// currency drawn as SVG that assistive technology reads as one image with its numbers, the same
// numbers as a table, and the report as a CSV download through the session.

let t: TestApp;
let host: ConsoleClient;
let chalet: Accommodation;

before(async () => {
  t = await createTestApp();
  host = await signIn(t);
  chalet = await makeAccommodation(t.ctx.db, { name: 'Chalet <Edelweiss>, “Zermatt”' });
  const loft = await makeAccommodation(t.ctx.db, { name: 'Loft', currency: 'CHF' });
  // 300.00 over 3 nights, two of them in March 2031; 777.77 over 5 nights in June.
  await insertBooking(t.ctx.db, chalet, { checkin: '2031-03-30', checkout: '2031-04-02', row: { total: 30000 } });
  await insertBooking(t.ctx.db, loft, { checkin: '2031-06-10', checkout: '2031-06-15', row: { total: 77777 } });
});
after(async () => {
  await t.close();
});

/** The text of a page without its markup, spaces collapsed. */
const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe(`console reports page (${testStoreKind})`, () => {
  test('opens on this year by month: the form, the CSV link, two charts per currency', async () => {
    const year = Number(todayIn('UTC').slice(0, 4));
    const res = await host.get('/admin/reports');
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.match(res.body, new RegExp(`<input id="f-from" name="from" type="date" value="${year}-01-01" required>`));
    assert.match(res.body, new RegExp(`<input id="f-to" name="to" type="date" value="${year + 1}-01-01" required>`));
    assert.match(res.body, /<option value="month" selected>Month<\/option>/);
    assert.match(
      res.body,
      new RegExp(`href="/admin/reports\\?from=${year}-01-01&amp;to=${year + 1}-01-01&amp;group=month&amp;format=csv"`),
    );
    for (const currency of ['eur', 'chf']) {
      for (const chart of ['occupancy', 'revenue']) {
        const id = `chart-${currency}-${chart}`;
        assert.match(res.body, new RegExp(`<svg class="chart" role="img" aria-labelledby="${id}-title ${id}-desc"`));
        assert.match(res.body, new RegExp(`<title id="${id}-title">`));
      }
    }
    assert.equal((res.body.match(/<rect class="chart-bar"/g) ?? []).length, 4 * 12, 'twelve bars per chart');
  });

  test('the figures of a range, in the charts (read out by their description) and in the tables beside them', async () => {
    const res = await host.get('/admin/reports?from=2031-01-01&to=2032-01-01');
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.match(res.body, /<desc id="chart-chf-revenue-desc">[^<]*Jun 2031: CHF\s777\.77/);
    assert.match(res.body, /<desc id="chart-eur-revenue-desc">[^<]*Mar 2031: €200\.00; Apr 2031: €100\.00/);
    assert.match(res.body, /<desc id="chart-eur-occupancy-desc">[^<]*Mar 2031: 6\.5%; Apr 2031: 3\.3%/);
    const page = text(res.body);
    assert.match(page, /Mar 2031 6\.5% €200\.00 2 0 €100\.00 €6\.45 1 0/, 'the month in the table beside the charts');
    assert.match(page, /CHF 365 5 0 1\.4% CHF 777\.77 CHF 155\.55 CHF 2\.13 1 0 /, 'the CHF total');
    assert.match(page, /Source Bookings Cancellations direct 1 0/);
    assert.ok(res.body.includes('Chalet &lt;Edelweiss&gt;, “Zermatt”'), 'names are escaped');
  });

  test('a range, a grouping and an accommodation chosen with the form', async () => {
    const res = await host.get(`/admin/reports?from=2031-03-15&to=2033-01-01&group=year&accommodation=${chalet.id}`);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.match(res.body, /<option value="year" selected>Year<\/option>/);
    assert.match(res.body, new RegExp(`<option value="${chalet.id}" selected>`));
    assert.match(res.body, /<desc id="chart-eur-revenue-desc">2031: €300\.00; 2032: €0\.00<\/desc>/);
    assert.doesNotMatch(res.body, /chart-chf/, 'only the chosen accommodation’s currency');
  });

  test('the CSV download goes through the session and parses back', async () => {
    const res = await host.get('/admin/reports?from=2031-01-01&to=2032-01-01&group=month&format=csv');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(
      String(res.headers['content-disposition']),
      /attachment; filename="occupancy-2031-01-01-2032-01-01\.csv"/,
    );
    const rows = parse<Record<string, string>>(res.rawPayload, { bom: true, columns: true });
    const march = rows.find((r) => r.accommodation === 'Chalet <Edelweiss>, “Zermatt”' && r.period === '2031-03');
    assert.equal(march?.revenue, '200.00');
    assert.equal(
      rows.find((r) => r.row === 'total' && r.currency === 'CHF' && r.period === '2031-06')?.revenue,
      '777.77',
    );
    const signedOut = await t.app.inject({ method: 'GET', url: '/admin/reports?format=csv' });
    assert.equal(signedOut.statusCode, 303, 'no download without a session');
  });

  test('a range that is not one answers a page saying why; an unknown accommodation a 404 page', async () => {
    const backwards = await host.get('/admin/reports?from=2031-05-01&to=2031-04-01');
    assert.equal(backwards.statusCode, 400);
    assert.match(backwards.body, /must be later than/);
    const long = await host.get('/admin/reports?from=2031-01-01&to=2040-01-01');
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /at most 1827 nights/);
    const unknown = await host.get('/admin/reports?accommodation=987654');
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.body, /<main id="main"/);
  });

  test('with no accommodation yet the page says so', async () => {
    const empty = await createTestApp();
    try {
      const res = await (await signIn(empty)).get('/admin/reports');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /No accommodations yet\./);
    } finally {
      await empty.close();
    }
  });
});
