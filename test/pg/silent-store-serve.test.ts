// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { startPgProxy, type PgProxy } from '../support/pg-proxy.ts';
import { call, startServe, type Answer, type ServeProcess } from '../support/serve-cluster.ts';
import { until } from '../support/until.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

// A real `staydesk serve` whose network to PostgreSQL goes silent (a proxy between them drops
// every byte and closes nothing) answers its callers 503 store_unavailable instead of holding
// them, and a SIGTERM meanwhile, with requests in flight, still drains and exits 0 within
// SHUTDOWN_TIMEOUT_SECONDS: neither the pool nor the change feed's listening connection waits
// for a goodbye that never comes. The same silence in one process, and the recovery after it,
// are test/pg/silent-store.test.ts.

const SHUTDOWN_TIMEOUT_SECONDS = 10;

let store: CliStore;
let proxy: PgProxy;
let server: ServeProcess | null = null;
let key = '';
let accommodationId = 0;

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  store = await createCliStore();
  assert.equal((await runCli(['migrate'], store.env, { cwd: store.dir })).code, 0);
  key = (await runCli(['apikey', 'create', '--name', 'silence'], store.env, { cwd: store.dir })).lastLine;
  const direct = store.open();
  accommodationId = (await makeAccommodation(direct.db)).id;
  await direct.destroy();
  const target = new URL(store.env.DATABASE_URL ?? '');
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(store.env.DATABASE_URL ?? '');
  viaProxy.host = proxy.host;
  server = await startServe(
    {
      ...store.env,
      ...LIMITS_OFF,
      DATABASE_URL: viaProxy.toString(),
      STORE_STATEMENT_TIMEOUT_MS: '1000',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      ICAL_SYNC_INTERVAL_SECONDS: '0',
    },
    store.dir,
    // Logs each request's arrival too.
    'debug',
  );
});
after(async () => {
  server?.cli.kill();
  await proxy.close();
  await store.cleanup();
});

const reasonOf = (a: Answer) =>
  (JSON.parse(a.body) as { error?: { details?: { reason?: string } } }).error?.details?.reason;

test(
  'SIGTERM while the store is silent, with requests in flight: they answer 503, and the process exits 0 in time',
  { timeout: testTimeout(90_000) },
  async (t) => {
    assert.ok(server !== null);
    const { url } = server;
    assert.equal((await call(`${url}/api/v1/staydesk/bookings/999999`, { key })).status, 404);
    await until(
      'the change feed to listen',
      async () => (await call(`${url}/metrics`)).body.includes('staydesk_cache_announcements_live 1'),
      50,
    );

    proxy.setSilent(true);
    const silentAnswer = await call(`${url}/api/v1/staydesk/bookings/999999`, { key });
    assert.deepEqual([silentAnswer.status, reasonOf(silentAnswer)], [503, 'store_unavailable'], silentAnswer.body);
    assert.equal((await call(`${url}/readyz`)).status, 503);

    const arrived = () =>
      server?.cli
        .stdout()
        .split('\n')
        .filter((l) => l.includes('incoming request')).length ?? 0;
    const before = arrived();
    const inFlight = Array.from({ length: 6 }, (_, n) =>
      n % 2 === 0
        ? call(`${url}/api/v1/staydesk/bookings/999999`, { key })
        : call(`${url}/api/v1/staydesk/availability`, {
            key,
            body: { accommodation_id: accommodationId, ...futureStay(2) },
          }),
    );
    // The requests have arrived (and wait on the store) before the signal.
    await until('the requests to arrive', () => arrived() >= before + inFlight.length);
    const signalled = performance.now();
    server.cli.child.kill('SIGTERM');
    const exit = await server.cli.exited();
    const ms = performance.now() - signalled;
    assert.deepEqual(exit, { code: 0, signal: null }, server.cli.stdout().slice(-3000) + server.cli.stderr());
    assert.ok(ms < SHUTDOWN_TIMEOUT_SECONDS * 1000, `exited after ${Math.round(ms)} ms`);
    t.diagnostic(`exited after ${Math.round(ms)} ms`);
    for (const answer of await Promise.all(inFlight)) {
      assert.equal(answer.status, 503, answer.body);
      assert.ok(['store_unavailable', 'shutting_down'].includes(reasonOf(answer) ?? ''), answer.body);
    }
    assert.ok(!server.cli.stdout().includes('did not finish within SHUTDOWN_TIMEOUT_SECONDS'));
  },
);
