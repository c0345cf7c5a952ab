import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, todayIn } from '../../../src/shared/dates.ts';
import { signIn, type ConsoleClient } from '../../support/console-client.ts';
import { assertErrorEnvelope } from '../../support/envelope-assertions.ts';
import { makeAccommodation } from '../../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../../support/feed-server.ts';
import { assertMatchesOpenApi } from '../../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { testStoreKind } from '../../support/test-store.ts';

let t: TestApp;
let feeds: FeedServer;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp({ ICAL_ALLOW_PRIVATE_NETWORKS: 'true' });
  feeds = await startFeedServer();
  host = await signIn(t);
});
after(async () => {
  await feeds.close();
  await t.close();
});

const today = todayIn('UTC');
const day = (n: number) => addDays(today, n);

interface FeedView {
  id: number;
  name: string;
  url: string;
  export_url: string;
  last_status: string | null;
  next_attempt_at: string | null;
}

async function nightsOf(accommodationId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('night_claims')
    .select('night')
    .where('accommodation_id', '=', accommodationId)
    .orderBy('night')
    .execute();
  return rows.map((r) => r.night);
}

describe(`a feed edited in place (${testStoreKind})`, () => {
  test('PATCH changes the URL and keeps the id and the export URL; the next pull reads the new URL', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const base = `/admin/api/accommodations/${accommodation.id}`;
    feeds.set('/old.ics', calendarOf([{ uid: 'o', start: day(5), end: day(7) }]));
    feeds.set('/new.ics', calendarOf([{ uid: 'n', start: day(9), end: day(10) }]));
    const created = (await t.admin('POST', `${base}/ical-feeds`, { name: 'vrbo', url: feeds.url('/old.ics') })).json<{
      data: FeedView;
    }>().data;
    assert.equal((await t.admin('POST', `${base}/ical-feeds/${created.id}/sync`)).statusCode, 200);
    assert.deepEqual(await nightsOf(accommodation.id), [day(5), day(6)]);

    const patched = await t.admin('PATCH', `${base}/ical-feeds/${created.id}`, { url: feeds.url('/new.ics') });
    assert.equal(patched.statusCode, 200, patched.body);
    assertMatchesOpenApi(t.app, 'PATCH', `${base}/ical-feeds/${created.id}`, patched);
    const view = patched.json<{ data: FeedView }>().data;
    assert.deepEqual(
      [view.id, view.name, view.url, view.export_url, view.last_status, view.next_attempt_at],
      [created.id, 'vrbo', feeds.url('/new.ics'), created.export_url, null, null],
    );
    assert.deepEqual(await nightsOf(accommodation.id), [day(5), day(6)], 'the stays stay until the next pull');
    const pull = await t.admin('POST', `${base}/ical-feeds/${created.id}/sync`);
    assert.deepEqual(
      [pull.json<{ data: { added: number; removed: number } }>().data.added, feeds.hits('/new.ics')],
      [1, 1],
    );
    assert.deepEqual(await nightsOf(accommodation.id), [day(9)]);

    const renamed = await t.admin('PATCH', `${base}/ical-feeds/${created.id}`, { name: 'VRBO-2' });
    assert.equal(renamed.json<{ data: FeedView }>().data.name, 'vrbo-2');
    assert.equal(
      (await t.admin('POST', `${base}/ical-feeds`, { name: 'airbnb', url: feeds.url('/x.ics') })).statusCode,
      201,
    );
    const taken = await t.admin('PATCH', `${base}/ical-feeds/${created.id}`, { name: 'airbnb' });
    assert.equal(assertErrorEnvelope(taken, 409, 'CONFLICT').error.details.reason, 'duplicate_feed_name');
    const empty = await t.admin('PATCH', `${base}/ical-feeds/${created.id}`, {});
    assertErrorEnvelope(empty, 400, 'BAD_REQUEST');
    const unknown = await t.admin('PATCH', `${base}/ical-feeds/999999`, { name: 'x' });
    assert.equal(assertErrorEnvelope(unknown, 404, 'NOT_FOUND').error.details.reason, 'feed_not_found');
  });

  test('a pull of the old URL that ends after the edit applies nothing, and the new URL stays due', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const base = `/admin/api/accommodations/${accommodation.id}`;
    let feedId = 0;
    const slow = await startFeedServer({
      // The channel answers once the feed has been given its new URL.
      onRequest: async () => {
        const res = await t.admin('PATCH', `${base}/ical-feeds/${feedId}`, { url: feeds.url('/moved.ics') });
        assert.equal(res.statusCode, 200, res.body);
      },
    });
    try {
      slow.set('/slow.ics', calendarOf([{ uid: 's', start: day(15), end: day(17) }]));
      feedId = (await t.admin('POST', `${base}/ical-feeds`, { name: 'slow', url: slow.url('/slow.ics') })).json<{
        data: FeedView;
      }>().data.id;
      const pull = await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`);
      assert.match(pull.json<{ data: { error: string } }>().data.error, /changed or removed during the pull/);
      assert.deepEqual(await nightsOf(accommodation.id), []);
      const row = await t.ctx.db
        .selectFrom('external_feeds')
        .select(['next_attempt_at', 'body_hash'])
        .where('id', '=', feedId)
        .executeTakeFirstOrThrow();
      assert.deepEqual({ ...row }, { next_attempt_at: null, body_hash: null });
    } finally {
      await slow.close();
    }
  });

  test("the accommodation's own export URLs are refused as its feed; another accommodation's is not", async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const other = await makeAccommodation(t.ctx.db);
    const base = `/admin/api/accommodations/${accommodation.id}`;
    const own = (await t.admin('GET', base)).json<{ data: { ical_export_url: string } }>().data.ical_export_url;
    const feed = (await t.admin('POST', `${base}/ical-feeds`, { name: 'airbnb', url: feeds.url('/a.ics') })).json<{
      data: FeedView;
    }>().data;
    for (const url of [own, feed.export_url, own.replace('http://staydesk.test', 'https://proxy.example.com')]) {
      const added = await t.admin('POST', `${base}/ical-feeds`, { name: 'loop', url });
      assert.equal(assertErrorEnvelope(added, 400, 'BAD_REQUEST').error.details.reason, 'own_export_url', url);
      const patched = await t.admin('PATCH', `${base}/ical-feeds/${feed.id}`, { url });
      assert.equal(assertErrorEnvelope(patched, 400, 'BAD_REQUEST').error.details.reason, 'own_export_url', url);
    }
    const house = (await t.admin('GET', `/admin/api/accommodations/${other.id}`)).json<{
      data: { ical_export_url: string };
    }>().data.ical_export_url;
    assert.equal((await t.admin('POST', `${base}/ical-feeds`, { name: 'house', url: house })).statusCode, 201);
  });

  test('the console changes a feed URL from the accommodation page; an error shows beside that feed’s field', async () => {
    const accommodation = await makeAccommodation(t.ctx.db, { name: 'Console Feed House' });
    const base = `/admin/api/accommodations/${accommodation.id}`;
    const feed = (await t.admin('POST', `${base}/ical-feeds`, { name: 'booking', url: feeds.url('/c1.ics') })).json<{
      data: FeedView;
    }>().data;
    const page = await host.get(`/admin/accommodations/${accommodation.id}`);
    assert.match(page.body, new RegExp(`action="/admin/accommodations/${accommodation.id}/feeds/${feed.id}"`));
    assert.match(page.body, /New iCal URL for booking/);

    const changed = await host.post(`/admin/accommodations/${accommodation.id}/feeds/${feed.id}`, {
      url: feeds.url('/c2.ics'),
    });
    assert.equal(changed.statusCode, 303, changed.body);
    const stored = await t.ctx.db
      .selectFrom('external_feeds')
      .select(['url', 'export_token'])
      .where('id', '=', feed.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.url, feeds.url('/c2.ics'));
    assert.ok(feed.export_url.endsWith(`${stored.export_token ?? '-'}.ics`), 'the export URL is kept');

    const refused = await host.post(`/admin/accommodations/${accommodation.id}/feeds/${feed.id}`, {
      url: feed.export_url,
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /id="err-url"[^>]*>[^<]*own calendar export URL/);
    assert.match(refused.body, new RegExp(`id="feed-${feed.id}-url"[^>]*aria-invalid="true"`));
  });
});
