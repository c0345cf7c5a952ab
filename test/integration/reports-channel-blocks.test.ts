import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import {
  insertBooking,
  insertFeed,
  insertImportedStay,
  insertReservation,
  makeAccommodation,
} from '../support/factories.ts';
import { expectedReport, type ExpectedReport } from '../support/occupancy-oracle.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// A channel's calendar carries stays and nights the host closed ("Airbnb (Not available)"): the
// closed nights are blocked nights, neither occupancy nor a booking, in the report's JSON, its
// CSV and the console's Reports page; an echo of one of our own stays is not counted twice; and
// the Bookings page lists the same imported stays the report counts.

const FROM = '2034-03-01';
const TO = '2034-05-01';

let t: TestApp;
let host: ConsoleClient;
let home: Accommodation;

before(async () => {
  t = await createTestApp();
  host = await signIn(t);
  home = await makeAccommodation(t.ctx.db, { name: 'Feed Cottage' });
  await insertBooking(t.ctx.db, home, { checkin: '2034-03-06', checkout: '2034-03-08', row: { total: 20000 } });
  await insertImportedStay(t.ctx.db, home.id, 'Airbnb', {
    summary: 'Reserved',
    start: '2034-03-02',
    end: '2034-03-05',
  });
  await insertImportedStay(t.ctx.db, home.id, 'Airbnb', {
    summary: 'Airbnb (Not available)',
    start: '2034-03-10',
    end: '2034-03-20',
  });
  // Our own booking as the channel shows it back (src/ical/echoes.ts): no nights of its own.
  const feed = await insertFeed(t.ctx.db, home.id, 'Airbnb');
  const echo = await insertReservation(t.ctx.db, feed.id, home.id, {
    uid: 'echo-1',
    summary: 'Reserved',
    start: '2034-03-06',
    end: '2034-03-08',
  });
  await t.ctx.db.updateTable('external_reservations').set({ echo_of: 'booking:1' }).where('id', '=', echo.id).execute();
});
after(async () => {
  await t.close();
});

async function report(): Promise<ExpectedReport> {
  const res = await t.checkedRequest({
    method: 'GET',
    url: `/admin/api/reports/occupancy?from=${FROM}&to=${TO}&accommodation_id=${home.id}`,
    key: t.adminKey,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: ExpectedReport }>().data;
}

describe(`nights a channel closed in reports (${testStoreKind})`, () => {
  test('closed nights are blocked, not imported; only the stay is a booking of the channel', async () => {
    const data = await report();
    const row = data.accommodations[0];
    assert.ok(row !== undefined);
    assert.deepEqual(
      [row.nights, row.nights_blocked, row.nights_available, row.nights_booked, row.nights_imported],
      [61, 10, 51, 2, 3],
    );
    assert.equal(row.occupancy_rate, 0.098); // (2 + 3) / 51 = 0.09803…
    assert.equal(row.bookings, 2, 'the direct booking and the Airbnb stay; not the closed nights, not the echo');
    assert.deepEqual(row.sources, [
      { source: 'Airbnb', bookings: 1, cancellations: 0 },
      { source: 'direct', bookings: 1, cancellations: 0 },
    ]);
    assert.equal(row.avg_length_of_stay, 2.5);
  });

  test('the report matches the night-by-night recomputation from the raw rows', async () => {
    const db = t.ctx.db;
    const expected = expectedReport({
      from: FROM,
      to: TO,
      group: null,
      accommodations: [{ id: home.id, name: home.name, currency: home.currency, timezone: home.timezone }],
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
      ).map((c) => ({ ...c, closed: c.import_kind === 'not_available' })),
      importedStays: await db
        .selectFrom('external_reservations as r')
        .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
        .select(['r.accommodation_id', 'f.name as source', 'r.start_date', 'r.end_date', 'r.kind', 'r.echo_of'])
        .execute(),
    });
    assert.deepEqual(await report(), expected);
  });

  test('the Bookings page lists the stays the report counts, and the Reports page says the same', async () => {
    const data = await report();
    const row = data.accommodations[0];
    const list = await host.get(`/admin/bookings?accommodation=${home.id}&from=${FROM}&to=${TO}`);
    assert.equal(list.statusCode, 200);
    const rows = list.body.match(/<tr><td data-label="Code">/g) ?? [];
    const imported = list.body.match(/status-imported/g) ?? [];
    assert.equal(rows.length, row?.bookings, 'as many rows as the report counts bookings');
    assert.equal(imported.length, row?.sources.find((s) => s.source === 'Airbnb')?.bookings);
    assert.doesNotMatch(list.body, /Not available/);

    const page = await host.get(`/admin/reports?from=${FROM}&to=${TO}&accommodation=${home.id}`);
    assert.equal(page.statusCode, 200);
    const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.match(text, /Airbnb 1 0/, 'one Airbnb booking, no cancellation');
  });
});
