import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { claimNights, findTakenNights, releaseReservationNights } from '../../src/occupancy/night-ledger.ts';
import { createDemoAccommodation } from '../../src/seed/demo-accommodation.ts';
import { eachDate } from '../../src/shared/dates.ts';
import { insertFeed, insertReservation } from '../support/factories.ts';
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
  const feed = await insertFeed(db, accommodation.id, 'Channel');
  const reservation = (uid: string, start: string, end: string) =>
    insertReservation(db, feed.id, accommodation.id, { uid, summary: 'Reserved', start, end });
  const dropped = await reservation('a', '2031-05-01', '2031-05-03');
  const kept = await reservation('b', '2031-05-03', '2031-05-04');
  for (const [r, from, to] of [
    [dropped, '2031-05-01', '2031-05-03'],
    [kept, '2031-05-03', '2031-05-04'],
  ] as const) {
    await claimNights(
      db,
      { accommodationId: accommodation.id, nights: eachDate(from, to), kind: 'external', externalReservationId: r.id },
      now,
    );
  }
  await releaseReservationNights(db, [dropped.id]);
  const taken = await findTakenNights(db, accommodation.id, '2031-05-01', '2031-05-05', now);
  assert.deepEqual(
    taken.map((n) => [n.night, n.kind]),
    [['2031-05-03', 'external']],
  );
});
