import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore, type Store } from '../../src/db/store.ts';
import type { App } from '../../src/http/types.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { until } from '../support/until.ts';
import { EVENT_TIMEOUT_MS } from '../support/timeouts.ts';

// The embedded store on a disk that fills up (a 2 MiB tmpfs where this machine lets the test
// mount one, else SQLite's own limit on the file's pages, which fails a write with the same
// "database or disk is full"): callers get 503 store_unavailable, not 500; the cause is logged
// once, not per request; /readyz answers 503 while writes fail; room made again is noticed
// without a restart. The embedded store only: PostgreSQL's disk is the server's.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-disk-'));
let mounted = false;
let store: Store;
let app: App;
let key = '';
let accommodationId = 0;
const logLines: string[] = [];
const filler = path.join(dir, 'filler');

before(async () => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    mounted = true;
  } catch {
    mounted = false;
  }
  const config = loadConfig({ PUBLIC_BASE_URL: 'http://staydesk.test', LOG_LEVEL: 'info', ...LIMITS_OFF });
  config.store = { kind: 'sqlite', file: path.join(dir, 'staydesk.db') };
  store = openStore(config.store);
  await migrateToLatest(store.db);
  const ctx = createContext(config, store);
  app = await buildApp(ctx, { logStream: { write: (line) => logLines.push(line) } });
  key = (await createApiKey(store.db, { name: 'disk test', scope: 'api' })).key;
  accommodationId = (await makeAccommodation(store.db)).id;
});
after(async () => {
  await app.close();
  await store.destroy();
  if (mounted) execFileSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Takes the room left: fills the tmpfs, or caps the file at the pages it has. */
async function fillDisk(): Promise<void> {
  if (mounted) {
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(16 * 1024);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
  } else {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(store.db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 1}`).execute(store.db);
  }
}

async function freeDisk(): Promise<void> {
  if (mounted) fs.rmSync(filler);
  else await sql`pragma max_page_count = 1073741823`.execute(store.db);
}

const book = () =>
  app.inject({
    method: 'POST',
    url: '/api/v1/staydesk/bookings',
    headers: { authorization: `Bearer ${key}` },
    payload: bookingBody(accommodationId, futureStay(2), { booking: { total_amount: 275 } }),
  });

const faultLines = () => logLines.filter((l) => l.includes('store failing'));

test(
  'a full disk answers 503 store_unavailable, logs its cause once, fails /readyz, and recovers',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    assert.equal((await book()).statusCode, 200);
    assert.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
    await fillDisk();

    // The write-ahead log reuses the room it already has: bookings fail once it must grow.
    const answers: number[] = [];
    let refused = null;
    for (let i = 0; i < 2000 && refused === null; i++) {
      const res = await book();
      answers.push(res.statusCode);
      if (res.statusCode !== 200) refused = res;
    }
    assert.ok(refused !== null, 'the disk never filled');
    assert.equal(refused.statusCode, 503, refused.body);
    assert.equal(refused.json<{ error: { details: { reason: string } } }>().error.details.reason, 'store_unavailable');
    assert.equal(refused.headers['retry-after'], '1');

    for (let i = 0; i < 20; i++) assert.equal((await book()).statusCode, 503);
    assert.equal((await app.inject({ url: '/readyz' })).statusCode, 503);
    assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
    const lines = faultLines();
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0] ?? '', /database or disk is full/);
    assert.ok(!logLines.some((l) => l.includes('cannot rollback')), 'the real cause is not hidden');
    assert.ok(!logLines.some((l) => l.includes('"stack"')), 'no stack per 503');

    await freeDisk();
    await until('/readyz answers 200 again', async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 50);
    assert.equal((await book()).statusCode, 200);
    assert.ok(logLines.some((l) => l.includes('store works again')));
    assert.equal(faultLines().length, 1);
  },
);
