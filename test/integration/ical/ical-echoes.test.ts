import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseFeed } from '../../../src/ical/parse-feed.ts';
import { setSetting } from '../../../src/settings/settings-repository.ts';
import { addDays, eachDate, todayIn } from '../../../src/shared/dates.ts';
import { insertBooking, makeAccommodation } from '../../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../../support/feed-server.ts';
import { readExport } from '../../support/ical-parsers.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { testStoreKind } from '../../support/test-store.ts';
import { postWebhook } from '../../support/webhook-client.ts';
import { announcementsSettled } from '../../support/announcements.ts';

let t: TestApp;
let feeds: FeedServer;
before(async () => {
  t = await createTestApp({ ICAL_ALLOW_PRIVATE_NETWORKS: 'true' });
  feeds = await startFeedServer();
  await setSetting(t.ctx.db, 'host_email', 'host@example.com');
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
async function setup(name = 'airbnb') {
  const accommodation = await makeAccommodation(t.ctx.db, { name: `Echo House ${pathCounter}` });
  const path = `/echo-${(pathCounter += 1)}.ics`;
  const base = `/admin/api/accommodations/${accommodation.id}`;
  const res = await t.admin('POST', `${base}/ical-feeds`, { name, url: feeds.url(path) });
  assert.equal(res.statusCode, 201, res.body);
  const feed = res.json<{ data: { id: number; export_url: string } }>().data;
  const detail = await t.admin('GET', base);
  const wholeUrl = detail.json<{ data: { ical_export_url: string } }>().data.ical_export_url;
  return { accommodation, path, base, feedId: feed.id, exports: { whole: wholeUrl, feed: feed.export_url } };
}

async function sync(base: string, feedId: number): Promise<Pull> {
  const res = await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Pull }>().data;
}

async function claims(accommodationId: number) {
  return t.ctx.db
    .selectFrom('night_claims')
    .select(['night', 'kind', 'booking_id', 'external_reservation_id'])
    .where('accommodation_id', '=', accommodationId)
    .orderBy('night')
    .execute();
}

async function alertsOf(base: string): Promise<unknown[]> {
  return (await t.admin('GET', `${base}/overbooking-alerts`)).json<{ data: unknown[] }>().data;
}

async function alertMails(accommodationName: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('outbox')
    .select('subject')
    .where('template', '=', 'overbooking_alert')
    .execute();
  return rows.filter((r) => r.subject.includes(accommodationName)).length;
}

/**
 * What a channel does with the calendar we give it: it fetches our export URL and publishes every
 * taken night it saw as its own "Not available" event (new UIDs), beside its own bookings.
 */
async function channelMirrors(
  exportUrl: string,
  own: { uid: string; start: string; end: string }[],
): Promise<{ start: string; end: string }[]> {
  const res = await t.request({ method: 'GET', url: new URL(exportUrl).pathname, key: null });
  assert.equal(res.statusCode, 200, res.body);
  readExport(res.body);
  const seen = parseFeed(res.body, { timeZone: 'UTC', today }).map((s) => ({ start: s.start, end: s.end }));
  return seen.concat(own.map(({ start, end }) => ({ start, end })));
}

function channelFeed(mirrored: { start: string; end: string }[], own: { uid: string; start: string; end: string }[]) {
  const ownKeys = new Set(own.map((o) => `${o.start}/${o.end}`));
  return calendarOf([
    ...own,
    ...mirrored
      .filter((m) => !ownKeys.has(`${m.start}/${m.end}`))
      .map((m) => ({
        uid: `blocked-${m.start}-${m.end}@channel`,
        start: m.start,
        end: m.end,
        summary: 'Airbnb (Not available)',
      })),
  ]);
}

describe(`echoes of our own stays (${testStoreKind})`, () => {
  for (const which of ['whole', 'feed'] as const) {
    test(`an echo of a booking raises nothing, and after the cancellation its nights are free on both sides within one pull of each (the ${which === 'whole' ? 'accommodation-wide' : "feed's own"} export URL)`, async () => {
      const { accommodation, path, base, feedId, exports } = await setup();
      const exportUrl = exports[which];
      const own = [{ uid: 'own-1@airbnb.com', start: day(60), end: day(63) }];
      feeds.set(path, calendarOf(own));
      assert.equal((await sync(base, feedId)).added, 1);

      const booking = await insertBooking(t.ctx.db, accommodation, { checkin: day(10), checkout: day(13) });
      // The channel polls our calendar and publishes those nights back.
      feeds.set(path, channelFeed(await channelMirrors(exportUrl, own), own));
      const pull = await sync(base, feedId);
      assert.deepEqual([pull.added, pull.alerts], [1, 0], 'the echo is imported and raises no alert');
      assert.deepEqual(await alertsOf(base), []);
      assert.equal(await alertMails(accommodation.name), 0);
      const echo = await t.ctx.db
        .selectFrom('external_reservations')
        .select(['id', 'echo_of'])
        .where('feed_id', '=', feedId)
        .where('start_date', '=', day(10))
        .executeTakeFirstOrThrow();
      assert.equal(echo.echo_of, `booking:${booking.id}`);
      assert.ok(
        (await claims(accommodation.id)).every((c) => c.external_reservation_id !== echo.id),
        'the echo holds no night',
      );
      const published = readExport(
        (await t.request({ method: 'GET', url: new URL(exports.whole).pathname, key: null })).body,
      );
      assert.equal(published.events.filter((e) => e.start === day(10)).length, 1, 'published once, as the booking');

      // The booking is cancelled: its nights are free at once, the echo does not take them ...
      const cancelled = await postWebhook(t, 'update', {
        event_type: 'cancelled',
        booking_id: booking.id,
        timestamp: new Date().toISOString(),
      });
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      const free = async () => (await claims(accommodation.id)).filter((c) => c.night >= day(10) && c.night < day(13));
      assert.deepEqual(await free(), []);
      // ... nor at our next pull, while the channel still shows it (it has not polled us yet) ...
      assert.equal((await sync(base, feedId)).outcome, 'not_modified');
      assert.deepEqual(await free(), []);
      // ... so the channel's next poll finds them free and drops its block, and our next pull the echo.
      const mirrored = await channelMirrors(exportUrl, own);
      assert.ok(!mirrored.some((m) => m.start === day(10)), 'the channel sees the nights free');
      feeds.set(path, channelFeed(mirrored, own));
      const after = await sync(base, feedId);
      assert.deepEqual([after.removed, after.alerts], [1, 0]);
      assert.deepEqual(await free(), []);
      assert.deepEqual(
        (await claims(accommodation.id)).map((c) => c.night),
        eachDate(day(60), day(63)),
        "only the channel's own stay holds nights",
      );
    });
  }

  test('echoes of a block and of another feed’s stay; a stay the channel took before it could see ours is no echo', async () => {
    const { accommodation, path, base, feedId, exports } = await setup('vrbo');
    const otherPath = `/echo-${(pathCounter += 1)}.ics`;
    const other = (await t.admin('POST', `${base}/ical-feeds`, { name: 'booking', url: feeds.url(otherPath) })).json<{
      data: { id: number };
    }>().data;
    feeds.set(otherPath, calendarOf([{ uid: 'bdc-1', start: day(30), end: day(32) }]));
    await sync(base, other.id);
    const block = await t.admin('POST', `${base}/blocks`, { from: day(40), to: day(43), reason: 'painting' });
    assert.equal(block.statusCode, 201, block.body);
    const own = [{ uid: 'vrbo-own', start: day(70), end: day(71) }];
    feeds.set(path, channelFeed(await channelMirrors(exports.feed, own), own));
    assert.equal((await sync(base, feedId)).alerts, 0);
    const echoes = await t.ctx.db
      .selectFrom('external_reservations')
      .select(['start_date', 'echo_of'])
      .where('feed_id', '=', feedId)
      .orderBy('start_date')
      .execute();
    const bdc = await t.ctx.db
      .selectFrom('external_reservations')
      .select('id')
      .where('feed_id', '=', other.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      echoes.map((e) => [e.start_date, e.echo_of]),
      [
        [day(30), `external:${bdc.id}`],
        [day(40), 'block'],
        [day(70), null],
      ],
    );

    // A booking the channel has not been shown yet: a stay on exactly its nights is a real overbooking.
    const booking = await insertBooking(t.ctx.db, accommodation, { checkin: day(50), checkout: day(52) });
    feeds.set(
      path,
      channelFeed(
        [
          { start: day(30), end: day(32) },
          { start: day(40), end: day(43) },
        ],
        [...own, { uid: 'vrbo-real', start: day(50), end: day(52) }],
      ),
    );
    const pull = await sync(base, feedId);
    assert.equal(pull.alerts, 1);
    const [alert] = (await alertsOf(base)) as { other: { booking_id: number } }[];
    assert.equal(alert?.other.booking_id, booking.id);
  });
});

describe(`alerts that mean something (${testStoreKind})`, () => {
  test('stays of one feed that overlap each other raise no alert; each keeps what it can', async () => {
    const { accommodation, path, base, feedId } = await setup();
    feeds.set(
      path,
      calendarOf([
        { uid: 'family@channel', start: day(20), end: day(30) },
        { uid: 'boat-trip@channel', start: day(22), end: day(24) },
        { uid: 'boat-trip-2@channel', start: day(22), end: day(25) },
      ]),
    );
    const pull = await sync(base, feedId);
    assert.deepEqual([pull.added, pull.alerts], [3, 0]);
    assert.deepEqual(await alertsOf(base), []);
    assert.deepEqual(
      (await claims(accommodation.id)).map((c) => c.night),
      eachDate(day(20), day(30)),
    );
    // The family stay goes: the boat trips take its nights at once.
    feeds.set(
      path,
      calendarOf([
        { uid: 'boat-trip@channel', start: day(22), end: day(24) },
        { uid: 'boat-trip-2@channel', start: day(22), end: day(25) },
      ]),
    );
    assert.equal((await sync(base, feedId)).alerts, 0);
    assert.deepEqual(
      (await claims(accommodation.id)).map((c) => c.night),
      eachDate(day(22), day(25)),
    );
  });

  test('a small feed of four overlapping daily series over a block: one alert per series stay on it, one mail', async () => {
    const { accommodation, path, base, feedId } = await setup();
    const blocked = await t.admin('POST', `${base}/blocks`, { from: day(5), to: day(6), reason: 'owner' });
    assert.equal(blocked.statusCode, 201, blocked.body);
    const series = (uid: string) =>
      [
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${day(1).replaceAll('-', '')}`,
        `DTEND;VALUE=DATE:${day(2).replaceAll('-', '')}`,
        'RRULE:FREQ=DAILY',
        'SUMMARY:Blocked',
        'END:VEVENT',
      ].join('\r\n');
    const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\n${['a', 'b', 'c', 'd'].map(series).join('\r\n')}\r\nEND:VCALENDAR\r\n`;
    assert.ok(text.length < 700);
    feeds.set(path, text);
    const pull = await sync(base, feedId);
    assert.equal(pull.outcome, 'updated', String(pull.error));
    assert.equal(pull.alerts, 4, 'the four stays on the blocked night; none between the series');
    assert.equal(await alertMails(accommodation.name), 1, 'one digest mail');
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('template', '=', 'overbooking_alert')
      .where('subject', 'like', `%${accommodation.name}%`)
      .executeTakeFirstOrThrow();
    assert.match(mail.subject, /4 airbnb stays/);
    assert.equal(mail.body_text.split('\n').filter((l) => l.startsWith('- ')).length, 4);
  });

  test('unblocked nights and the nights a moved booking leaves go to the imported stay that wants them at once', async () => {
    const { accommodation, path, base, feedId } = await setup();
    const blocked = await t.admin('POST', `${base}/blocks`, { from: day(100), to: day(102), reason: 'repairs' });
    assert.equal(blocked.statusCode, 201, blocked.body);
    const booking = await insertBooking(t.ctx.db, accommodation, { checkin: day(104), checkout: day(106) });
    feeds.set(path, calendarOf([{ uid: 'long@channel', start: day(100), end: day(107) }]));
    assert.equal((await sync(base, feedId)).alerts, 2);
    const external = async () =>
      (await claims(accommodation.id)).filter((c) => c.kind === 'external').map((c) => c.night);
    assert.deepEqual(await external(), [day(102), day(103), day(106)]);

    const unblocked = await t.request({
      method: 'DELETE',
      url: `${base}/blocks`,
      key: t.adminKey,
      payload: { from: day(100), to: day(102) },
    });
    assert.equal(unblocked.statusCode, 200, unblocked.body);
    assert.deepEqual(await external(), [day(100), day(101), day(102), day(103), day(106)]);

    // The booking moves a night on: the night it leaves goes to the stay, the one it takes was the stay's too late.
    const moved = await postWebhook(t, 'update', {
      event_type: 'modified',
      booking_id: booking.id,
      new_data: { checkin_date: day(103), checkout_date: day(105) },
      timestamp: new Date().toISOString(),
    });
    assert.equal(moved.statusCode, 409, 'the night the stay holds is not taken from it');
    const later = await postWebhook(t, 'update', {
      event_type: 'modified',
      booking_id: booking.id,
      new_data: { checkin_date: day(104), checkout_date: day(105) },
      timestamp: new Date().toISOString(),
    });
    assert.equal(later.statusCode, 200, later.body);
    assert.deepEqual(await external(), [day(100), day(101), day(102), day(103), day(105), day(106)]);
  });

  test("a conflicting booking's cancellation hands its nights to the imported stay at once, before the feed's next pull", async () => {
    const { accommodation, path, base, feedId } = await setup();
    const booking = await insertBooking(t.ctx.db, accommodation, { checkin: day(80), checkout: day(82) });
    feeds.set(path, calendarOf([{ uid: 'late@channel', start: day(81), end: day(84) }]));
    assert.equal((await sync(base, feedId)).alerts, 1);
    const cancelled = await postWebhook(t, 'update', {
      event_type: 'cancelled',
      booking_id: booking.id,
      timestamp: new Date().toISOString(),
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.deepEqual(
      (await claims(accommodation.id)).map((c) => [c.night, c.kind]),
      [
        [day(81), 'external'],
        [day(82), 'external'],
        [day(83), 'external'],
      ],
    );
    assert.deepEqual(await alertsOf(base), []);
    await announcementsSettled(t.ctx);
    const refused = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: accommodation.id, checkin: day(81), checkout: day(82) },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    assert.equal(refused.json<{ data: { available: boolean } }>().data.available, false);
  });
});
