// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createPgPool } from '../../src/db/postgres.ts';
import { createPgDatabase, testStoreKind } from '../support/test-store.ts';

// A server restart drops connections that requests hold between two statements (inside a
// transaction): the process must survive it, and the pool must serve the next request.

let database: { url: string; drop(): Promise<void> } | null = null;
before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
});
after(async () => {
  await database?.drop();
});

test('a checked-out connection dropped between queries neither crashes the process nor poisons the pool', async () => {
  assert.ok(database !== null);
  const pool = createPgPool(database.url, 2);
  try {
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    await client.query('begin');
    // The client reports the termination ('error', which would end this process were it not
    // listened to, then 'end'): once it has ended, the error has been handled.
    const ended = new Promise((resolve) => client.once('end', resolve));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await ended;
    await assert.rejects(client.query('select 1'));
    client.release();
    // As Kysely uses the pool: check a client out, query it, release it.
    const next = await pool.connect();
    try {
      const { rows } = await next.query<{ one: number }>('select 1 as one');
      assert.equal(rows[0]?.one, 1);
    } finally {
      next.release();
    }
  } finally {
    await pool.end();
  }
});
