// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql, type Migration } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createPgPool } from '../../src/db/postgres.ts';
import { openStore } from '../../src/db/store.ts';
import { NoAnswerError } from '../../src/db/unavailable.ts';
import { startPgProxy, type PgProxy } from '../support/pg-proxy.ts';
import { startNode } from '../support/cli.ts';
import { createPgDatabase, testStoreKind } from '../support/test-store.ts';

// The bounds of one store call on PostgreSQL (src/db/store-timeouts.ts): the server cancels a
// statement past STORE_STATEMENT_TIMEOUT_MS and the connection goes on serving; a statement whose
// answer never comes (a silent network) fails a moment later and its connection is closed instead
// of going back to the pool; the migrations run without the limit.

let database: { url: string; drop(): Promise<void> } | null = null;
let proxy: PgProxy;
let viaProxy = '';

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
  const target = new URL(database.url);
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(database.url);
  url.host = proxy.host;
  viaProxy = url.toString();
});
after(async () => {
  await proxy.close();
  await database?.drop();
});

async function pidOf(pool: ReturnType<typeof createPgPool>): Promise<number | undefined> {
  const client = await pool.connect();
  try {
    return (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  } finally {
    client.release();
  }
}

test('a statement past the limit is cancelled by the server, and its connection keeps serving', async () => {
  assert.ok(database !== null);
  const pool = createPgPool(database.url, 1, { statementTimeoutMs: 300 });
  try {
    const pid = await pidOf(pool);
    const client = await pool.connect();
    const started = performance.now();
    await assert.rejects(client.query('select pg_sleep(5)'), { code: '57014' });
    const ms = performance.now() - started;
    client.release();
    assert.ok(ms < 2000, `cancelled after ${Math.round(ms)} ms`);
    assert.equal(await pidOf(pool), pid, 'the same connection');
  } finally {
    await pool.end();
  }
});

test('a statement whose answer never comes fails, and its connection is closed rather than handed out again', async () => {
  const pool = createPgPool(viaProxy, 1, { statementTimeoutMs: 300 });
  try {
    const pid = await pidOf(pool);
    const silenced = proxy.cutOn('select 42', 'request', { silently: true });
    const client = await pool.connect();
    const started = performance.now();
    await assert.rejects(client.query('select 42'), NoAnswerError);
    const ms = performance.now() - started;
    client.release();
    await silenced;
    assert.ok(ms >= 300 && ms < 2000, `failed after ${Math.round(ms)} ms`);
    // The pool holds one connection: had the silent one come back, this would wait on it.
    const next = await pidOf(pool);
    assert.ok(next !== undefined && next !== pid, 'a new connection');
  } finally {
    await pool.end();
  }
});

test('a process whose pool closes while the network is silent exits by itself', async () => {
  // A half-open socket (its goodbye unanswered) would keep the process, a CLI command say, alive.
  const child = startNode(
    [
      '--input-type=module',
      '--eval',
      `const { createPgPool } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../../src/db/postgres.ts'))});
       const pool = createPgPool(process.env.POOL_URL, 2, { statementTimeoutMs: 300 });
       const client = await pool.connect();
       await client.query('select 1');
       client.release();
       process.once('SIGUSR2', () => { void pool.end().then(() => console.log('closed')); });
       console.log('connected');`,
    ],
    { POOL_URL: viaProxy },
  );
  try {
    await child.waitForLine((l) => l === 'connected');
    proxy.setSilent(true);
    const started = performance.now();
    child.child.kill('SIGUSR2');
    await child.waitForLine((l) => l === 'closed');
    assert.deepEqual(await child.exited(), { code: 0, signal: null }, child.stderr());
    const ms = performance.now() - started;
    assert.ok(ms < 5000, `exited ${Math.round(ms)} ms after closing`);
  } finally {
    child.kill();
    proxy.setSilent(false);
  }
});

test('the migrations run without the limit, and the limit holds again after them', async () => {
  const empty = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
  const store = openStore({ kind: 'postgres', url: empty.url, statementTimeoutMs: 300 }, { poolSize: 1 });
  try {
    const slow: Migration = {
      up: async (db) => {
        await sql`select pg_sleep(0.6)`.execute(db);
      },
    };
    assert.deepEqual(await migrateToLatest(store.db, { '0001-slow': slow }), ['0001-slow']);
    await assert.rejects(sql`select pg_sleep(0.6)`.execute(store.db), { code: '57014' });
  } finally {
    await store.destroy();
    await empty.drop();
  }
});
