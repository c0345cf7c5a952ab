import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { nightRange } from '../../src/accommodations/night-range.ts';
import { changeBlock } from '../../src/blocks/block-nights.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { makeAccommodation } from '../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// calendar.changed (docs/decisions.md#partner-events) is written, in the change's transaction, for
// every change of an accommodation's free nights: blocks added, moved and removed, and iCal pulls
// that add, move or remove stays, and an imported calendar removed; a pull that changes nothing
// writes none.

let t: TestApp;
let feeds: FeedServer;
before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  feeds = await startFeedServer();
  const key = await createApiKey(t.ctx.db, { name: 'calendar partner', scope: 'api' });
  const res = await t.admin('POST', '/admin/api/webhook-endpoints', {
    api_key_id: key.record.id,
    url: 'https://partner.example.com/hooks',
    events: ['calendar.changed'],
  });
  assert.equal(res.statusCode, 201, res.body);
});
after(async () => {
  await feeds.close();
  await t.close();
});

const day = (n: number) => addDays(todayIn('UTC'), n);

/** The calendar changes written since the last call, each queued for the endpoint. */
let seen = 0;
async function newChanges(): Promise<{ accommodation_id: number; from: string; to: string }[]> {
  const rows = await t.ctx.db
    .selectFrom('partner_events')
    .select(['id', 'payload'])
    .where('type', '=', 'calendar.changed')
    .where('id', '>', seen)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const queued = await t.ctx.db.selectFrom('event_deliveries').select('id').where('event_id', '=', row.id).execute();
    assert.equal(queued.length, 1, 'queued for the endpoint that asks for calendar changes');
  }
  seen = rows.at(-1)?.id ?? seen;
  return rows.map(
    (r) => (JSON.parse(r.payload) as { data: { accommodation_id: number; from: string; to: string } }).data,
  );
}

describe(`calendar.changed for blocks and iCal imports (${testStoreKind})`, () => {
  test('blocking, moving and unblocking nights each announce the nights concerned', async () => {
    const house = await makeAccommodation(t.ctx.db);
    await newChanges();
    const blocks = `/admin/api/accommodations/${house.id}/blocks`;
    const blocked = await t.admin('POST', blocks, { from: day(10), to: day(12), reason: 'painting' });
    assert.equal(blocked.statusCode, 201, blocked.body);
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(10), to: day(12) }]);

    await changeBlock(t.ctx, house.id, nightRange(day(10), day(12)), nightRange(day(11), day(14)), null, t.ctx.now());
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(10), to: day(14) }]);

    const refused = await t.admin('POST', blocks, { from: day(13), to: day(15) });
    assert.equal(refused.statusCode, 409, 'a night already blocked');
    assert.deepEqual(await newChanges(), [], 'a refused block announces nothing');

    const unblocked = await t.admin('DELETE', blocks, { from: day(11), to: day(14) });
    assert.equal(unblocked.statusCode, 200, unblocked.body);
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(11), to: day(14) }]);
    const nothing = await t.admin('DELETE', blocks, { from: day(11), to: day(14) });
    assert.equal(nothing.statusCode, 200, nothing.body);
    assert.deepEqual(await newChanges(), [], 'unblocking free nights changes nothing');
  });

  test('an iCal pull that adds, moves or removes stays announces them, as does removing the calendar; an unchanged pull does not', async () => {
    const house = await makeAccommodation(t.ctx.db);
    const base = `/admin/api/accommodations/${house.id}`;
    const path = '/calendar-changed.ics';
    const res = await t.admin('POST', `${base}/ical-feeds`, { name: 'airbnb', url: feeds.url(path) });
    assert.equal(res.statusCode, 201, res.body);
    const feedId = res.json<{ data: { id: number } }>().data.id;
    const sync = async () => {
      const pulled = await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`);
      assert.equal(pulled.statusCode, 200, pulled.body);
    };
    await newChanges();

    feeds.set(path, calendarOf([{ uid: 'a@airbnb.com', start: day(20), end: day(23) }]));
    await sync();
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(20), to: day(23) }]);

    await sync();
    assert.deepEqual(await newChanges(), [], 'the same calendar again changes nothing');

    feeds.set(
      path,
      calendarOf([
        { uid: 'a@airbnb.com', start: day(21), end: day(25) },
        { uid: 'b@airbnb.com', start: day(30), end: day(31) },
      ]),
    );
    await sync();
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(20), to: day(31) }]);

    feeds.set(path, calendarOf([{ uid: 'b@airbnb.com', start: day(30), end: day(31) }]));
    await sync();
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(21), to: day(25) }]);

    const removed = await t.admin('DELETE', `${base}/ical-feeds/${feedId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(await newChanges(), [{ accommodation_id: house.id, from: day(30), to: day(31) }]);
  });
});
