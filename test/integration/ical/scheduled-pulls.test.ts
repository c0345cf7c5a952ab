import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FETCHES_AT_ONCE, PER_HOST } from '../../../src/ical/pull-limits.ts';
import { pullDueFeeds } from '../../../src/ical/scheduled-pulls.ts';
import { addDays, todayIn } from '../../../src/shared/dates.ts';
import { makeAccommodation } from '../../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../../support/feed-server.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { testStoreKind } from '../../support/test-store.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const today = todayIn('UTC');

let t: TestApp;
before(async () => {
  t = await createTestApp({ ICAL_ALLOW_PRIVATE_NETWORKS: 'true' });
});
after(async () => {
  await t.close();
});

/** `count` feeds on a server, one accommodation each, every one due. */
async function feedsOn(server: FeedServer, count: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const accommodation = await makeAccommodation(t.ctx.db);
    const path = `/${prefix}-${i}.ics`;
    server.set(path, calendarOf([{ uid: `${prefix}-${i}`, start: addDays(today, 3), end: addDays(today, 5) }]));
    const feed = await t.ctx.db
      .insertInto('external_feeds')
      .values({
        accommodation_id: accommodation.id,
        name: 'channel',
        url: server.url(path),
        created_at: new Date().toISOString(),
        last_synced_at: null,
        last_status: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(feed.id);
  }
  return ids;
}

describe(`scheduled pulls (${testStoreKind})`, () => {
  test('one run pulls every due feed, many at once, at most PER_HOST to one host, then each one interval on with jitter', async () => {
    const a = await startFeedServer({ delayMs: 20 });
    const b = await startFeedServer({ delayMs: 20 });
    try {
      const ids = [...(await feedsOn(a, 70, 'a')), ...(await feedsOn(b, 70, 'b'))];
      const reports = await pullDueFeeds(t.ctx, quiet);
      const mine = reports.filter((r) => ids.includes(r.feed_id));
      assert.equal(mine.length, 140, 'more than 50 a run');
      assert.ok(mine.every((r) => r.outcome === 'updated'));
      for (const server of [a, b]) {
        assert.ok(server.maxInFlight() <= PER_HOST, `${server.maxInFlight()} at once on one host`);
        assert.ok(server.maxInFlight() > 1, 'pulled in parallel');
      }
      assert.ok(a.maxInFlight() + b.maxInFlight() <= FETCHES_AT_ONCE);
      const next = await t.ctx.db
        .selectFrom('external_feeds')
        .select('next_attempt_at')
        .where('id', 'in', ids)
        .execute();
      const now = t.ctx.now().getTime();
      const interval = t.config.icalSyncIntervalSeconds * 1000;
      for (const { next_attempt_at } of next) {
        const at = Date.parse(next_attempt_at ?? '');
        assert.ok(at >= now + interval * 0.9 && at <= now + interval * 1.2, String(next_attempt_at));
      }
      assert.ok(new Set(next.map((n) => n.next_attempt_at)).size > 100, 'spread apart by jitter');
      assert.deepEqual(
        (await pullDueFeeds(t.ctx, quiet)).filter((r) => ids.includes(r.feed_id)),
        [],
        'nothing is due again',
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a run stops claiming and ends its pulls unrecorded when the process stops', async () => {
    const stop = new AbortController();
    let arrived = 0;
    const server = await startFeedServer({
      delayMs: 60_000,
      onRequest: () => {
        arrived += 1;
        if (arrived === 3) stop.abort();
      },
    });
    try {
      const ids = await feedsOn(server, 2 * FETCHES_AT_ONCE, 'stop');
      const reports = await pullDueFeeds(t.ctx, quiet, { signal: stop.signal });
      assert.ok(reports.every((r) => r.outcome === 'failed' && r.error === 'stopped'));
      const rows = await t.ctx.db
        .selectFrom('external_feeds')
        .select(['last_status', 'next_attempt_at'])
        .where('id', 'in', ids)
        .execute();
      assert.ok(
        rows.every((r) => r.last_status === null),
        'no failure recorded',
      );
      const claimed = rows.filter((r) => r.next_attempt_at !== null);
      assert.ok(claimed.length <= FETCHES_AT_ONCE, 'no more claimed than it was pulling');
      assert.ok(rows.length - claimed.length >= FETCHES_AT_ONCE, 'the rest stay due for the next run');
    } finally {
      await server.close();
    }
  });
});
