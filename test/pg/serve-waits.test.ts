// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createCliStore, runCli, startCli, type CliStore, type RunningCli } from '../support/cli.ts';
import { startPgProxy, type PgProxy } from '../support/pg-proxy.ts';
import { call } from '../support/serve-cluster.ts';
import { testStoreKind } from '../support/test-store.ts';
import { EVENT_TIMEOUT_MS } from '../support/timeouts.ts';

// `staydesk serve` started while PostgreSQL cannot be reached (a proxy in front of it refuses
// connections) does not exit: it listens, /healthz answers 200, /readyz and the API 503, and the
// outage is logged once however many requests meet it; once the database answers it migrates
// and serves. A SIGTERM then drains and exits 0.

let store: CliStore;
let proxy: PgProxy;
let serve: RunningCli | null = null;
let key = '';

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  store = await createCliStore();
  await runCli(['migrate'], store.env, { cwd: store.dir });
  key = (await runCli(['apikey', 'create', '--name', 'waits'], store.env, { cwd: store.dir })).lastLine;
  const target = new URL(store.env.DATABASE_URL ?? '');
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  proxy.setDown(true);
});
after(async () => {
  serve?.kill();
  await proxy.close();
  await store.cleanup();
});

test(
  'serve waits for an unreachable database, answering the probes, and serves once it answers',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    const viaProxy = new URL(store.env.DATABASE_URL ?? '');
    viaProxy.host = proxy.host;
    serve = startCli(
      ['serve'],
      { ...store.env, DATABASE_URL: viaProxy.toString(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      { cwd: store.dir },
    );
    const waiting = await serve.waitForLine((l) => l.includes('waiting for the database'));
    const { address } = JSON.parse(waiting) as { address: string };
    assert.equal((await call(`${address}/healthz`)).status, 200);
    assert.equal((await call(`${address}/readyz`)).status, 503);
    for (let i = 0; i < 20; i++) {
      const res = await call(`${address}/api/v1/staydesk/bookings/1`, { key });
      assert.equal(res.status, 503, res.body);
      assert.equal(
        (JSON.parse(res.body) as { error: { details: { reason: string } } }).error.details.reason,
        'store_unavailable',
      );
    }
    const lines = serve.stdout().split('\n');
    assert.equal(lines.filter((l) => l.includes('"level":50')).length, 0, serve.stdout());
    assert.ok(lines.filter((l) => l.includes('"level":40')).length <= 2, serve.stdout());
    assert.ok(!serve.stdout().includes('"stack"'), 'no stack per 503');

    proxy.setDown(false);
    await serve.waitForLine((l) => l.includes('Staydesk listening on'));
    assert.equal((await call(`${address}/readyz`)).status, 200);
    assert.equal((await call(`${address}/api/v1/staydesk/bookings/999999`, { key })).status, 404);
    serve.child.kill('SIGTERM');
    assert.deepEqual(await serve.exited(), { code: 0, signal: null }, serve.stdout() + serve.stderr());
  },
);
