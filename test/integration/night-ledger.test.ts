import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { claimNights, findTakenNights, releaseReservationNights } from '../../src/occupancy/night-ledger.ts';
import { createDemoAccommodation } from '../../src/seed/demo-accommodation.ts';
import { eachDate } from '../../src/shared/dates.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

test(`an imported reservation's nights are released by reservation, leaving the others (${testStoreKind})`, async () => {
  const { db } = t.store;
  const accommodation = await createDemoAccommodation(db);
  const now = new Date().toISOString();
  const feed = await db
    .insertInto('external_feeds')
    .values({ accommodation_id: accommodation.id, name: 'Channel', url: 'https://example.com/cal.ics', created_at: now, last_synced_at: null, last_status: null, last_error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reservation = (uid: string, start: string, end: string) =>
    db
      .insertInto('external_reservations')
      .values({ feed_id: feed.id, accommodation_id: accommodation.id, uid, summary: 'Reserved', start_date: start, end_date: end, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  const dropped = await reservation('a', '2031-05-01', '2031-05-03');
  const kept = await reservation('b', '2031-05-03', '2031-05-04');
  for (const [r, from, to] of [[dropped, '2031-05-01', '2031-05-03'], [kept, '2031-05-03', '2031-05-04']] as const) {
    await claimNights(db, { accommodationId: accommodation.id, nights: eachDate(from, to), kind: 'external', externalReservationId: r.id });
  }
  await releaseReservationNights(db, [dropped.id]);
  const taken = await findTakenNights(db, accommodation.id, '2031-05-01', '2031-05-05', now);
  assert.deepEqual(
    taken.map((n) => [n.night, n.kind]),
    [['2031-05-03', 'external']],
  );
});
