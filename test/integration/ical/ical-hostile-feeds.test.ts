import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setImmediate } from 'node:timers';
import { gzipSync } from 'node:zlib';
import { FEED_LIMITS } from '../../../src/ical/parse-feed.ts';
import { parsesInFlight } from '../../../src/ical/parse-pool.ts';
import { pullDueFeeds } from '../../../src/ical/scheduled-pulls.ts';
import { addDays, eachDate, todayIn } from '../../../src/shared/dates.ts';
import { makeAccommodation } from '../../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../../support/feed-server.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { testStoreKind } from '../../support/test-store.ts';

let t: TestApp;
let feeds: FeedServer;
before(async () => {
  t = await createTestApp({ ICAL_ALLOW_PRIVATE_NETWORKS: 'true' });
  feeds = await startFeedServer();
});
after(async () => {
  await feeds.close();
  await t.close();
});

const today = todayIn('UTC');
const day = (n: number) => addDays(today, n);

interface Pull {
  outcome: string;
  added: number;
  changed: number;
  removed: number;
  alerts: number;
  error: string | null;
}

let pathCounter = 0;
async function setup() {
  const accommodation = await makeAccommodation(t.ctx.db);
  const path = `/hostile-${(pathCounter += 1)}.ics`;
  const base = `/admin/api/accommodations/${accommodation.id}`;
  const res = await t.admin('POST', `${base}/ical-feeds`, { name: 'channel', url: feeds.url(path) });
  assert.equal(res.statusCode, 201, res.body);
  return { accommodation, path, base, feedId: res.json<{ data: { id: number } }>().data.id };
}

async function sync(base: string, feedId: number): Promise<Pull> {
  const res = await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Pull }>().data;
}

async function nights(accommodationId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('night_claims')
    .select('night')
    .where('accommodation_id', '=', accommodationId)
    .orderBy('night')
    .execute();
  return rows.map((r) => r.night);
}

describe(`big and hostile feeds (${testStoreKind})`, () => {
  test('a 16,000-event feed is read off the event loop: requests are answered while it is parsed', async () => {
    const { accommodation, path, base, feedId } = await setup();
    // Years of history and a stay on each of the next 700 nights.
    const events = Array.from({ length: 16_000 }, (_, i) => {
      const start = i < 15_300 ? addDays(today, -15_400 + i) : day(i - 15_300 + 1);
      return { uid: `e-${i}@channel`, start, end: addDays(start, 1) };
    });
    feeds.set(path, calendarOf(events));
    let pulled = false;
    const pull = sync(base, feedId).finally(() => {
      pulled = true;
    });
    let answered = 0;
    let duringParse = 0;
    while (!pulled) {
      // Let I/O in between (an injected request alone may never leave the microtask queue).
      await new Promise((resolve) => setImmediate(resolve));
      const res = await t.request({ method: 'GET', url: '/healthz', key: null });
      assert.equal(res.statusCode, 200);
      answered += 1;
      if (parsesInFlight() > 0) duringParse += 1;
    }
    const result = await pull;
    assert.deepEqual([result.outcome, result.added, result.alerts], ['updated', 700, 0]);
    assert.ok(duringParse > 0, `${answered} requests answered during the pull, none while the feed was parsed`);
    assert.deepEqual(await nights(accommodation.id), eachDate(day(1), day(701)));
  });

  test('a feed over the limits fails with a clear error and keeps its previous nights', async () => {
    const { accommodation, path, base, feedId } = await setup();
    feeds.set(path, calendarOf([{ uid: 'kept', start: day(3), end: day(6) }]));
    await sync(base, feedId);
    // Overlapping one-night stays, more than a feed may have.
    const flood = Array.from({ length: FEED_LIMITS.stays + 1 }, (_, i) => ({
      uid: `f-${i}`,
      start: day(1 + (i % 600)),
      end: day(2 + (i % 600)),
    }));
    feeds.set(path, calendarOf(flood));
    const pull = await sync(base, feedId);
    assert.equal(pull.outcome, 'failed');
    assert.match(pull.error ?? '', new RegExp(`more than ${FEED_LIMITS.stays} stays`));
    assert.deepEqual(await nights(accommodation.id), eachDate(day(3), day(6)));
    assert.equal(
      (await t.ctx.db.selectFrom('overbooking_alerts').select('id').where('feed_id', '=', feedId).execute()).length,
      0,
    );
  });

  test('an unreadable feed: last_error, the pull log, calendar/debug and the log never quote it', async () => {
    const { path, base, feedId } = await setup();
    // A description broken over two lines without folding: the second is no property at all.
    const guest = 'DESCRIPTION:Guest\r\nAda Lovelace, +44 20 7946 0958';
    feeds.answer(
      path,
      200,
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\n${guest}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
      { 'content-type': 'text/calendar' },
    );
    const pull = await sync(base, feedId);
    assert.equal(pull.outcome, 'failed');
    assert.match(pull.error ?? '', /unreadable iCalendar: line 6/);
    const logged: unknown[] = [];
    const log = {
      info: (o: unknown) => logged.push(o),
      warn: (o: unknown) => logged.push(o),
      error: (o: unknown) => logged.push(o),
    };
    await t.ctx.db.updateTable('external_feeds').set({ next_attempt_at: null }).where('id', '=', feedId).execute();
    const reports = await pullDueFeeds(t.ctx, log);
    assert.ok(reports.some((r) => r.feed_id === feedId && r.outcome === 'failed'));
    const listed = await t.admin('GET', `${base}/ical-feeds`);
    const debug = await t.request({ method: 'POST', url: `${t.v1}/calendar/debug`, payload: {} });
    for (const [where, text] of [
      ['the pull', JSON.stringify(pull)],
      ['the feed listing and its pull log', listed.body],
      ['calendar/debug', debug.body],
      ['the log', JSON.stringify(logged)],
    ] as const) {
      // The phone number with its space: the answers carry random request ids and tokens, in
      // which its digits alone turn up now and then.
      assert.ok(!/Lovelace|7946 0958/.test(text), `${where} quotes the feed: ${text}`);
    }
    assert.match(JSON.stringify(logged), /unreadable iCalendar/);
  });

  test('a body without validators is not read again while it is the same; a change is', async () => {
    const { accommodation, path, base, feedId } = await setup();
    const body = calendarOf([{ uid: 'n', start: day(8), end: day(10) }]);
    feeds.answer(path, 200, body, { 'content-type': 'text/calendar' });
    assert.equal((await sync(base, feedId)).outcome, 'updated');
    const again = await sync(base, feedId);
    assert.deepEqual([again.outcome, feeds.hits(path)], ['not_modified', 2]);
    feeds.answer(path, 200, calendarOf([{ uid: 'n', start: day(8), end: day(11) }]), {
      'content-type': 'text/calendar',
    });
    const changed = await sync(base, feedId);
    assert.deepEqual([changed.outcome, changed.changed], ['updated', 1]);
    assert.deepEqual(await nights(accommodation.id), eachDate(day(8), day(11)));
  });

  test("a change of the accommodation's time zone reads the feed again although it answers 304", async () => {
    const { accommodation, path, base, feedId } = await setup();
    const at = (date: string, time: string) => `${date.replaceAll('-', '')}T${time}Z`;
    feeds.set(
      path,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//x//y//EN',
        'BEGIN:VEVENT',
        'UID:late-arrival',
        `DTSTART:${at(day(20), '230000')}`,
        `DTEND:${at(day(22), '100000')}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await sync(base, feedId);
    assert.deepEqual(await nights(accommodation.id), [day(20), day(21)]);
    assert.equal((await sync(base, feedId)).outcome, 'not_modified');
    const moved = await t.admin('PATCH', base, { timezone: 'Europe/Berlin' });
    assert.equal(moved.statusCode, 200, moved.body);
    // 23:00 UTC is midnight in Berlin: the guest arrives the next night.
    const pull = await sync(base, feedId);
    assert.deepEqual([pull.outcome, pull.changed], ['updated', 1]);
    assert.deepEqual(await nights(accommodation.id), [day(21)]);
    assert.equal((await sync(base, feedId)).outcome, 'not_modified');
  });

  test('a Latin-1 calendar, gzip-compressed without being asked, served as text/html, with CR-only line ends', async () => {
    const { accommodation, path, base, feedId } = await setup();
    const text = calendarOf([{ uid: 'l1', start: day(30), end: day(32), summary: 'Réservé Müller' }]).replaceAll(
      '\r\n',
      '\r',
    );
    feeds.answer(path, 200, gzipSync(Buffer.from(text, 'latin1')), {
      'content-type': 'text/html',
      'content-encoding': 'gzip',
    });
    const pull = await sync(base, feedId);
    assert.equal(pull.outcome, 'updated', String(pull.error));
    const stay = await t.ctx.db
      .selectFrom('external_reservations')
      .select(['summary', 'start_date', 'end_date'])
      .where('feed_id', '=', feedId)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...stay }, { summary: 'Réservé Müller', start_date: day(30), end_date: day(32) });
    assert.deepEqual(await nights(accommodation.id), [day(30), day(31)]);
  });
});
