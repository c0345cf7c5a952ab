import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { insertBooking, insertFeed, insertReservation, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Stays imported from channel calendars in the console, beside the bookings, on the store
// TEST_DATABASE_URL selects: Today's arrivals and departures and the Bookings list name their
// channel.

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

describe(`imported stays in the console (${testStoreKind})`, () => {
  test('Today lists an imported stay arriving and leaving this week with its channel', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Dune House' });
    const feed = await insertFeed(t.ctx.db, a.id, 'airbnb');
    const start = addDays(todayIn('UTC'), 2);
    await insertReservation(t.ctx.db, feed.id, a.id, {
      uid: 'today-1',
      summary: 'Reserved by Jan',
      start,
      end: addDays(start, 3),
    });
    await insertReservation(t.ctx.db, feed.id, a.id, {
      uid: 'later-1',
      summary: 'Far away stay',
      start: addDays(start, 30),
      end: addDays(start, 33),
    });
    const page = (await host.get('/admin')).body;
    const [arrivals, rest] = page.split('<h2>Balances to collect on arrival</h2>');
    const departures = rest?.split('<h2>Departures</h2>')[1]?.split('<h2>Card drafts')[0] ?? '';
    assert.match(arrivals ?? '', /Reserved by Jan<\/a>/);
    assert.match(arrivals ?? '', /Imported from airbnb/);
    assert.match(departures, /Reserved by Jan<\/a>/, 'it leaves within the week too');
    assert.doesNotMatch(page, /Far away stay/, 'not one arriving later');
  });

  test('the Bookings list shows imported stays with their channel, but not under a status filter', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Pine Cabin' });
    const feed = await insertFeed(t.ctx.db, a.id, 'booking_com');
    const start = addDays(todayIn('UTC'), 50);
    await insertReservation(t.ctx.db, feed.id, a.id, {
      uid: 'list-1',
      summary: 'CLOSED - Guest Vega',
      start,
      end: addDays(start, 2),
    });
    const own = await insertBooking(t.ctx.db, a, { checkin: addDays(start, 5), checkout: addDays(start, 7) });
    const list = (await host.get(`/admin/bookings?accommodation=${a.id}&sort=arrival`)).body;
    assert.match(list, /CLOSED - Guest Vega/);
    assert.match(list, /Imported from booking_com/);
    assert.ok(
      list.indexOf('CLOSED - Guest Vega') < list.indexOf(own.confirmation_code),
      'sorted by arrival with the bookings',
    );
    const found = (await host.get('/admin/bookings?q=vega')).body;
    assert.match(found, /CLOSED - Guest Vega/, 'found by its summary');
    const csv = await host.get(`/admin/bookings?accommodation=${a.id}&sort=arrival&format=csv`);
    assert.match(csv.body, /,imported,Pine Cabin,CLOSED - Guest Vega,/, 'the download has the same rows');
    assert.match(csv.body, new RegExp(own.confirmation_code));
    const confirmed = (await host.get(`/admin/bookings?accommodation=${a.id}&status=confirmed`)).body;
    assert.doesNotMatch(confirmed, /Guest Vega/);
    assert.match(confirmed, new RegExp(own.confirmation_code));
  });
});
