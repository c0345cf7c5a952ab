import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createDemoAccommodation } from '../../src/seed/demo-accommodation.ts';
import { NightTakenError, claimNights, findTakenNights } from '../../src/occupancy/night-ledger.ts';
import { eachDate, addDays } from '../../src/shared/dates.ts';
import { concurrency, openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

test(`50 transactions claiming overlapping nights at once: exactly one wins (${concurrency})`, async () => {
  const { db } = t.store;
  const accommodation = await createDemoAccommodation(db);
  const start = '2031-03-01';
  // Each contender wants a different 3-night window; every window overlaps night 2031-03-03.
  const attempts = Array.from({ length: 50 }, (_, i) => {
    const checkin = addDays(start, i % 3);
    return db
      .transaction()
      .execute(async (trx) => {
        await claimNights(
          trx,
          {
            accommodationId: accommodation.id,
            nights: eachDate(checkin, addDays(checkin, 3)),
            kind: 'block',
            reason: `contender ${i}`,
          },
          new Date().toISOString(),
        );
        return i;
      })
      .then(
        (winner) => ({ ok: true as const, winner }),
        (error: unknown) => ({ ok: false as const, error }),
      );
  });
  const results = await Promise.all(attempts);
  const winners = results.filter((r) => r.ok);
  assert.equal(winners.length, 1, 'exactly one transaction may claim the contested night');
  for (const r of results)
    if (!r.ok) assert.ok(r.error instanceof NightTakenError, `loser failed with ${String(r.error)}`);

  const rows = await db
    .selectFrom('night_claims')
    .selectAll()
    .where('accommodation_id', '=', accommodation.id)
    .execute();
  assert.equal(rows.length, 3, 'the winner holds its three nights and nothing of the losers remains');
  assert.equal(new Set(rows.map((r) => r.reason)).size, 1);
  const taken = await findTakenNights(db, accommodation.id, start, addDays(start, 10), new Date().toISOString());
  assert.deepEqual(
    taken.map((n) => n.night),
    rows.map((r) => r.night).sort(),
  );
});

test(`a claim is all or nothing (${testStoreKind})`, async () => {
  const { db } = t.store;
  const accommodation = await createDemoAccommodation(db);
  const now = new Date().toISOString();
  await claimNights(db, { accommodationId: accommodation.id, nights: ['2031-05-03'], kind: 'block' }, now);
  await assert.rejects(
    db
      .transaction()
      .execute((trx) =>
        claimNights(
          trx,
          { accommodationId: accommodation.id, nights: eachDate('2031-05-01', '2031-05-05'), kind: 'block' },
          now,
        ),
      ),
    NightTakenError,
  );
  const rows = await db
    .selectFrom('night_claims')
    .select('night')
    .where('accommodation_id', '=', accommodation.id)
    .execute();
  assert.deepEqual(
    rows.map((r) => r.night),
    ['2031-05-03'],
  );
});
