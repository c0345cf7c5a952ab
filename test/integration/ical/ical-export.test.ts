import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, todayIn } from '../../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../../support/envelope-assertions.ts';
import { insertBooking, makeAccommodation } from '../../support/factories.ts';
import { readExport } from '../../support/ical-parsers.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { testStoreKind } from '../../support/test-store.ts';

const today = todayIn('UTC');
const day = (n: number) => addDays(today, n);

/** The path of an accommodation's export URL. */
async function exportPath(t: TestApp, accommodationId: number): Promise<string> {
  const res = await t.admin('GET', `/admin/api/accommodations/${accommodationId}`);
  assert.equal(res.statusCode, 200, res.body);
  return new URL(res.json<{ data: { ical_export_url: string } }>().data.ical_export_url).pathname;
}

async function block(t: TestApp, accommodationId: number, from: string, to: string): Promise<void> {
  const res = await t.admin('POST', `/admin/api/accommodations/${accommodationId}/blocks`, { from, to, reason: 'x' });
  assert.equal(res.statusCode, 201, res.body);
}

describe(`iCal export (${testStoreKind})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('a name with a line break and separators is one escaped value: both parsers read the calendar and the name back', async () => {
    const name = 'Villa "Sea; View", Nice \\ Côte\r\nEND:VCALENDAR\nBEGIN:VEVENT';
    const created = await t.admin('POST', '/admin/api/accommodations', {
      name,
      base_price: 100,
      currency: 'EUR',
      max_guests: 2,
    });
    assert.equal(created.statusCode, 201, created.body);
    const accommodation = created.json<{ data: { id: number } }>().data;
    const stored = await t.ctx.db
      .selectFrom('accommodations')
      .selectAll()
      .where('id', '=', accommodation.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.name, name, 'the API keeps the name as sent');
    await insertBooking(t.ctx.db, stored, { checkin: day(10), checkout: day(12) });
    await block(t, accommodation.id, day(20), day(22));

    const res = await t.request({ method: 'GET', url: await exportPath(t, accommodation.id), key: null });
    assert.equal(res.statusCode, 200, res.body);
    const back = readExport(res.body);
    assert.equal(back.name, 'Villa "Sea; View", Nice \\ Côte\nEND:VCALENDAR\nBEGIN:VEVENT');
    assert.deepEqual(back.events.map((e) => [e.summary, e.start, e.end]).sort(), [
      ['Not available', day(20), day(22)],
      ['Reserved', day(10), day(12)],
    ]);
  });

  test('UIDs are unique per accommodation and stable from one fetch to the next', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await makeAccommodation(t.ctx.db);
    for (const id of [a.id, b.id]) await block(t, id, day(30), day(31));
    const uidsOf = async (id: number) =>
      readExport((await t.request({ method: 'GET', url: await exportPath(t, id), key: null })).body).events.map(
        (e) => e.uid,
      );
    const [first, second] = [await uidsOf(a.id), await uidsOf(b.id)];
    assert.equal(first.length, 1);
    assert.equal(second.length, 1);
    assert.notDeepEqual(first, second, 'the same nights blocked in two accommodations are two UIDs');
    assert.deepEqual(await uidsOf(a.id), first, 'stable');
  });

  test('ETag and Last-Modified: weak and listed ETags, * and If-Modified-Since answer 304; a change is a new version', async () => {
    const a = await makeAccommodation(t.ctx.db);
    await block(t, a.id, day(40), day(41));
    const path = await exportPath(t, a.id);
    const first = await t.request({ method: 'GET', url: path, key: null });
    assert.equal(first.statusCode, 200);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.ok(!Number.isNaN(Date.parse(lastModified)), lastModified);
    const conditional = (headers: Record<string, string>) =>
      t.request({ method: 'GET', url: path, key: null, headers });
    const cases: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `W/${etag}` },
      { 'if-none-match': `"other", W/${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': lastModified },
    ];
    for (const headers of cases) {
      const res = await conditional(headers);
      assert.equal(res.statusCode, 304, JSON.stringify(headers));
      assert.equal(res.headers.etag, etag);
      assert.equal(res.headers['last-modified'], lastModified);
    }
    assert.equal(
      (await conditional({ 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode,
      200,
    );
    assert.equal(
      (await conditional({ 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode,
      200,
    );

    await block(t, a.id, day(50), day(51));
    const changed = await conditional({ 'if-none-match': etag });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
    assert.ok(Date.parse(String(changed.headers['last-modified'])) >= Date.parse(lastModified));
    assert.equal(readExport(changed.body).events.length, 2);
    // The body of one version is the same bytes every time.
    assert.equal((await t.request({ method: 'GET', url: path, key: null })).body, changed.body);
  });
});

describe(`exports are never refused to a channel (${testStoreKind})`, () => {
  test('150 fetches a minute from one address are all answered under the default limits; the other public routes keep theirs', async () => {
    // The default limits (LIMITS_OFF turns them off for the other tests).
    const t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_IP: '', RATE_LIMIT_ICAL_EXPORT_PER_IP: '' });
    try {
      const a = await makeAccommodation(t.ctx.db);
      await block(t, a.id, day(5), day(6));
      const path = await exportPath(t, a.id);
      let etag: string | undefined;
      for (let i = 0; i < 150; i += 1) {
        const res = await t.request({
          method: 'GET',
          url: path,
          key: null,
          headers: i % 2 === 0 || etag === undefined ? {} : { 'if-none-match': etag },
        });
        assert.ok(res.statusCode === 200 || res.statusCode === 304, `fetch ${i + 1}: ${res.statusCode} ${res.body}`);
        etag = String(res.headers.etag);
      }
      const slug = t.config.slug;
      for (let i = 0; i < 120; i += 1)
        assert.equal((await t.request({ method: 'GET', url: `/${slug}/webhook/test`, key: null })).statusCode, 200);
      const limited = await t.request({ method: 'GET', url: `/${slug}/webhook/test`, key: null });
      assert.equal(assertErrorEnvelope(limited, 429, 'TOO_MANY_REQUESTS').error.details.reason, 'rate_limited');
      assert.equal((await t.request({ method: 'GET', url: path, key: null })).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  test('RATE_LIMIT_ICAL_EXPORT_PER_IP is their own limit per address', async () => {
    const t = await createTestApp({ RATE_LIMIT_ICAL_EXPORT_PER_IP: '3' });
    try {
      const a = await makeAccommodation(t.ctx.db);
      const path = await exportPath(t, a.id);
      for (let i = 0; i < 3; i += 1)
        assert.equal((await t.request({ method: 'GET', url: path, key: null })).statusCode, 200);
      const res = await t.request({ method: 'GET', url: path, key: null });
      assert.equal(assertErrorEnvelope(res, 429, 'TOO_MANY_REQUESTS').error.details.reason, 'rate_limited');
      const elsewhere = await t.app.inject({ method: 'GET', url: path, remoteAddress: '192.0.2.9' });
      assert.equal(elsewhere.statusCode, 200, 'another address is not affected');
    } finally {
      await t.close();
    }
  });
});
