// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { AppContext } from '../../src/app-context.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore } from '../../src/db/store.ts';
import { pullDueFeeds } from '../../src/ical/scheduled-pulls.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { makeAccommodation } from '../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { createPgDatabase, testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * docs/webhooks-and-payments.md#background-jobs: several processes on one PostgreSQL share the scheduled pulls; each feed is
 * pulled by exactly one of them per interval. Two contexts with their own connection pools stand
 * for two processes; each runs the scheduled job's work several times at once.
 */

const FEEDS = 12;
const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

test('two processes pull each due feed exactly once per interval', { timeout: testTimeout(60_000) }, async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  const database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
  cleanup.push(() => database.drop());
  const server: FeedServer = await startFeedServer();
  cleanup.push(() => server.close());
  const config = loadConfig({
    DATABASE_URL: database.url,
    ICAL_ALLOW_PRIVATE_NETWORKS: 'true',
    ICAL_SYNC_INTERVAL_SECONDS: '900',
    LOG_LEVEL: 'silent',
  });
  let clock = new Date();
  const processes: AppContext[] = [0, 1].map(() => {
    const ctx = createContext(config, openStore(config.store));
    cleanup.push(() => ctx.store.destroy());
    return { ...ctx, now: () => clock };
  });
  const [a, b] = processes as [AppContext, AppContext];
  await migrateToLatest(a.db);

  const today = todayIn('UTC');
  const paths: string[] = [];
  for (let i = 0; i < FEEDS; i += 1) {
    const accommodation = await makeAccommodation(a.db);
    const path = `/pg-${i}.ics`;
    paths.push(path);
    // Changed on every request (no ETag), so every pull is a full one.
    server.answer(
      path,
      200,
      calendarOf([{ uid: `s${i}`, start: addDays(today, 10 + i), end: addDays(today, 12 + i) }]),
      { 'content-type': 'text/calendar' },
    );
    await a.db
      .insertInto('external_feeds')
      .values({
        accommodation_id: accommodation.id,
        name: 'airbnb',
        url: server.url(path),
        created_at: clock.toISOString(),
        last_synced_at: null,
        last_status: null,
        last_error: null,
      })
      .execute();
  }

  const round = async () => {
    const reports = await Promise.all([
      pullDueFeeds(a, silent),
      pullDueFeeds(b, silent),
      pullDueFeeds(a, silent),
      pullDueFeeds(b, silent),
    ]);
    return reports.flat();
  };

  const first = await round();
  assert.equal(first.length, FEEDS, 'every feed pulled once in all');
  for (const path of paths) assert.equal(server.hits(path), 1, path);
  assert.ok(first.every((r) => r.outcome === 'updated' && r.added === 1));

  // Within the interval nothing is due.
  assert.equal((await round()).length, 0);

  // After the interval (and its jitter) each feed is due again, and pulled once more.
  clock = new Date(clock.getTime() + 991_000);
  const second = await round();
  assert.equal(second.length, FEEDS);
  for (const path of paths) assert.equal(server.hits(path), 2, path);
  const claims = await a.db
    .selectFrom('night_claims')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  assert.equal(Number(claims.n), FEEDS * 2);
});
