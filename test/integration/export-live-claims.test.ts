import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { exportStays } from '../../src/ical/export-stays.ts';
import { claimNights } from '../../src/occupancy/night-ledger.ts';
import { addDays, eachDate, todayIn } from '../../src/shared/dates.ts';
import { insertBooking, makeAccommodation } from '../support/factories.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

// The export shows the nights the ledger's one live-claim rule calls taken: the rule is not
// restated by the export, so a draft past its hold is free there as it is everywhere else.

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

test(`the export shows every live claim and no draft past its hold (${testStoreKind})`, async () => {
  const { db } = t.store;
  const a = await makeAccommodation(db);
  const now = new Date();
  const day = (n: number) => addDays(todayIn('UTC', now), n);
  const confirmed = await insertBooking(db, a, { checkin: day(10), checkout: day(12) });
  const live = await insertBooking(db, a, {
    checkin: day(20),
    checkout: day(22),
    status: 'draft',
    holdExpiresAt: new Date(now.getTime() + 60_000).toISOString(),
  });
  const endsNow = await insertBooking(db, a, {
    checkin: day(30),
    checkout: day(32),
    status: 'draft',
    holdExpiresAt: now.toISOString(),
  });
  const expired = await insertBooking(db, a, {
    checkin: day(40),
    checkout: day(42),
    status: 'draft',
    holdExpiresAt: new Date(now.getTime() - 60_000).toISOString(),
  });
  await claimNights(
    db,
    { accommodationId: a.id, nights: eachDate(day(50), day(51)), kind: 'block' },
    now.toISOString(),
  );

  const stays = await exportStays(db, { accommodationId: a.id, excludeFeedId: null }, 'UTC', now);
  assert.deepEqual(
    stays.map((s) => [s.uid, s.start, s.end]),
    [
      [`booking-${confirmed.id}-${day(10)}@staydesk`, day(10), day(12)],
      [`booking-${live.id}-${day(20)}@staydesk`, day(20), day(22)],
      [`block-${a.id}-${day(50)}@staydesk`, day(50), day(51)],
    ],
    `the drafts whose hold ended (${endsNow.id}, ${expired.id}) hold nothing`,
  );
});
