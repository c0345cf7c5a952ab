// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore, type Store } from '../../src/db/store.ts';
import type { App } from '../../src/http/types.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { startPgProxy, type PgProxy } from '../support/pg-proxy.ts';
import { until } from '../support/until.ts';
import { createPgDatabase, testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

// PostgreSQL behind a network that goes silent: packets dropped, no reset (a NAT or firewall that
// lost its state; a proxy between the app and the server stops carrying bytes but keeps the
// sockets open). With STORE_STATEMENT_TIMEOUT_MS=1000 no request waits on the silence: more
// callers than the pool holds each get 503 store_unavailable within 10 s, /readyz says 503, and
// once the network is back requests, /readyz and the change feed work again within 10 s. A booking
// whose COMMIT went into the silence is looked up before it is answered (docs/api.md#failures).

/** The bound docs/api.md#failures promises for an answer while the store is silent, and for recovery. */
const PROMISED_MS = 10_000;
const POOL_SIZE = 4;

let database: { url: string; drop(): Promise<void> } | null = null;
let proxy: PgProxy;
let direct: Store;
let store: Store;
let app: App;
let key = '';
let accommodationId = 0;

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
  direct = openStore({ kind: 'postgres', url: database.url }, { poolSize: 2 });
  await migrateToLatest(direct.db);
  key = (await createApiKey(direct.db, { name: 'silence', scope: 'api' })).key;
  accommodationId = (await makeAccommodation(direct.db)).id;
  const target = new URL(database.url);
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.host = proxy.host;
  const config = loadConfig({
    PUBLIC_BASE_URL: 'http://staydesk.test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: viaProxy.toString(),
    STORE_STATEMENT_TIMEOUT_MS: '1000',
    ...LIMITS_OFF,
  });
  store = openStore(config.store, { poolSize: POOL_SIZE });
  app = await buildApp(createContext(config, store), { logger: false });
});
after(async () => {
  await app.close();
  await store.destroy();
  await direct.destroy();
  await proxy.close();
  await database?.drop();
});

interface Timed {
  status: number;
  reason: string | undefined;
  retryAfter: unknown;
  ms: number;
}

/** One caller: a booking lookup or an availability question, timed. */
async function ask(n: number): Promise<Timed> {
  const started = performance.now();
  const res =
    n % 2 === 0
      ? await app.inject({
          method: 'GET',
          url: '/api/v1/staydesk/bookings/999999',
          headers: { authorization: `Bearer ${key}` },
        })
      : await app.inject({
          method: 'POST',
          url: '/api/v1/staydesk/availability',
          headers: { authorization: `Bearer ${key}` },
          payload: { accommodation_id: accommodationId, ...futureStay(2) },
        });
  const reason =
    res.statusCode === 503 ? res.json<{ error: { details: { reason: string } } }>().error.details.reason : undefined;
  return { status: res.statusCode, reason, retryAfter: res.headers['retry-after'], ms: performance.now() - started };
}

const ready = () => app.inject({ method: 'GET', url: '/readyz' });

test(
  'a silent store: every caller answers 503 store_unavailable within 10 s, /readyz 503; back within 10 s once the network is',
  { timeout: testTimeout(120_000) },
  async (t) => {
    // Connections in the pool and a listening change feed, as in a process that has served a while.
    assert.deepEqual(
      (await Promise.all(Array.from({ length: POOL_SIZE * 2 }, (_, n) => ask(n)))).map((r) => r.status).sort(),
      [...Array<number>(POOL_SIZE).fill(200), ...Array<number>(POOL_SIZE).fill(404)],
    );
    await until('the change feed to listen', () => store.changes.live);

    proxy.setSilent(true);
    // Before any request has met the silence: /readyz asks through the pool, within its own bound.
    const readyStarted = performance.now();
    assert.equal((await ready()).statusCode, 503);
    const readyMs = performance.now() - readyStarted;
    assert.ok(readyMs < PROMISED_MS, `/readyz answered after ${Math.round(readyMs)} ms`);

    const callers = await Promise.all(Array.from({ length: POOL_SIZE * 3 }, (_, n) => ask(n)));
    for (const r of callers) {
      assert.deepEqual([r.status, r.reason, r.retryAfter], [503, 'store_unavailable', '1'], JSON.stringify(r));
      assert.ok(r.ms < PROMISED_MS, `answered after ${Math.round(r.ms)} ms`);
    }
    assert.equal((await ready()).statusCode, 503);
    // The listening connection finds the silence by itself (it asks the server every second).
    await until('the change feed to notice the silence', () => !store.changes.live);
    t.diagnostic(
      `/readyz ${Math.round(readyMs)} ms; callers ${Math.round(Math.min(...callers.map((r) => r.ms)))}–${Math.round(Math.max(...callers.map((r) => r.ms)))} ms`,
    );

    proxy.setSilent(false);
    const back = performance.now();
    const since = () => performance.now() - back;
    let served = -1;
    await until(
      'a request to be served',
      async () => {
        const r = await ask(0);
        if (r.status === 404) served = since();
        return r.status === 404;
      },
      50,
    );
    assert.ok(served < PROMISED_MS, `served again after ${Math.round(served)} ms`);
    const afterwards = await Promise.all(Array.from({ length: POOL_SIZE * 3 }, (_, n) => ask(n)));
    assert.deepEqual(
      afterwards.map((r) => r.status).filter((s) => s !== 200 && s !== 404),
      [],
      'every request served',
    );
    await until('/readyz to answer 200', async () => (await ready()).statusCode === 200, 50);
    const readyAgain = since();
    assert.ok(readyAgain < PROMISED_MS, `/readyz 200 after ${Math.round(readyAgain)} ms`);
    await until('the change feed to listen again', () => store.changes.live, 50);
    const listening = since();
    assert.ok(listening < PROMISED_MS, `change feed live after ${Math.round(listening)} ms`);
    t.diagnostic(
      `back: served after ${Math.round(served)} ms, /readyz ${Math.round(readyAgain)} ms, feed ${Math.round(listening)} ms`,
    );
  },
);

let guests = 0;
function booking(idempotencyKey: string) {
  const email = `silent-${process.pid}-${++guests}@example.com`;
  const payload = bookingBody(accommodationId, futureStay(2), {
    booking: { total_amount: 275, idempotency_key: idempotencyKey },
    partner: { email },
  });
  return { email, payload };
}

const post = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/staydesk/bookings',
    headers: { authorization: `Bearer ${key}` },
    payload: payload as Record<string, unknown>,
  });

async function bookingsOf(email: string): Promise<number[]> {
  const rows = await direct.db
    .selectFrom('bookings')
    .innerJoin('guests', 'guests.id', 'bookings.guest_id')
    .select('bookings.id')
    .where('guests.email', '=', email)
    .execute();
  return rows.map((r) => r.id);
}

for (const when of ['answer', 'request'] as const) {
  test(
    `a COMMIT whose connection goes silent (${when === 'answer' ? 'after the server committed' : 'before the server saw it, its locks held'}): 200 with the one booking`,
    { timeout: testTimeout(60_000) },
    async () => {
      const { email, payload } = booking(`silent-${when}-${guests}`);
      const silenced = proxy.cutOn('commit', when, { after: email, silently: true });
      const started = performance.now();
      const res = await post(payload);
      const ms = performance.now() - started;
      await silenced;
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(ms < PROMISED_MS, `answered after ${Math.round(ms)} ms`);
      assert.deepEqual(await bookingsOf(email), [res.json<{ data: { booking_id: number } }>().data.booking_id]);
    },
  );
}

test(
  'a COMMIT that goes into a silence of the whole network: 503 outcome_unknown within 10 s, and the retry once it is back answers the one booking',
  { timeout: testTimeout(60_000) },
  async () => {
    const { email, payload } = booking(`silent-all-${guests}`);
    const silenced = proxy.cutOn('commit', 'answer', { after: email, silently: true, thenSilent: true });
    const started = performance.now();
    const res = await post(payload);
    const ms = performance.now() - started;
    await silenced;
    proxy.setSilent(false);
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'outcome_unknown');
    assert.equal(res.headers['retry-after'], '1');
    assert.ok(ms < PROMISED_MS, `answered after ${Math.round(ms)} ms`);

    const [stored] = await bookingsOf(email);
    assert.ok(stored !== undefined, 'the server had committed it');
    const retry = await post(payload);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.json<{ data: { booking_id: number } }>().data.booking_id, stored);
    assert.equal((await bookingsOf(email)).length, 1);
  },
);
