import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { bookingBody, insertBooking, insertFeed, insertReservation, makeAccommodation } from '../support/factories.ts';
import { announcementsSettled } from '../support/announcements.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The month calendar is answered from memory (src/calendar/month-memory.ts) and read again from
// the store whenever something it shows changes, whatever code path changed it: announced by the
// triggers of migrations 0007 and 0012 (SQLite: during the change; PostgreSQL: by NOTIFY once it
// commits, hence the wait for the announcements to settle), or applied at once by the process
// that made the change. A long TTL shows the answers do not wait for it.

let t: TestApp;
before(async () => {
  t = await createTestApp({ STAYDESK_CACHE_TTL_MS: '60000' });
});
after(async () => {
  await t.close();
});

interface Entry {
  id: number;
  title: string;
  notes: string;
  source: string;
  confirmation_code: string;
  guest_count: number;
}
interface Month {
  accommodation_name: string;
  bookings: Entry[];
  daily_prices: Record<string, number>;
  blocked_dates: string[];
}

/** A month well ahead, so that no test's stays meet today. */
const YEAR = Number(todayIn('UTC').slice(0, 4)) + 2;
const FIRST = `${String(YEAR)}-05-01`;
const stay = (from: number, nights: number) => ({
  checkin: addDays(FIRST, from),
  checkout: addDays(FIRST, from + nights),
});

/** The month as `key` reads it; by default the host's view (an admin key), which shows every stay in full. */
async function calendar(accommodationId: number, key = t.adminKey): Promise<Month> {
  const res = await t.checkedRequest({
    method: 'POST',
    url: `${t.v1}/calendar`,
    payload: { accommodation_id: accommodationId, year: YEAR, month: 5 },
    key,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Month }>().data;
}

function monthStats() {
  return { ...t.ctx.caches.months.stats };
}

/**
 * Once every change so far is announced (at once on SQLite, by NOTIFY on PostgreSQL), the calendar
 * shows what `check` looks for.
 */
async function seen(what: string, accommodationId: number, check: (m: Month) => boolean): Promise<void> {
  await announcementsSettled(t.ctx);
  const month = await calendar(accommodationId);
  assert.ok(check(month), `${what}: ${JSON.stringify(month)}`);
}

describe(`calendar months from memory (${testStoreKind})`, () => {
  test('a second read of a month is answered from memory, with the same answer', async () => {
    const a = await makeAccommodation(t.ctx.db);
    await insertBooking(t.ctx.db, a, { ...stay(3, 2), notes: 'late arrival' });
    // The booking was written behind the app: on PostgreSQL its announcement would drop the month
    // kept by the first read if it arrived after that read.
    await announcementsSettled(t.ctx);
    const first = await calendar(a.id);
    const before = monthStats();
    const second = await calendar(a.id);
    const after = monthStats();
    assert.deepEqual(second, first);
    assert.equal(after.hits - before.hits, 1);
    assert.equal(after.misses - before.misses, 0);
  });

  test('a booking made through the API is on the next read at once', async () => {
    const a = await makeAccommodation(t.ctx.db);
    assert.deepEqual((await calendar(a.id)).bookings, []);
    const booked = await t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay(10, 2), { booking: { total_amount: 275 } }),
    });
    assert.equal(booked.statusCode, 200, booked.body);
    // No waiting: the booking path applies its change to this process's memory once it has committed.
    assert.equal((await calendar(a.id)).bookings.length, 1);
  });

  test('a change to a booking that leaves its nights alone (notes, party) is seen', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await insertBooking(t.ctx.db, a, { ...stay(3, 2), notes: 'late arrival' });
    assert.equal((await calendar(a.id)).bookings[0]?.notes, 'late arrival');
    await t.ctx.db
      .updateTable('bookings')
      .set({ guest_notes: 'early arrival', adults: 3 })
      .where('id', '=', b.id)
      .execute();
    await seen(
      'the new notes',
      a.id,
      (m) => m.bookings[0]?.notes === 'early arrival' && m.bookings[0].guest_count === 3,
    );
  });

  test('a cancellation is seen', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await insertBooking(t.ctx.db, a, stay(3, 2));
    assert.equal((await calendar(a.id)).bookings.length, 1);
    await t.ctx.db
      .updateTable('bookings')
      .set({ status: 'cancelled', cancelled_at: new Date().toISOString() })
      .where('id', '=', b.id)
      .execute();
    await seen('the cancellation', a.id, (m) => m.bookings.length === 0);
  });

  test('prices, a block and the accommodation’s name changed through the admin API are seen at once', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const before = await calendar(a.id);
    assert.equal(before.daily_prices[addDays(FIRST, 4)], 100);
    const priced = await t.admin('PUT', `/admin/api/accommodations/${String(a.id)}/prices`, {
      from: addDays(FIRST, 4),
      to: addDays(FIRST, 6),
      price: 150,
    });
    assert.equal(priced.statusCode, 200, priced.body);
    assert.equal((await calendar(a.id)).daily_prices[addDays(FIRST, 4)], 150);
    const renamed = await t.admin('PATCH', `/admin/api/accommodations/${String(a.id)}`, { name: 'Sea View' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal((await calendar(a.id)).accommodation_name, 'Sea View');
    const blocked = await t.admin('POST', `/admin/api/accommodations/${String(a.id)}/blocks`, {
      from: addDays(FIRST, 20),
      to: addDays(FIRST, 22),
      reason: 'painting',
    });
    assert.equal(blocked.statusCode, 201, blocked.body);
    await seen('the block', a.id, (m) => m.blocked_dates.length === 2);
  });

  test('an imported stay’s summary and its feed’s name are seen', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const feed = await insertFeed(t.ctx.db, a.id, 'Channel A');
    const reservation = await insertReservation(t.ctx.db, feed.id, a.id, {
      uid: 'r1',
      summary: 'Guest One',
      start: addDays(FIRST, 8),
      end: addDays(FIRST, 10),
    });
    await seen('the imported stay', a.id, (m) => m.bookings.length === 1);
    const entry = () => calendar(a.id).then((m) => m.bookings[0]);
    assert.equal((await entry())?.title, 'Guest One');
    await t.ctx.db
      .updateTable('external_reservations')
      .set({ summary: 'Guest Two' })
      .where('id', '=', reservation.id)
      .execute();
    await seen('the new summary', a.id, (m) => m.bookings[0]?.title === 'Guest Two');
    await t.ctx.db.updateTable('external_feeds').set({ name: 'Channel B' }).where('id', '=', feed.id).execute();
    await seen('the new feed name', a.id, (m) => m.bookings[0]?.source === 'Channel B');
  });

  test('a month built from an accommodation read just before a change to it is not kept for later reads', async () => {
    const a = await makeAccommodation(t.ctx.db);
    assert.equal((await calendar(a.id)).daily_prices[addDays(FIRST, 9)], 100);
    // The next read's accommodation comes from before a new base price: the change commits (and
    // is applied to this process's memory) while the read is in flight.
    const cache = t.ctx.caches.accommodations;
    const getOrLoad = cache.getOrLoad.bind(cache);
    cache.delete(a.id);
    cache.getOrLoad = async (key, load) => {
      cache.getOrLoad = getOrLoad;
      const before = await getOrLoad(key, load);
      const patched = await t.admin('PATCH', `/admin/api/accommodations/${String(a.id)}`, { base_price: 250 });
      assert.equal(patched.statusCode, 200, patched.body);
      return before;
    };
    await calendar(a.id);
    const after = await calendar(a.id);
    assert.equal(
      after.daily_prices[addDays(FIRST, 9)],
      250,
      'the month read from the old accommodation was not kept under the new count',
    );
  });

  test('a card hold that runs out while its month is kept leaves the month with no write', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const holdEnds = new Date(Date.now() + 60_000);
    await insertBooking(t.ctx.db, a, {
      ...stay(3, 2),
      status: 'draft',
      paymentMethod: 'card_processor',
      holdExpiresAt: holdEnds.toISOString(),
    });
    assert.equal((await calendar(a.id)).bookings.length, 1);
    assert.equal((await calendar(a.id)).bookings.length, 1, 'kept while the hold lasts');
    const month = await t.at(holdEnds.getTime(), () => calendar(a.id));
    assert.deepEqual(month.bookings, []);
  });

  test('every key reads the same kept month, each seeing only its own bookings in full', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const booked = await t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay(12, 2), { booking: { total_amount: 275 } }),
    });
    assert.equal(booked.statusCode, 200, booked.body);
    const other = (await createApiKey(t.ctx.db, { name: 'another partner', scope: 'api' })).key;
    const own = await calendar(a.id, t.apiKey);
    const before = monthStats();
    const theirs = await calendar(a.id, other);
    const host = await calendar(a.id);
    assert.equal(monthStats().hits - before.hits, 2, 'both answered from the kept month');
    assert.equal(own.bookings[0]?.title, 'Ada Lovelace');
    assert.equal(theirs.bookings[0]?.title, 'Reserved');
    assert.equal(theirs.bookings[0]?.confirmation_code, null);
    assert.equal(host.bookings[0]?.title, 'Ada Lovelace');

    // Each viewer's view is kept with the month (src/calendar/viewed-months.ts): read again, in
    // another order, each still sees its own, under an ETag of its own.
    const etagOf = async (key: string) => {
      const res = await t.checkedRequest({
        method: 'POST',
        url: `${t.v1}/calendar`,
        payload: { accommodation_id: a.id, year: YEAR, month: 5 },
        key,
      });
      assert.equal(res.statusCode, 200, res.body);
      return { etag: res.headers.etag, title: res.json<{ data: Month }>().data.bookings[0]?.title };
    };
    const theirsAgain = await etagOf(other);
    const ownAgain = await etagOf(t.apiKey);
    assert.equal(theirsAgain.title, 'Reserved');
    assert.equal(ownAgain.title, 'Ada Lovelace');
    assert.notEqual(theirsAgain.etag, ownAgain.etag);
    assert.deepEqual(await etagOf(other), theirsAgain, 'the same view and tag on every read');
  });

  test('/metrics shows the calendar months kept', async () => {
    const res = await t.request({ method: 'GET', url: '/metrics', key: null });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /staydesk_cache_hits_total\{cache="calendar_months"\} [1-9]/);
    assert.match(res.body, /staydesk_cache_entries\{cache="calendar_months"\} \d+/);
  });
});
