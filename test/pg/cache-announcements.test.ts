// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../../src/app-context.ts';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/create-app-context.ts';
import { CHANGE_CHANNEL } from '../../src/db/change-feed.ts';
import { CHANGE_FEED_APPLICATION_NAME, PgChangeFeed } from '../../src/db/pg-change-feed.ts';
import { openStore } from '../../src/db/store.ts';
import type { App } from '../../src/http/types.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { announcementsSettled } from '../support/announcements.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { eventually } from '../support/timeouts.ts';

/**
 * Two apps on one PostgreSQL database, each with its own store, pool, caches and listening
 * connection, as two processes would have: a change made through one is announced by the
 * triggers of migration 0007 when it commits, and the other drops its cached copy as soon as the
 * announcement arrives, though the cache TTL is a minute. The tests wait for the announcement
 * itself, never for a time: what a process shows once it has heard a change is what they check.
 */

const TTL = { STAYDESK_CACHE_TTL_MS: '60000' };
let first: TestApp;
let second: { app: App; ctx: AppContext };
let url: string;

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  first = await createTestApp(TTL);
  assert.equal(first.config.store.kind, 'postgres');
  url = first.config.store.kind === 'postgres' ? first.config.store.url : '';
  const ctx = createContext({ ...first.config, cacheTtlMs: 60_000 }, openStore({ kind: 'postgres', url }));
  second = { app: await buildApp(ctx, { logger: false }), ctx };
  await bothListening();
});
after(async () => {
  await second.app.close();
  await second.ctx.store.destroy();
  await first.close();
});

function onSecond(method: 'GET' | 'POST', path: string, key: string, payload?: object) {
  return second.app.inject({
    method,
    url: `${first.v1}${path}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : {}),
  });
}

async function quotedTotal(accommodationId: number, stay: { checkin: string; checkout: string }): Promise<number> {
  const res = await onSecond('POST', '/availability', first.apiKey, { accommodation_id: accommodationId, ...stay });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { pricing: { total: number } } }>().data.pricing.total;
}

/** A connection of the test's own that hears every announcement on the channel. */
async function listenToAnnouncements(): Promise<{ heard: string[]; listener: pg.Client }> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const heard: string[] = [];
  listener.on('notification', (m) => heard.push(m.payload ?? ''));
  await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
  return { heard, listener };
}

/**
 * Waits until `heard` holds every announcement made so far, and returns them. Two markers sent now
 * come after them: one by a statement of the test's own, after every trigger's announcement
 * (PostgreSQL delivers notifications in commit order), and one through the process's own
 * announcer, after what it has queued (it sends in order).
 */
async function allHeard(heard: string[], process: AppContext): Promise<string[]> {
  const marker = randomUUID();
  await sql`select pg_notify(${CHANGE_CHANNEL}, ${`settled:${marker}-trigger`})`.execute(process.db);
  process.store.changes.announce('settled', `${marker}-process`);
  await until(
    'every announcement so far',
    () => heard.includes(`settled:${marker}-trigger`) && heard.includes(`settled:${marker}-process`),
  );
  return heard.filter((h) => !h.startsWith('settled:'));
}

/** Resolves when `process`'s feed delivers `payload`, after its caches (which subscribed first) have applied it. */
function heardBy(process: AppContext, payload: string): Promise<void> {
  return eventually(
    `${payload} to reach the process`,
    new Promise((resolve) => {
      const off = process.store.changes.subscribe({
        change: (c) => {
          if (`${c.table}:${c.id}` !== payload) return;
          off();
          resolve();
        },
        live: () => undefined,
      });
    }),
  );
}

/** Resolves once both processes listen again (a process caches nothing until its feed is live). */
function bothListening(): Promise<void> {
  return until('both processes listening', () => first.ctx.store.changes.live && second.ctx.store.changes.live);
}

/** Cuts every process's listening connection, as a server restart would. */
async function cutListeningConnections(): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`,
      [CHANGE_FEED_APPLICATION_NAME],
    );
  } finally {
    await admin.end();
  }
}

describe('announcements between processes on one PostgreSQL database', () => {
  test('a key revoked through one process is refused by the other once the announcement arrives', async () => {
    const created = await first.request({
      method: 'POST',
      url: '/admin/api/api-keys',
      key: first.adminKey,
      payload: { name: 'short-lived' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id, key } = created.json<{ data: { id: number; key: string } }>().data;
    assert.equal((await onSecond('GET', '/test', key)).statusCode, 200);
    assert.equal((await onSecond('GET', '/test', key)).statusCode, 200, 'admitted from the cache');
    const revoked = await first.request({ method: 'DELETE', url: `/admin/api/api-keys/${id}`, key: first.adminKey });
    assert.equal(revoked.statusCode, 200, revoked.body);
    await announcementsSettled(second.ctx);
    assert.equal((await onSecond('GET', '/test', key)).statusCode, 401);
  });

  test('a price set through one process is quoted by the other once the announcement arrives', async () => {
    const a = await makeAccommodation(first.ctx.db);
    const stay = futureStay(1);
    assert.equal(await quotedTotal(a.id, stay), 165);
    const set = await first.request({
      method: 'PUT',
      url: `/admin/api/accommodations/${a.id}/prices`,
      key: first.adminKey,
      payload: { from: stay.checkin, to: stay.checkout, price: 200 },
    });
    assert.equal(set.statusCode, 200, set.body);
    // 200 + cleaning 50, tax 10 %.
    await announcementsSettled(second.ctx);
    assert.equal(await quotedTotal(a.id, stay), 275);
  });

  test('a rolled-back change announces nothing; a committed one announces once', async () => {
    const a = await makeAccommodation(first.ctx.db);
    const stay = futureStay(1);
    const { heard, listener } = await listenToAnnouncements();
    try {
      await first.ctx.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('nightly_prices')
            .values({ accommodation_id: a.id, night: stay.checkin, price: 1 })
            .execute();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await first.ctx.db
        .insertInto('nightly_prices')
        .values({ accommodation_id: a.id, night: stay.checkin, price: 2 })
        .execute();
      assert.deepEqual(await allHeard(heard, first.ctx), [`nightly_prices:${a.id}`]);
    } finally {
      await listener.end();
    }
  });

  test('a booking made through one process is seen as taken by the other once the announcement arrives', async () => {
    const a = await makeAccommodation(first.ctx.db);
    // The new home's own announcement would otherwise drop the nights the first answer caches.
    await announcementsSettled(second.ctx);
    const stay = futureStay(2);
    const availableOnSecond = async (): Promise<boolean> => {
      const res = await onSecond('POST', '/availability', first.apiKey, { accommodation_id: a.id, ...stay });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { available: boolean } }>().data.available;
    };
    assert.equal(await availableOnSecond(), true);
    assert.ok(second.ctx.caches.nights.size > 0, 'the other process keeps the free nights');
    const heard = heardBy(second.ctx, `night_claims:${a.id}`);
    const booked = await first.request({
      method: 'POST',
      url: `${first.v1}/bookings`,
      key: first.apiKey,
      payload: bookingBody(a.id, stay, { booking: { expected_amount: 275 } }),
    });
    assert.equal(booked.statusCode, 200, booked.body);
    await heard;
    assert.equal(await availableOnSecond(), false);
  });

  test("a booking's claims are announced by the process that wrote them, not by the trigger; a block's by the trigger", async () => {
    const a = await makeAccommodation(first.ctx.db);
    const { heard, listener } = await listenToAnnouncements();
    try {
      // Written behind the app: the insert of a booking's claims announces nothing by itself, so
      // no booking's commit waits for PostgreSQL's lock on announcements (migration 0010).
      await insertBooking(first.ctx.db, a, { status: 'confirmed', ...futureStay(2) });
      const block = futureStay(1);
      await first.ctx.db
        .insertInto('night_claims')
        .values({
          accommodation_id: a.id,
          night: block.checkin,
          kind: 'block',
          booking_id: null,
          external_reservation_id: null,
          reason: 'painting',
          created_at: new Date().toISOString(),
        })
        .execute();
      assert.deepEqual(await allHeard(heard, first.ctx), [`night_claims:${a.id}`], 'only the block was announced');
      heard.length = 0;
      // Through the app, the booking is announced once it has committed.
      const booked = await first.request({
        method: 'POST',
        url: `${first.v1}/bookings`,
        key: first.apiKey,
        payload: bookingBody(a.id, futureStay(2), { booking: { expected_amount: 275 } }),
      });
      assert.equal(booked.statusCode, 200, booked.body);
      assert.deepEqual(await allHeard(heard, first.ctx), [`night_claims:${a.id}`]);
    } finally {
      await listener.end();
    }
  });

  test('bookings made together go out in few announcements, and the other process still sees the last one', async () => {
    const a = await makeAccommodation(first.ctx.db);
    const stays = Array.from({ length: 30 }, () => futureStay(2));
    const { heard, listener } = await listenToAnnouncements();
    try {
      // Sent together, as a partner's burst would: their commits meet within the announcement interval.
      const answers = await Promise.all(
        stays.map((stay) =>
          first.request({
            method: 'POST',
            url: `${first.v1}/bookings`,
            key: first.apiKey,
            payload: bookingBody(a.id, stay, { booking: { expected_amount: 275 } }),
          }),
        ),
      );
      for (const booked of answers) assert.equal(booked.statusCode, 200, booked.body);
      const last = stays[stays.length - 1];
      assert.ok(last !== undefined);
      const announced = (await allHeard(heard, first.ctx)).filter((h) => h === `night_claims:${a.id}`).length;
      // The listener has heard the last announcement, so it has reached the other process too.
      await announcementsSettled(second.ctx);
      const lastOnSecond = await onSecond('POST', '/availability', first.apiKey, { accommodation_id: a.id, ...last });
      assert.equal(lastOnSecond.json<{ data: { available: boolean } }>().data.available, false);
      assert.ok(announced >= 1 && announced < stays.length, `30 bookings went out in ${announced} announcements`);
    } finally {
      await listener.end();
    }
  });

  test('a process does not hear its own booking announcement back; the other process does', async () => {
    const a = await makeAccommodation(first.ctx.db);
    const heardBy = { first: [] as string[], second: [] as string[] };
    const listen = (feed: AppContext['store']['changes'], into: string[]) =>
      feed.subscribe({
        change: (c) => {
          into.push(`${c.table}:${c.id}`);
        },
        live: () => undefined,
      });
    const offs = [listen(first.ctx.store.changes, heardBy.first), listen(second.ctx.store.changes, heardBy.second)];
    try {
      const booked = await first.request({
        method: 'POST',
        url: `${first.v1}/bookings`,
        key: first.apiKey,
        payload: bookingBody(a.id, futureStay(2), { booking: { expected_amount: 275 } }),
      });
      assert.equal(booked.statusCode, 200, booked.body);
      await until('the other process to hear of the booking', () => heardBy.second.includes(`night_claims:${a.id}`));
      // Every announcement sent so far has come back to every listener by now.
      await announcementsSettled(first.ctx);
      await announcementsSettled(second.ctx);
      // The booking process tells its own subscribers once, when it commits (ChangeFeed.committed).
      assert.equal(
        heardBy.first.filter((c) => c === `night_claims:${a.id}`).length,
        1,
        'the booking process applied the change when it committed, and does not hear it again',
      );
    } finally {
      for (const off of offs) off();
    }
  });

  test('closing a feed still sends what was announced while a statement of announcements was in flight', async () => {
    const { heard, listener } = await listenToAnnouncements();
    const feed = new PgChangeFeed(url);
    try {
      await new Promise<void>((resolve) => {
        feed.subscribe({
          change: () => undefined,
          live: (isLive) => {
            if (isLive) resolve();
          },
        });
      });
      feed.announce('night_claims', '-1');
      // The first statement goes out on the next turn; the second announcement comes while it runs.
      await new Promise((r) => setImmediate(r));
      feed.announce('night_claims', '-2');
      await feed.close();
      await until(
        'both announcements heard',
        () => heard.includes('night_claims:-1') && heard.includes('night_claims:-2'),
      );
    } finally {
      await feed.close();
      await listener.end();
    }
  });

  test("a booking's announcement made while its process's listening connection is down is sent once it listens again", async () => {
    const a = await makeAccommodation(first.ctx.db);
    const { heard, listener } = await listenToAnnouncements();
    try {
      await cutListeningConnections();
      await until("the first process's feed to notice", () => !first.ctx.store.changes.live);
      const booked = await first.request({
        method: 'POST',
        url: `${first.v1}/bookings`,
        key: first.apiKey,
        payload: bookingBody(a.id, futureStay(2), { booking: { expected_amount: 275 } }),
      });
      assert.equal(booked.statusCode, 200, booked.body);
      await until('the announcement once the feed listens again', () => heard.includes(`night_claims:${a.id}`));
      assert.ok(first.ctx.store.changes.live);
    } finally {
      await listener.end();
      // The cut took the second process's connection too: the tests after this one start with both listening.
      await bothListening();
    }
  });

  test('while its listening connection is down a process keeps nothing, and it resubscribes by itself', async () => {
    await bothListening();
    const a = await makeAccommodation(first.ctx.db);
    // The new home's own announcement would otherwise drop the entry the quote below caches.
    await announcementsSettled(second.ctx);
    const stay = futureStay(1);
    assert.equal(await quotedTotal(a.id, stay), 165);
    assert.ok(second.ctx.caches.accommodations.size > 0);
    await cutListeningConnections();
    await until('the feed to notice', () => !second.ctx.store.changes.live);
    assert.equal(second.ctx.caches.accommodations.enabled, false);
    assert.equal(second.ctx.caches.accommodations.size, 0);
    // A change while it is down is still seen: nothing is answered from memory.
    await first.ctx.db
      .insertInto('nightly_prices')
      .values({ accommodation_id: a.id, night: stay.checkin, price: 20000 })
      .execute();
    assert.equal(await quotedTotal(a.id, stay), 275);
    await until('the feed to resubscribe', () => second.ctx.store.changes.live);
    assert.equal(second.ctx.caches.accommodations.enabled, true);
    await first.ctx.db
      .updateTable('nightly_prices')
      .set({ price: 10000 })
      .where('accommodation_id', '=', a.id)
      .execute();
    await announcementsSettled(second.ctx);
    assert.equal(await quotedTotal(a.id, stay), 165, 'the change after resubscribing');
  });
});
