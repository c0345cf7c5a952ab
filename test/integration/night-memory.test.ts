import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cancelBooking } from '../../src/bookings/cancel-booking.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { announcementsSettled } from '../support/announcements.ts';
import { MAX_REMEMBERED_CLAIMS, loadNightSnapshot } from '../../src/occupancy/night-memory.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Availability is answered from each process's memory of the taken nights (src/occupancy/night-memory.ts),
// dropped whenever a claim or a booking's status or hold changes, whatever code path wrote it:
// the triggers of migration 0007 announce it (SQLite: to this process during the change;
// PostgreSQL: by NOTIFY once it commits). A long TTL shows the answers do not wait for it.

let t: TestApp;
before(async () => {
  t = await createTestApp({ STAYDESK_CACHE_TTL_MS: '60000' });
});
after(async () => {
  await t.close();
});

async function available(accommodationId: number, stay: { checkin: string; checkout: string }): Promise<boolean> {
  const res = await t.checkedRequest({
    method: 'POST',
    url: `${t.v1}/availability`,
    payload: { accommodation_id: accommodationId, ...stay },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { available: boolean } }>().data.available;
}

/** The night cache's counters say whether an answer came from memory or from the store. */
function nightStats() {
  return { ...t.ctx.caches.nights.stats };
}

describe(`availability from memory (${testStoreKind})`, () => {
  test('a second quote for an accommodation is answered from memory', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    assert.equal(await available(a.id, stay), true);
    const before = nightStats();
    assert.equal(await available(a.id, futureStay(3)), true);
    const after = nightStats();
    assert.equal(after.hits - before.hits, 1);
    assert.equal(after.misses - before.misses, 0);
  });

  test('a claim written behind the routes (another code path) is seen by the next quote', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    assert.equal(await available(a.id, stay), true);
    await t.ctx.db
      .insertInto('night_claims')
      .values({
        accommodation_id: a.id,
        night: stay.checkin,
        kind: 'block',
        booking_id: null,
        external_reservation_id: null,
        reason: 'painting',
        created_at: new Date().toISOString(),
      })
      .execute();
    await announcementsSettled(t.ctx);
    assert.equal(await available(a.id, stay), false, 'the block is seen');
    await t.ctx.db.deleteFrom('night_claims').where('accommodation_id', '=', a.id).execute();
    await announcementsSettled(t.ctx);
    assert.equal(await available(a.id, stay), true, 'the freed night is seen');
  });

  test('a booking made through the API is seen at once by the same process', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    assert.equal(await available(a.id, stay), true);
    const booked = await t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay, { booking: { total_amount: 385 } }),
    });
    assert.equal(booked.statusCode, 200, booked.body);
    // No waiting: the booking path drops the kept nights once its transaction has committed.
    assert.equal(await available(a.id, stay), false);
  });

  test('nights blocked through the admin API are seen at once by the same process', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    assert.equal(await available(a.id, stay), true);
    const blocked = await t.admin('POST', `/admin/api/accommodations/${a.id}/blocks`, {
      from: stay.checkin,
      to: stay.checkout,
    });
    assert.equal(blocked.statusCode, 201, blocked.body);
    // No waiting: blocking drops the kept nights once its transaction has committed.
    assert.equal(await available(a.id, stay), false);
  });

  test('a booking cancelled through the lifecycle is seen at once by the same process', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const b = await insertBooking(t.ctx.db, a, stay);
    assert.equal(await available(a.id, stay), false);
    const outcome = await cancelBooking(t.ctx, { bookingId: b.id, actor: { kind: 'system' } });
    assert.equal(outcome.updated, true);
    // No waiting: the verb drops the kept nights once its unit has committed.
    assert.equal(await available(a.id, stay), true);
  });

  test('a card hold that runs out while kept frees its nights without any announcement', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    // The caches expire by the same clock, which the test holds: the hold ends well within the
    // entry's TTL, however long the machine takes between the two quotes.
    const kept = Date.now();
    const holdEnds = new Date(kept + 500);
    await insertBooking(t.ctx.db, a, {
      ...stay,
      status: 'draft',
      paymentMethod: 'card_processor',
      holdExpiresAt: holdEnds.toISOString(),
    });
    await announcementsSettled(t.ctx);
    assert.equal(await t.at(kept, () => available(a.id, stay)), false);
    const before = nightStats();
    assert.equal(await t.at(holdEnds.getTime() + 100, () => available(a.id, stay)), true);
    assert.equal(nightStats().hits - before.hits, 1, 'answered from memory');
  });

  test('cancelling a booking (a status change) frees its nights for the next quote', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const b = await insertBooking(t.ctx.db, a, {
      ...stay,
      status: 'draft',
      paymentMethod: 'card_processor',
      holdExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    assert.equal(await available(a.id, stay), false);
    // Expire the hold in the store: only the booking row changes, its claims stay.
    await t.ctx.db
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', b.id)
      .execute();
    await announcementsSettled(t.ctx);
    assert.equal(await available(a.id, stay), true, 'the expired hold is seen');
  });

  test('an accommodation with more claims than are kept keeps the nearest, and reads stays beyond them from the store', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const first = addDays(todayIn('UTC'), 60);
    const count = MAX_REMEMBERED_CLAIMS + 5;
    const rows = Array.from({ length: count }, (_, i) => ({
      accommodation_id: a.id,
      night: addDays(first, i),
      kind: 'block' as const,
      booking_id: null,
      external_reservation_id: null,
      reason: 'season closed',
      created_at: new Date().toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.ctx.db
        .insertInto('night_claims')
        .values(rows.slice(i, i + 200))
        .execute();
    const snapshot = await loadNightSnapshot(t.ctx.db, a.id, new Date());
    assert.equal(snapshot.claims.length, MAX_REMEMBERED_CLAIMS);
    assert.equal(snapshot.until, addDays(first, MAX_REMEMBERED_CLAIMS));
    // Before the claims, within the kept ones, and past the last kept one: all answered right.
    assert.equal(await available(a.id, { checkin: addDays(first, -5), checkout: addDays(first, -2) }), true);
    assert.equal(await available(a.id, { checkin: addDays(first, 10), checkout: addDays(first, 12) }), false);
    assert.equal(
      await available(a.id, {
        checkin: addDays(first, MAX_REMEMBERED_CLAIMS + 1),
        checkout: addDays(first, MAX_REMEMBERED_CLAIMS + 3),
      }),
      false,
    );
    assert.equal(await available(a.id, { checkin: addDays(first, count), checkout: addDays(first, count + 2) }), true);
  });

  test('/metrics shows the caches’ hits, misses and whether announcements are live', async () => {
    const res = await t.request({ method: 'GET', url: '/metrics', key: null });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /staydesk_cache_hits_total\{cache="nights"\} [1-9]/);
    assert.match(res.body, /staydesk_cache_misses_total\{cache="nights"\} [1-9]/);
    assert.match(res.body, /staydesk_cache_entries\{cache="nights"\} \d+/);
    assert.match(res.body, /staydesk_cache_announcements_live 1/);
  });
});
