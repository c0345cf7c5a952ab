import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { acquireLease } from '../../src/jobs/job-lease.ts';
import { concurrency, openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

// A periodic job runs once per period across processes: whoever holds its lease.

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

test(`a lease is held until it runs out, then anyone may take it (${testStoreKind})`, async () => {
  const { db } = t.store;
  const now = new Date('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  assert.equal(await acquireLease(db, { name: 'job-a', holder: 'p1', now, ttlMs: 60_000 }), true);
  assert.equal(
    await acquireLease(db, { name: 'job-a', holder: 'p2', now: at(59_999), ttlMs: 60_000 }),
    false,
    'held by p1',
  );
  assert.equal(
    await acquireLease(db, { name: 'job-a', holder: 'p1', now: at(30_000), ttlMs: 60_000 }),
    false,
    'not renewed early, even by its holder',
  );
  assert.equal(await acquireLease(db, { name: 'job-b', holder: 'p2', now, ttlMs: 60_000 }), true, 'leases are per job');
  assert.equal(
    await acquireLease(db, { name: 'job-a', holder: 'p2', now: at(60_000), ttlMs: 60_000 }),
    true,
    'p1 let it run out',
  );
  const row = await db.selectFrom('job_leases').selectAll().where('name', '=', 'job-a').executeTakeFirstOrThrow();
  assert.equal(row.locked_by, 'p2');
  assert.equal(row.locked_until, at(120_000).toISOString());
});

test(`of many processes asking for a free lease at once, exactly one gets it (${concurrency})`, async () => {
  const { db } = t.store;
  const now = new Date();
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => acquireLease(db, { name: 'contested', holder: `p${i}`, now, ttlMs: 60_000 })),
  );
  assert.equal(results.filter(Boolean).length, 1);
  const expired = new Date(now.getTime() + 60_000);
  const again = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      acquireLease(db, { name: 'contested', holder: `q${i}`, now: expired, ttlMs: 60_000 }),
    ),
  );
  assert.equal(again.filter(Boolean).length, 1, 'and again once it has run out');
});
