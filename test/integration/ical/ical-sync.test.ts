import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseFeed } from '../../../src/ical/parse-feed.ts';
import { setSetting } from '../../../src/settings/settings-repository.ts';
import { recordDelivery } from '../../../src/webhooks/webhook-events.ts';
import { syncCalendarWebhook } from '../../../src/webhooks/sync-calendar-webhook.ts';
import { addDays, eachDate, todayIn } from '../../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../../support/envelope-assertions.ts';
import { bookingBody, insertBooking, makeAccommodation } from '../../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../../support/feed-server.ts';
import { readExport } from '../../support/ical-parsers.ts';
import { assertMatchesOpenApi } from '../../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { testStoreKind } from '../../support/test-store.ts';
import { postWebhook } from '../../support/webhook-client.ts';
import { announcementsSettled } from '../../support/announcements.ts';

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
  feed_id: number;
  feed: string;
  outcome: string;
  added: number;
  changed: number;
  removed: number;
  alerts: number;
  error: string | null;
}

let pathCounter = 0;
/** An accommodation with one feed served at a fresh path. */
async function setup(name = 'airbnb') {
  const accommodation = await makeAccommodation(t.ctx.db);
  const path = `/feed-${(pathCounter += 1)}.ics`;
  const base = `/admin/api/accommodations/${accommodation.id}`;
  const res = await t.admin('POST', `${base}/ical-feeds`, { name, url: feeds.url(path) });
  assert.equal(res.statusCode, 201, res.body);
  const feed = res.json<{ data: { id: number } }>().data;
  return { accommodation, path, base, feedId: feed.id };
}

async function sync(base: string, feedId: number): Promise<Pull> {
  const res = await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'POST', `${base}/ical-feeds/${feedId}/sync`, res);
  return res.json<{ data: Pull }>().data;
}

async function externalNights(accommodationId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('night_claims')
    .select('night')
    .where('accommodation_id', '=', accommodationId)
    .where('kind', '=', 'external')
    .orderBy('night')
    .execute();
  return rows.map((r) => r.night);
}

describe(`iCal import (${testStoreKind})`, () => {
  test('a pull imports stays; a changed feed moves, adds and frees nights in one go', async () => {
    const { accommodation, path, base, feedId } = await setup();
    feeds.set(
      path,
      calendarOf([
        { uid: 'a@airbnb.com', start: day(10), end: day(13) },
        { uid: 'b@airbnb.com', start: day(20), end: day(22), summary: 'Airbnb (Not available)' },
      ]),
    );
    assert.deepEqual(await sync(base, feedId), {
      feed_id: feedId,
      feed: 'airbnb',
      outcome: 'updated',
      added: 2,
      changed: 0,
      removed: 0,
      alerts: 0,
      error: null,
    });
    assert.deepEqual(await externalNights(accommodation.id), [
      ...eachDate(day(10), day(13)),
      ...eachDate(day(20), day(22)),
    ]);

    // A direct booking over an imported night is refused.
    const refused = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(
        accommodation.id,
        { checkin: day(12), checkout: day(14) },
        { booking: { expected_amount: 275 } },
      ),
    });
    assert.equal(refused.statusCode, 409, refused.body);

    feeds.set(
      path,
      calendarOf([
        { uid: 'a@airbnb.com', start: day(11), end: day(15) },
        { uid: 'c@airbnb.com', start: day(30), end: day(31) },
      ]),
    );
    const second = await sync(base, feedId);
    assert.deepEqual([second.added, second.changed, second.removed], [1, 1, 1]);
    assert.deepEqual(await externalNights(accommodation.id), [...eachDate(day(11), day(15)), day(30)]);

    // The month calendar shows the imported stay with the feed name as source.
    const month = Number(day(11).slice(5, 7));
    const year = Number(day(11).slice(0, 4));
    await announcementsSettled(t.ctx);
    const cal = await t.request({
      method: 'POST',
      url: `${t.v1}/calendar`,
      payload: { accommodation_id: accommodation.id, month, year },
    });
    assert.equal(cal.statusCode, 200, cal.body);
    const entry = cal
      .json<{ data: { bookings: { id: number; source: string; start_date: string }[] } }>()
      .data.bookings.find((b) => b.start_date === day(11));
    assert.equal(entry?.source, 'airbnb');
    assert.ok((entry?.id ?? 0) < 0);
  });

  test('an unchanged feed answers 304 and nothing changes', async () => {
    const { accommodation, path, base, feedId } = await setup();
    feeds.set(path, calendarOf([{ uid: 'x', start: day(5), end: day(8) }]));
    assert.equal((await sync(base, feedId)).added, 1);
    const unchanged = await sync(base, feedId);
    assert.equal(unchanged.outcome, 'not_modified');
    assert.equal(feeds.hits(path), 2);
    assert.deepEqual(await externalNights(accommodation.id), eachDate(day(5), day(8)));
  });

  test('a sudden empty calendar from a feed with stays holds its nights and tells the host, until a second pull confirms it', async () => {
    const { accommodation, path, base, feedId } = await setup();
    await setSetting(t.ctx.db, 'host_email', 'host@example.com');
    feeds.set(
      path,
      calendarOf([
        { uid: 'x', start: day(5), end: day(8) },
        { uid: 'y', start: day(9), end: day(10) },
      ]),
    );
    assert.equal((await sync(base, feedId)).added, 2);
    const emptyMails = async () =>
      (
        await t.ctx.db
          .selectFrom('outbox')
          .select(['subject', 'body_text'])
          .where('template', '=', 'ical_feed_empty')
          .execute()
      ).filter((m) => m.subject.includes(accommodation.name) && m.body_text.includes('2 stay(s)'));
    const before = (await emptyMails()).length;

    feeds.set(path, calendarOf([]));
    const held = await sync(base, feedId);
    assert.deepEqual([held.outcome, held.removed], ['held', 0]);
    assert.deepEqual(await externalNights(accommodation.id), [...eachDate(day(5), day(8)), day(9)], 'nights held');
    assert.equal((await emptyMails()).length, before + 1, 'the host is told once');
    const listed = (await t.admin('GET', `${base}/ical-feeds`)).json<{
      data: { last_status: string; pulls: { outcome: string; error: string | null }[] }[];
    }>().data[0];
    assert.equal(listed?.last_status, 'held');
    assert.match(listed?.pulls[0]?.error ?? '', /came back empty; its 2 stay\(s\) are kept/);

    // The second empty answer confirms it (the channel sends the same empty calendar, 304 or not).
    const confirmed = await sync(base, feedId);
    assert.deepEqual([confirmed.outcome, confirmed.removed], ['updated', 2]);
    assert.deepEqual(await externalNights(accommodation.id), []);
    assert.equal((await emptyMails()).length, before + 1);
    // An empty calendar from a feed without stays is applied at once.
    assert.equal((await sync(base, feedId)).outcome, 'not_modified');
  });

  test('an empty answer followed by the calendar as before changes nothing', async () => {
    const { accommodation, path, base, feedId } = await setup();
    const calendar = calendarOf([{ uid: 'z', start: day(12), end: day(14) }]);
    feeds.set(path, calendar);
    await sync(base, feedId);
    feeds.set(path, calendarOf([]));
    assert.equal((await sync(base, feedId)).outcome, 'held');
    feeds.set(path, calendar);
    const back = await sync(base, feedId);
    assert.deepEqual([back.outcome, back.added, back.removed], ['not_modified', 0, 0]);
    assert.deepEqual(await externalNights(accommodation.id), [day(12), day(13)]);
    feeds.set(path, calendarOf([]));
    assert.equal((await sync(base, feedId)).outcome, 'held', 'a later empty answer is held again');
  });

  test('failures change nothing, are recorded with a backoff, logged and counted', async () => {
    const { accommodation, path, base, feedId } = await setup('booking');
    feeds.set(path, calendarOf([{ uid: 'keep', start: day(3), end: day(6), summary: 'CLOSED - Not available' }]));
    await sync(base, feedId);
    const cases: [number, string, Record<string, string>, RegExp][] = [
      [500, 'oops', {}, /HTTP 500/],
      [404, 'gone', {}, /HTTP 404/],
      [200, '<!DOCTYPE html><html><body>Log in to the extranet</body></html>', { 'content-type': 'text/html' }, /HTML/],
      [200, 'BEGIN:VCALENDAR\r\nnot a line\r\n', { 'content-type': 'text/calendar' }, /unreadable/],
    ];
    for (const [i, [status, body, headers, message]] of cases.entries()) {
      feeds.answer(path, status, body, headers);
      const pull = await sync(base, feedId);
      assert.equal(pull.outcome, 'failed');
      assert.match(pull.error ?? '', message);
      assert.deepEqual(await externalNights(accommodation.id), eachDate(day(3), day(6)), 'no night freed');
      const listed = (await t.admin('GET', `${base}/ical-feeds`)).json<{
        data: {
          last_status: string;
          consecutive_failures: number;
          next_attempt_at: string;
          pulls: { outcome: string }[];
        }[];
      }>().data[0];
      assert.equal(listed?.last_status, 'failed');
      assert.equal(listed?.consecutive_failures, i + 1);
      assert.ok((listed?.next_attempt_at ?? '') > t.ctx.now().toISOString());
      assert.equal(listed?.pulls[0]?.outcome, 'failed');
    }
    const metrics = await t.request({ method: 'GET', url: '/metrics', key: null });
    assert.match(metrics.body, /staydesk_ical_pulls_total\{outcome="failed"\} [1-9]/);
    const debug = await t.request({ method: 'POST', url: `${t.v1}/calendar/debug`, payload: {} });
    assert.equal(debug.statusCode, 200, debug.body);
    const failing = debug
      .json<{ data: { failing_feeds: { id: number; last_error: string; consecutive_failures: number }[] } }>()
      .data.failing_feeds.find((f) => f.id === feedId);
    assert.match(failing?.last_error ?? '', /unreadable/);
    assert.equal(failing?.consecutive_failures, 4);
    assert.ok(!debug.body.includes(feeds.url(path)), 'no feed URL in diagnostics');
  });

  test('overbooking: the alert names both sides, the stay takes the free nights, a mail goes to the host, the alert clears', async () => {
    const { accommodation, path, base, feedId } = await setup();
    await setSetting(t.ctx.db, 'host_email', 'host@example.com');
    const booking = await insertBooking(t.ctx.db, accommodation, { checkin: day(40), checkout: day(42) });
    feeds.set(path, calendarOf([{ uid: 'over@airbnb.com', start: day(41), end: day(44) }]));
    const pull = await sync(base, feedId);
    assert.equal(pull.alerts, 1);
    assert.deepEqual(await externalNights(accommodation.id), [day(42), day(43)], 'every free night is taken');
    const alerts = await t.admin('GET', `${base}/overbooking-alerts`);
    assertMatchesOpenApi(t.app, 'GET', `${base}/overbooking-alerts`, alerts);
    const [alert, ...rest] = alerts.json<{
      data: {
        nights: number;
        imported: { uid: string; feed: string };
        other: { kind: string; booking_id: number; confirmation_code: string };
      }[];
    }>().data;
    assert.equal(rest.length, 0);
    assert.equal(alert?.nights, 1);
    assert.deepEqual(alert?.imported.uid, 'over@airbnb.com');
    assert.equal(alert?.other.kind, 'booking');
    assert.equal(alert?.other.booking_id, booking.id);
    assert.equal(alert?.other.confirmation_code, booking.confirmation_code);
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select(['recipient', 'template', 'body_text'])
      .where('template', '=', 'overbooking_alert')
      .execute();
    assert.equal(mails.filter((m) => m.recipient === 'host@example.com' && m.body_text.includes(day(41))).length, 1);
    const metrics = await t.request({ method: 'GET', url: '/metrics', key: null });
    assert.match(metrics.body, /staydesk_overbooking_alerts_total [1-9]/);

    // Unchanged, and re-UIDed by the channel: no new alert, no new mail.
    feeds.set(path, calendarOf([{ uid: 'renamed@airbnb.com', start: day(41), end: day(44) }]));
    const again = await sync(base, feedId);
    assert.deepEqual([again.added, again.changed, again.removed, again.alerts], [0, 0, 0, 0]);
    assert.equal(
      (
        await t.ctx.db
          .selectFrom('outbox')
          .select('id')
          .where('template', '=', 'overbooking_alert')
          .where('body_text', 'like', `%${day(41)}%`)
          .execute()
      ).length,
      1,
    );

    // The booking is cancelled: the alert goes at once, and the next pull takes the freed night.
    const cancelled = await postWebhook(t, 'update', {
      event_type: 'cancelled',
      booking_id: booking.id,
      timestamp: new Date().toISOString(),
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.deepEqual((await t.admin('GET', `${base}/overbooking-alerts`)).json<{ data: unknown[] }>().data, []);
    feeds.set(
      path,
      calendarOf([
        { uid: 'renamed@airbnb.com', start: day(41), end: day(44) },
        { uid: 'nudge', start: day(90), end: day(91) },
      ]),
    );
    await sync(base, feedId);
    assert.ok((await externalNights(accommodation.id)).includes(day(41)));
  });

  test("Airbnb's sliding Not-available window does not churn", async () => {
    const { accommodation, path, base, feedId } = await setup();
    const block = await t.admin('POST', `${base}/blocks`, { from: day(200), to: day(202), reason: 'owner' });
    assert.equal(block.statusCode, 201, block.body);
    feeds.set(
      path,
      calendarOf([{ uid: 'window-1', start: day(150), end: day(300), summary: 'Airbnb (Not available)' }]),
    );
    assert.equal((await sync(base, feedId)).alerts, 1);
    for (let i = 1; i <= 3; i += 1) {
      feeds.set(
        path,
        calendarOf([{ uid: `window-${i + 1}`, start: day(150), end: day(300 + i), summary: 'Airbnb (Not available)' }]),
      );
      const pull = await sync(base, feedId);
      assert.deepEqual([pull.added, pull.changed, pull.removed, pull.alerts], [0, 0, 0, 0]);
    }
    assert.equal((await externalNights(accommodation.id)).at(-1), day(302));
    assert.equal(
      (await t.ctx.db.selectFrom('external_reservations').select('id').where('feed_id', '=', feedId).execute()).length,
      1,
    );
    assert.equal((await t.admin('GET', `${base}/overbooking-alerts`)).json<{ data: unknown[] }>().data.length, 1);
  });

  test('two feeds over the same nights: the second one alerts against the first', async () => {
    const { accommodation, path, base, feedId } = await setup('airbnb');
    const otherPath = `/feed-${(pathCounter += 1)}.ics`;
    const other = (await t.admin('POST', `${base}/ical-feeds`, { name: 'vrbo', url: feeds.url(otherPath) })).json<{
      data: { id: number };
    }>().data;
    feeds.set(path, calendarOf([{ uid: 'a', start: day(60), end: day(63) }]));
    feeds.set(otherPath, calendarOf([{ uid: 'b', start: day(62), end: day(64) }]));
    await sync(base, feedId);
    assert.equal((await sync(base, other.id)).alerts, 1);
    const [alert] = (await t.admin('GET', `${base}/overbooking-alerts`)).json<{
      data: { imported: { feed: string }; other: { kind: string; feed: string } }[];
    }>().data;
    assert.equal(alert?.imported.feed, 'vrbo');
    assert.deepEqual([alert?.other.kind, alert?.other.feed], ['external', 'airbnb']);
    // The first feed drops its stay: the alert clears and the second feed's stay takes the freed
    // night at once, before its own next pull.
    feeds.set(path, calendarOf([{ uid: 'later', start: day(90), end: day(91) }]));
    await sync(base, feedId);
    assert.deepEqual((await t.admin('GET', `${base}/overbooking-alerts`)).json<{ data: unknown[] }>().data, []);
    assert.deepEqual(await externalNights(accommodation.id), [day(62), day(63), day(90)]);
    assert.equal((await sync(base, other.id)).alerts, 0);
  });

  test('calendar_sync pulls before answering and says what changed per feed', async () => {
    const { accommodation, path } = await setup();
    feeds.set(path, calendarOf([{ uid: 'w', start: day(70), end: day(72) }]));
    const res = await postWebhook(t, 'calendar_sync', {
      accommodation_id: accommodation.id,
      action: 'sync',
      timestamp: new Date().toISOString(),
    });
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'POST', `/${t.config.slug}/webhook/calendar_sync`, res);
    const data = res.json<{
      feeds: number;
      imported: number;
      results: { feed: string; outcome: string; added: number }[];
      message: string;
    }>();
    assert.equal(data.feeds, 1);
    assert.equal(data.imported, 1);
    assert.deepEqual(
      data.results.map((r) => [r.feed, r.outcome, r.added]),
      [['airbnb', 'updated', 1]],
    );
    assert.match(data.message, /added 1, changed 0, removed 0/);
    assert.deepEqual(await externalNights(accommodation.id), [day(70), day(71)]);
  });

  test('the admin listing never shows credentials of a feed URL', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const base = `/admin/api/accommodations/${accommodation.id}`;
    const created = await t.admin('POST', `${base}/ical-feeds`, {
      name: 'private',
      url: 'https://user:s3cret@calendar.example.com/feed.ics',
    });
    assert.equal(created.statusCode, 201, created.body);
    const list = await t.admin('GET', `${base}/ical-feeds`);
    assertMatchesOpenApi(t.app, 'GET', `${base}/ical-feeds`, list);
    assert.ok(!list.body.includes('s3cret'));
    assert.ok(!created.body.includes('s3cret'));
    assert.equal(list.json<{ data: { url: string }[] }>().data[0]?.url, 'https://calendar.example.com/feed.ics');
  });
});

describe(`iCal export (${testStoreKind})`, () => {
  test('the accommodation URL serves bookings, blocks and imports; the feed URL leaves out its own; ETag; rotation', async () => {
    const { accommodation, path, base, feedId } = await setup();
    await insertBooking(t.ctx.db, accommodation, { checkin: day(10), checkout: day(12) });
    await insertBooking(t.ctx.db, accommodation, { checkin: day(50), checkout: day(52), status: 'cancelled' });
    assert.equal(
      (await t.admin('POST', `${base}/blocks`, { from: day(20), to: day(21), reason: 'painting' })).statusCode,
      201,
    );
    feeds.set(path, calendarOf([{ uid: 'imp', start: day(30), end: day(33) }]));
    await sync(base, feedId);

    const detail = await t.admin('GET', base);
    assertMatchesOpenApi(t.app, 'GET', base, detail);
    const exportUrl = detail.json<{ data: { ical_export_url: string } }>().data.ical_export_url;
    assert.match(exportUrl, new RegExp(`^http://staydesk\\.test/${t.config.slug}/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    const exportPath = new URL(exportUrl).pathname;
    const res = await t.request({ method: 'GET', url: exportPath, key: null });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/calendar/);
    assert.ok(res.headers.etag);
    assert.match(String(res.headers['cache-control']), /max-age/);
    assert.ok(!res.body.includes('Lovelace') && !res.body.includes('Ada'), 'no guest data');
    readExport(res.body);
    const stays = parseFeed(res.body, { timeZone: 'UTC', today });
    const nights = stays.flatMap((s) => eachDate(s.start, s.end)).sort();
    const claimed = (
      await t.ctx.db
        .selectFrom('night_claims')
        .select('night')
        .where('accommodation_id', '=', accommodation.id)
        .orderBy('night')
        .execute()
    ).map((r) => r.night);
    assert.deepEqual(nights, claimed, 'round trip: exactly the taken nights');
    assert.deepEqual(nights, [day(10), day(11), day(20), day(30), day(31), day(32)]);

    const cached = await t.request({
      method: 'GET',
      url: exportPath,
      key: null,
      headers: { 'if-none-match': res.headers.etag },
    });
    assert.equal(cached.statusCode, 304);

    const feedExport =
      (await t.admin('GET', `${base}/ical-feeds`)).json<{ data: { export_url: string }[] }>().data[0]?.export_url ?? '';
    const own = await t.request({ method: 'GET', url: new URL(feedExport).pathname, key: null });
    assert.equal(own.statusCode, 200);
    readExport(own.body);
    assert.deepEqual(
      parseFeed(own.body, { timeZone: 'UTC', today })
        .flatMap((s) => eachDate(s.start, s.end))
        .sort(),
      [day(10), day(11), day(20)],
      "the feed's own stays are left out",
    );

    const rotated = await t.admin('POST', `${base}/ical-export-url/rotate`);
    assert.equal(rotated.statusCode, 200, rotated.body);
    assert.notEqual(rotated.json<{ data: { ical_export_url: string } }>().data.ical_export_url, exportUrl);
    assertErrorEnvelope(await t.request({ method: 'GET', url: exportPath, key: null }), 404, 'NOT_FOUND');
    assertErrorEnvelope(
      await t.request({ method: 'GET', url: new URL(feedExport).pathname, key: null }),
      404,
      'NOT_FOUND',
    );
  });
});

describe(`feed address guard on the admin route (${testStoreKind})`, () => {
  test('internal addresses are refused with 400 unless ICAL_ALLOW_PRIVATE_NETWORKS=true', async () => {
    const strict = await createTestApp();
    try {
      const accommodation = await makeAccommodation(strict.ctx.db);
      for (const url of [
        'http://127.0.0.1/a.ics',
        'http://localhost/a.ics',
        'http://[::1]/a.ics',
        'http://169.254.169.254/latest',
        'http://10.1.2.3/a.ics',
        'http://192.168.0.1/a.ics',
        'http://2130706433/a.ics',
        'http://0x7f000001/a.ics',
        'http://[::ffff:127.0.0.1]/a.ics',
        'http://[::127.0.0.1]/a.ics',
        'http://[::a9fe:a9fe]/latest',
        'http://0.0.0.0/a.ics',
      ]) {
        const res = await strict.request({
          method: 'POST',
          url: `/admin/api/accommodations/${accommodation.id}/ical-feeds`,
          key: strict.adminKey,
          payload: { name: 'x', url },
        });
        assert.equal(assertErrorEnvelope(res, 400, 'BAD_REQUEST').error.details.reason, 'private_address', url);
      }
    } finally {
      await strict.close();
    }
  });
});

describe(`calendar_sync deliveries (docs/api.md#webhook-calendar-sync) (${testStoreKind})`, () => {
  const SECRET = 'whsk_calendar_sync_test_secret_0123456789';
  let signed: TestApp;
  before(async () => {
    signed = await createTestApp({ ICAL_ALLOW_PRIVATE_NETWORKS: 'true' });
    await setSetting(signed.ctx.db, 'webhook_secret', SECRET);
  });
  after(async () => {
    await signed.close();
  });

  async function signedFeed() {
    const accommodation = await makeAccommodation(signed.ctx.db);
    const path = `/feed-${(pathCounter += 1)}.ics`;
    const res = await signed.admin('POST', `/admin/api/accommodations/${accommodation.id}/ical-feeds`, {
      name: 'airbnb',
      url: feeds.url(path),
    });
    assert.equal(res.statusCode, 201, res.body);
    return { accommodation, path };
  }
  const nightsOf = async (accommodationId: number) =>
    (
      await signed.ctx.db
        .selectFrom('night_claims')
        .select('night')
        .where('accommodation_id', '=', accommodationId)
        .orderBy('night')
        .execute()
    ).map((r) => r.night);

  test('the same bytes again get the first answer and pull nothing; a fresh timestamp pulls', async () => {
    const { accommodation, path } = await signedFeed();
    feeds.set(path, calendarOf([{ uid: 'r', start: day(80), end: day(82) }]));
    const body = { accommodation_id: accommodation.id, action: 'sync', timestamp: new Date().toISOString() };
    const first = await postWebhook(signed, 'calendar_sync', body, { secret: SECRET });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(feeds.hits(path), 1);
    // The feed changes, but a repeat of the same bytes is answered as the first delivery was.
    feeds.set(path, calendarOf([{ uid: 'r', start: day(80), end: day(83) }]));
    const repeat = await postWebhook(signed, 'calendar_sync', body, { secret: SECRET });
    assert.equal(repeat.statusCode, 200, repeat.body);
    assert.deepEqual(repeat.json(), first.json());
    assert.equal(feeds.hits(path), 1, 'the repeat pulled nothing');
    assert.deepEqual(await nightsOf(accommodation.id), [day(80), day(81)]);
    // A new delivery (another timestamp) pulls again.
    const next = await postWebhook(
      signed,
      'calendar_sync',
      { ...body, timestamp: new Date(Date.now() + 1000).toISOString() },
      { secret: SECRET },
    );
    assert.equal(next.statusCode, 200, next.body);
    assert.equal(feeds.hits(path), 2);
    assert.equal(next.json<{ results: { changed: number }[] }>().results[0]?.changed, 1);
    assert.deepEqual(await nightsOf(accommodation.id), [day(80), day(81), day(82)]);
  });

  test('copies of one delivery sent at once pull once and all get its answer', async () => {
    const { accommodation, path } = await signedFeed();
    feeds.set(path, calendarOf([{ uid: 'c', start: day(90), end: day(91) }]));
    const body = { accommodation_id: accommodation.id, action: 'sync', timestamp: new Date().toISOString() };
    const answers = await Promise.all(
      [1, 2, 3].map(() => postWebhook(signed, 'calendar_sync', body, { secret: SECRET })),
    );
    for (const res of answers) assert.equal(res.statusCode, 200, res.body);
    assert.equal(feeds.hits(path), 1);
    assert.deepEqual(answers[1]?.json(), answers[0]?.json());
    assert.deepEqual(answers[2]?.json(), answers[0]?.json());
  });

  test('an unknown accommodation is a 404, and so is a repeat of the same bytes', async () => {
    const body = { accommodation_id: 999_999, action: 'sync', timestamp: new Date().toISOString() };
    const first = await postWebhook(signed, 'calendar_sync', body, { secret: SECRET });
    assert.equal(assertErrorEnvelope(first, 404, 'NOT_FOUND').error.details.reason, 'accommodation_not_found');
    const repeat = await postWebhook(signed, 'calendar_sync', body, { secret: SECRET });
    assert.equal(
      assertErrorEnvelope(repeat, 404, 'NOT_FOUND').error.message,
      first.json<{ error: { message: string } }>().error.message,
    );
  });

  test('bytes that are also a valid /update body are a delivery of each endpoint, not one', async () => {
    const { accommodation, path } = await signedFeed();
    feeds.set(path, calendarOf([]));
    const booking = await insertBooking(signed.ctx.db, accommodation, {
      checkin: day(100),
      checkout: day(102),
      status: 'confirmed',
    });
    const raw = JSON.stringify({
      accommodation_id: accommodation.id,
      action: 'sync',
      event_type: 'cancelled',
      booking_id: booking.id,
      timestamp: new Date().toISOString(),
    });
    const synced = await postWebhook(signed, 'calendar_sync', null, { secret: SECRET, raw });
    assert.equal(synced.statusCode, 200, synced.body);
    const cancelled = await postWebhook(signed, 'update', null, { secret: SECRET, raw });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json<{ updated: boolean; new_status: string }>().updated, true);
    assert.equal(
      (
        await signed.ctx.db
          .selectFrom('bookings')
          .select('status')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow()
      ).status,
      'cancelled',
    );
  });

  test('a delivery whose first copy died mid-pull is pulled by the next copy after its wait, which answers the ones after it', async () => {
    const { accommodation, path } = await signedFeed();
    feeds.set(path, calendarOf([{ uid: 'd', start: day(110), end: day(111) }]));
    const delivery = { key: 'a'.repeat(64), retentionMs: 15 * 60_000, signed: true, apiKeyId: null };
    // What a process that died after recording the delivery leaves: a row with no answer.
    const now = new Date().toISOString();
    await recordDelivery(signed.ctx.db, {
      source: 'service',
      dedupeKey: `calendar_sync:${delivery.key}`,
      eventType: 'calendar_sync',
      receivedAt: now,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const taken = await syncCalendarWebhook(signed.ctx, accommodation.id, delivery, { firstAnswerWaitMs: 200 });
    assert.equal(taken.pulled, true);
    assert.equal(feeds.hits(path), 1);
    const after = await syncCalendarWebhook(signed.ctx, accommodation.id, delivery, { firstAnswerWaitMs: 200 });
    assert.equal(after.pulled, false);
    assert.deepEqual(after.result, taken.result);
    assert.equal(feeds.hits(path), 1);
  });

  test('without a webhook secret every call pulls', async () => {
    const { accommodation, path } = await setup();
    feeds.set(path, calendarOf([]));
    const body = { accommodation_id: accommodation.id, action: 'sync', timestamp: new Date().toISOString() };
    for (let i = 0; i < 2; i++) assert.equal((await postWebhook(t, 'calendar_sync', body)).statusCode, 200);
    assert.equal(feeds.hits(path), 2);
  });
});
