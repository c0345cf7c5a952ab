import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { claimNights } from '../../src/occupancy/night-ledger.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** A fresh accommodation (100.00 EUR a night) and its admin URL. */
async function accommodation(
  overrides: Parameters<typeof makeAccommodation>[1] = {},
): Promise<{ id: number; url: string }> {
  const row = await makeAccommodation(t.ctx.db, overrides);
  return { id: row.id, url: `/admin/api/accommodations/${row.id}` };
}

interface NightPrice {
  date: string;
  price: number;
  source: 'override' | 'base';
}

async function prices(url: string, from: string, to: string): Promise<NightPrice[]> {
  const res = await t.admin('GET', `${url}/prices?from=${from}&to=${to}`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', `${url}/prices`, res);
  return res.json<{ data: NightPrice[] }>().data;
}

async function blocked(url: string, query = ''): Promise<{ date: string; reason: string | null }[]> {
  const res = await t.admin('GET', `${url}/blocks${query}`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', `${url}/blocks`, res);
  return res
    .json<{ data: { date: string; reason: string | null; created_at: string }[] }>()
    .data.map(({ date, reason }) => ({ date, reason }));
}

function assert400(res: LightMyRequestResponse, parameter: string, reason?: string): void {
  const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
  assert.equal(body.error.details.parameter, parameter, res.body);
  if (reason !== undefined) assert.equal(body.error.details.reason, reason, res.body);
}

describe(`admin nightly prices (${testStoreKind})`, () => {
  test('set over a range, overwrite part of it, clear part of it', async () => {
    const { id, url } = await accommodation();
    const set = await t.admin('PUT', `${url}/prices`, { from: '2031-08-01', to: '2031-08-04', price: 150.5 });
    assert.equal(set.statusCode, 200, set.body);
    assertMatchesOpenApi(t.app, 'PUT', `${url}/prices`, set);
    assert.deepEqual(set.json<{ data: unknown }>().data, {
      accommodation_id: id,
      from: '2031-08-01',
      to: '2031-08-04',
      nights: 3,
      price: 150.5,
    });

    assert.deepEqual(await prices(url, '2031-07-31', '2031-08-05'), [
      { date: '2031-07-31', price: 100, source: 'base' },
      { date: '2031-08-01', price: 150.5, source: 'override' },
      { date: '2031-08-02', price: 150.5, source: 'override' },
      { date: '2031-08-03', price: 150.5, source: 'override' },
      { date: '2031-08-04', price: 100, source: 'base' },
    ]);

    assert.equal(
      (await t.admin('PUT', `${url}/prices`, { from: '2031-08-03', to: '2031-08-05', price: 0 })).statusCode,
      200,
    );
    const cleared = await t.admin('PUT', `${url}/prices`, { from: '2031-08-01', to: '2031-08-02', price: null });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(cleared.json<{ data: unknown }>().data, {
      accommodation_id: id,
      from: '2031-08-01',
      to: '2031-08-02',
      nights: 1,
      price: null,
    });

    assert.deepEqual(await prices(url, '2031-08-01', '2031-08-06'), [
      { date: '2031-08-01', price: 100, source: 'base' },
      { date: '2031-08-02', price: 150.5, source: 'override' },
      { date: '2031-08-03', price: 0, source: 'override' },
      { date: '2031-08-04', price: 0, source: 'override' },
      { date: '2031-08-05', price: 100, source: 'base' },
    ]);
  });

  test('prices of another accommodation are untouched', async () => {
    const a = await accommodation();
    const b = await accommodation();
    await t.admin('PUT', `${a.url}/prices`, { from: '2031-09-01', to: '2031-09-02', price: 70 });
    await t.admin('PUT', `${b.url}/prices`, { from: '2031-09-01', to: '2031-09-02', price: null });
    assert.deepEqual(await prices(a.url, '2031-09-01', '2031-09-02'), [
      { date: '2031-09-01', price: 70, source: 'override' },
    ]);
    assert.deepEqual(await prices(b.url, '2031-09-01', '2031-09-02'), [
      { date: '2031-09-01', price: 100, source: 'base' },
    ]);
  });

  test('a range of 731 nights is accepted, 732 is refused', async () => {
    const { url } = await accommodation();
    const ok = await t.admin('PUT', `${url}/prices`, { from: '2032-01-01', to: '2034-01-01', price: 99 });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json<{ data: { nights: number } }>().data.nights, 731);
    assert.equal((await prices(url, '2032-01-01', '2034-01-01')).filter((p) => p.source === 'override').length, 731);
    assert400(
      await t.admin('PUT', `${url}/prices`, { from: '2032-01-01', to: '2034-01-02', price: 99 }),
      'to',
      'range_too_long',
    );
    assert400(await t.admin('GET', `${url}/prices?from=2032-01-01&to=2034-01-02`), 'to', 'range_too_long');
  });

  test('invalid input is a 400 naming the parameter; an unknown accommodation is a 404', async () => {
    const { url } = await accommodation();
    const put = (body: Record<string, unknown>) => t.admin('PUT', `${url}/prices`, body);
    assert400(await put({ from: '2031-02-30', to: '2031-03-02', price: 10 }), 'from', 'invalid_date');
    assert400(await put({ from: '2031-03-01', to: '2031-3-2', price: 10 }), 'to');
    assert400(await put({ from: '2031-03-02', to: '2031-03-02', price: 10 }), 'to', 'invalid_range');
    assert400(await put({ from: '2031-03-05', to: '2031-03-02', price: 10 }), 'to', 'invalid_range');
    assert400(await put({ from: '2031-03-01', to: '2031-03-02', price: 10.555 }), 'price', 'invalid_amount');
    assert400(await put({ from: '2031-03-01', to: '2031-03-02', price: -1 }), 'price');
    assert400(await put({ from: '2031-03-01', to: '2031-03-02', price: '10' }), 'price');
    assert400(await put({ from: '2031-03-01', to: '2031-03-02' }), 'price', 'missing');
    assert400(
      await put({ from: '2031-03-01', to: '2031-03-02', price: 10, currency: 'EUR' }),
      'currency',
      'unknown_parameter',
    );
    assert400(await t.admin('GET', `${url}/prices?from=2031-03-01`), 'to', 'missing');
    assert.deepEqual(
      (await prices(url, '2031-03-01', '2031-03-03')).map((p) => p.source),
      ['base', 'base'],
      'nothing was written by the refused calls',
    );

    const jpy = await accommodation({ currency: 'JPY', base_price: 15000 });
    assert400(
      await t.admin('PUT', `${jpy.url}/prices`, { from: '2031-03-01', to: '2031-03-02', price: 100.5 }),
      'price',
      'invalid_amount',
    );

    assertErrorEnvelope(
      await t.admin('PUT', '/admin/api/accommodations/999999/prices', {
        from: '2031-03-01',
        to: '2031-03-02',
        price: 10,
      }),
      404,
      'NOT_FOUND',
    );
    assertErrorEnvelope(
      await t.admin('GET', '/admin/api/accommodations/999999/prices?from=2031-03-01&to=2031-03-02'),
      404,
      'NOT_FOUND',
    );
  });
});

describe(`admin blocks (${testStoreKind})`, () => {
  test('block, list, unblock', async () => {
    const { id, url } = await accommodation();
    const res = await t.admin('POST', `${url}/blocks`, { from: '2031-10-01', to: '2031-10-04', reason: 'roof repair' });
    assert.equal(res.statusCode, 201, res.body);
    assertMatchesOpenApi(t.app, 'POST', `${url}/blocks`, res);
    assert.deepEqual(res.json<{ data: unknown }>().data, {
      accommodation_id: id,
      from: '2031-10-01',
      to: '2031-10-04',
      nights: 3,
      reason: 'roof repair',
    });

    assert.deepEqual(await blocked(url), [
      { date: '2031-10-01', reason: 'roof repair' },
      { date: '2031-10-02', reason: 'roof repair' },
      { date: '2031-10-03', reason: 'roof repair' },
    ]);
    assert.deepEqual(await blocked(url, '?from=2031-10-02&to=2031-10-03'), [
      { date: '2031-10-02', reason: 'roof repair' },
    ]);

    // The same body as the block, reason included, unblocks.
    const unblocked = await t.admin('DELETE', `${url}/blocks`, {
      from: '2031-10-02',
      to: '2031-10-10',
      reason: 'roof repair',
    });
    assert.equal(unblocked.statusCode, 200, unblocked.body);
    assertMatchesOpenApi(t.app, 'DELETE', `${url}/blocks`, unblocked);
    assert.deepEqual(unblocked.json<{ data: unknown }>().data, { unblocked: 2 });
    assert.deepEqual(await blocked(url), [{ date: '2031-10-01', reason: 'roof repair' }]);

    const again = await t.admin('DELETE', `${url}/blocks`, { from: '2031-10-02', to: '2031-10-10' });
    assert.deepEqual(again.json<{ data: unknown }>().data, { unblocked: 0 });
  });

  test('blocking a night already blocked is a 409 naming it, and blocks nothing', async () => {
    const { url } = await accommodation();
    assert.equal(
      (await t.admin('POST', `${url}/blocks`, { from: '2031-11-05', to: '2031-11-06', reason: 'owner stay' }))
        .statusCode,
      201,
    );
    const res = await t.admin('POST', `${url}/blocks`, { from: '2031-11-03', to: '2031-11-08' });
    const body = assertErrorEnvelope(res, 409, 'CONFLICT');
    assertMatchesOpenApi(t.app, 'POST', `${url}/blocks`, res);
    assert.equal(body.error.details.night, '2031-11-05');
    assert.equal(body.error.details.reason, 'dates_unavailable');
    assert.match(body.error.message, /2031-11-05/);
    assert.match(body.error.message, /owner stay/);
    assert.deepEqual(await blocked(url), [{ date: '2031-11-05', reason: 'owner stay' }]);
  });

  test('a night held by an imported reservation cannot be blocked, and unblocking leaves it alone', async () => {
    const { id, url } = await accommodation();
    const { db } = t.ctx;
    const now = new Date().toISOString();
    const feed = await db
      .insertInto('external_feeds')
      .values({ accommodation_id: id, name: 'vrbo', url: 'https://example.com/v.ics', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reservation = await db
      .insertInto('external_reservations')
      .values({
        feed_id: feed.id,
        accommodation_id: id,
        uid: 'r1',
        summary: 'Reserved',
        start_date: '2031-12-02',
        end_date: '2031-12-03',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimNights(
      db,
      { accommodationId: id, nights: ['2031-12-02'], kind: 'external', externalReservationId: reservation.id },
      now,
    );

    const body = assertErrorEnvelope(
      await t.admin('POST', `${url}/blocks`, { from: '2031-12-01', to: '2031-12-04' }),
      409,
      'CONFLICT',
    );
    assert.equal(body.error.details.night, '2031-12-02');
    assert.equal(body.error.details.taken_by, 'external');
    assert.deepEqual(
      (await t.admin('DELETE', `${url}/blocks`, { from: '2031-12-01', to: '2031-12-04' })).json<{ data: unknown }>()
        .data,
      { unblocked: 0 },
    );
    const claims = await db.selectFrom('night_claims').select('kind').where('accommodation_id', '=', id).execute();
    assert.deepEqual(
      claims.map((c) => c.kind),
      ['external'],
    );
  });

  test('invalid input is a 400; an unknown accommodation is a 404', async () => {
    const { url } = await accommodation();
    assert400(await t.admin('POST', `${url}/blocks`, { from: '2031-04-31', to: '2031-05-02' }), 'from', 'invalid_date');
    assert400(await t.admin('POST', `${url}/blocks`, { from: '2031-05-02', to: '2031-05-01' }), 'to', 'invalid_range');
    assert400(await t.admin('POST', `${url}/blocks`, { from: '2031-05-01', to: '2033-05-03' }), 'to', 'range_too_long');
    assert400(await t.admin('POST', `${url}/blocks`, { from: '2031-05-01' }), 'to', 'missing');
    assert400(await t.admin('POST', `${url}/blocks`, { from: '2031-05-01', to: '2031-05-02', reason: 7 }), 'reason');
    assert400(
      await t.admin('POST', `${url}/blocks`, { from: '2031-05-01', to: '2031-05-02', note: 'x' }),
      'note',
      'unknown_parameter',
    );
    assert400(await t.admin('DELETE', `${url}/blocks`, { from: '2031-05-01' }), 'to', 'missing');
    assert400(await t.admin('GET', `${url}/blocks?from=2031-13-01`), 'from', 'invalid_date');
    assert.deepEqual(await blocked(url), []);
    assertErrorEnvelope(
      await t.admin('POST', '/admin/api/accommodations/999999/blocks', { from: '2031-05-01', to: '2031-05-02' }),
      404,
      'NOT_FOUND',
    );
    assertErrorEnvelope(
      await t.admin('DELETE', '/admin/api/accommodations/999999/blocks', { from: '2031-05-01', to: '2031-05-02' }),
      404,
      'NOT_FOUND',
    );
    assertErrorEnvelope(await t.admin('GET', '/admin/api/accommodations/999999/blocks'), 404, 'NOT_FOUND');
  });
});

interface Feed {
  id: number;
  accommodation_id: number;
  name: string;
  url: string;
  last_synced_at: string | null;
}

describe(`admin iCal feeds (${testStoreKind})`, () => {
  test('add, list, delete', async () => {
    const { id, url } = await accommodation();
    const res = await t.admin('POST', `${url}/ical-feeds`, {
      name: 'AirBnB',
      url: 'https://www.airbnb.example/calendar/ical/123.ics?s=abc',
    });
    assert.equal(res.statusCode, 201, res.body);
    assertMatchesOpenApi(t.app, 'POST', `${url}/ical-feeds`, res);
    const feed = res.json<{ data: Feed }>().data;
    assert.equal(feed.name, 'airbnb', 'stored lower-case');
    assert.equal(feed.accommodation_id, id);
    assert.equal(feed.url, 'https://www.airbnb.example/calendar/ical/123.ics?s=abc');
    assert.equal(feed.last_synced_at, null);

    const second = await t.admin('POST', `${url}/ical-feeds`, {
      name: 'booking_com-2',
      url: 'http://example.com/b.ics',
    });
    assert.equal(second.statusCode, 201, second.body);

    const list = await t.admin('GET', `${url}/ical-feeds`);
    assertMatchesOpenApi(t.app, 'GET', `${url}/ical-feeds`, list);
    assert.deepEqual(
      list.json<{ data: Feed[] }>().data.map((f) => f.name),
      ['airbnb', 'booking_com-2'],
    );

    const deleted = await t.admin('DELETE', `${url}/ical-feeds/${feed.id}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assertMatchesOpenApi(t.app, 'DELETE', `${url}/ical-feeds/${feed.id}`, deleted);
    assert.deepEqual(deleted.json<{ data: unknown }>().data, { deleted: true, id: feed.id });
    assert.deepEqual(
      (await t.admin('GET', `${url}/ical-feeds`)).json<{ data: Feed[] }>().data.map((f) => f.name),
      ['booking_com-2'],
    );
    assertErrorEnvelope(await t.admin('DELETE', `${url}/ical-feeds/${feed.id}`), 404, 'NOT_FOUND');
  });

  test('deleting a feed frees the nights imported from it', async () => {
    const { id, url } = await accommodation();
    const feed = (await t.admin('POST', `${url}/ical-feeds`, { name: 'vrbo', url: 'https://example.com/v.ics' })).json<{
      data: Feed;
    }>().data;
    const { db } = t.ctx;
    const now = new Date().toISOString();
    const reservation = await db
      .insertInto('external_reservations')
      .values({
        feed_id: feed.id,
        accommodation_id: id,
        uid: 'x',
        summary: 'Reserved',
        start_date: '2032-02-01',
        end_date: '2032-02-03',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimNights(
      db,
      {
        accommodationId: id,
        nights: ['2032-02-01', '2032-02-02'],
        kind: 'external',
        externalReservationId: reservation.id,
      },
      now,
    );
    assert.equal((await t.admin('POST', `${url}/blocks`, { from: '2032-02-01', to: '2032-02-03' })).statusCode, 409);

    assert.equal((await t.admin('DELETE', `${url}/ical-feeds/${feed.id}`)).statusCode, 200);
    assert.equal(
      (await db.selectFrom('external_reservations').select('id').where('feed_id', '=', feed.id).execute()).length,
      0,
    );
    assert.equal(
      (await t.admin('POST', `${url}/blocks`, { from: '2032-02-01', to: '2032-02-03' })).statusCode,
      201,
      'the nights are free again',
    );
  });

  test('a duplicate name is a 409; a bad name or URL is a 400; unknown ids are 404', async () => {
    const a = await accommodation();
    const b = await accommodation();
    const feed = (
      await t.admin('POST', `${a.url}/ical-feeds`, { name: 'airbnb', url: 'https://example.com/a.ics' })
    ).json<{ data: Feed }>().data;
    const dup = assertErrorEnvelope(
      await t.admin('POST', `${a.url}/ical-feeds`, { name: 'AIRBNB', url: 'https://example.com/other.ics' }),
      409,
      'CONFLICT',
    );
    assert.equal(dup.error.details.reason, 'duplicate_feed_name');
    assert.equal(
      (await t.admin('POST', `${b.url}/ical-feeds`, { name: 'airbnb', url: 'https://example.com/b.ics' })).statusCode,
      201,
      'names are unique per accommodation',
    );

    assert400(
      await t.admin('POST', `${a.url}/ical-feeds`, { name: 'air bnb', url: 'https://example.com/a.ics' }),
      'name',
    );
    assert400(await t.admin('POST', `${a.url}/ical-feeds`, { name: '', url: 'https://example.com/a.ics' }), 'name');
    assert400(
      await t.admin('POST', `${a.url}/ical-feeds`, { name: 'x'.repeat(51), url: 'https://example.com/a.ics' }),
      'name',
    );
    assert400(
      await t.admin('POST', `${a.url}/ical-feeds`, { name: 'ftp', url: 'ftp://example.com/a.ics' }),
      'url',
      'invalid_url',
    );
    assert400(await t.admin('POST', `${a.url}/ical-feeds`, { name: 'junk', url: 'not a url' }), 'url', 'invalid_url');
    assert400(await t.admin('POST', `${a.url}/ical-feeds`, { name: 'nourl' }), 'url', 'missing');

    assertErrorEnvelope(await t.admin('DELETE', `${b.url}/ical-feeds/${feed.id}`), 404, 'NOT_FOUND');
    assert.equal(
      (await t.admin('GET', `${a.url}/ical-feeds`)).json<{ data: Feed[] }>().data.length,
      1,
      'the feed of another accommodation was not deleted',
    );
    assertErrorEnvelope(await t.admin('GET', '/admin/api/accommodations/999999/ical-feeds'), 404, 'NOT_FOUND');
    assertErrorEnvelope(
      await t.admin('POST', '/admin/api/accommodations/999999/ical-feeds', { name: 'x', url: 'https://example.com' }),
      404,
      'NOT_FOUND',
    );
  });
});
