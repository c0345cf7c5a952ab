import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore, type Store } from '../../src/db/store.ts';
import { isStoreUnavailable } from '../../src/db/unavailable.ts';
import type { App } from '../../src/http/types.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { until } from '../support/until.ts';

// The embedded store's file locked by another program (a CLI command's long write, a backup tool):
// a statement that starts a write waits STORE_STATEMENT_TIMEOUT_MS for the lock (SQLite's busy
// timeout) and no longer; a booking that cannot get the lock answers 503 store_unavailable with
// Retry-After rather than a 500, /readyz answers 503, and once the lock is gone bookings go
// through. The embedded store only: PostgreSQL's bounds are test/pg/silent-store.test.ts.

const LIMIT_MS = 200;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-locked-'));
const file = path.join(dir, 'staydesk.db');
let store: Store;
let app: App;
let key = '';
let accommodationId = 0;

before(async () => {
  const config = loadConfig({
    PUBLIC_BASE_URL: 'http://staydesk.test',
    LOG_LEVEL: 'silent',
    STAYDESK_DATA_DIR: dir,
    STORE_STATEMENT_TIMEOUT_MS: String(LIMIT_MS),
    ...LIMITS_OFF,
  });
  config.store = { ...config.store, kind: 'sqlite', file };
  store = openStore(config.store);
  await migrateToLatest(store.db);
  app = await buildApp(createContext(config, store), { logger: false });
  key = (await createApiKey(store.db, { name: 'locked', scope: 'api' })).key;
  accommodationId = (await makeAccommodation(store.db)).id;
});
after(async () => {
  await app.close();
  await store.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const book = () =>
  app.inject({
    method: 'POST',
    url: '/api/v1/staydesk/bookings',
    headers: { authorization: `Bearer ${key}` },
    payload: bookingBody(accommodationId, futureStay(2), { booking: { total_amount: 275 } }),
  });

test("a write waits STORE_STATEMENT_TIMEOUT_MS for another program's lock, then fails as a store fault", async () => {
  const other = new DatabaseSync(file);
  other.exec('begin immediate');
  try {
    const started = performance.now();
    await assert.rejects(
      sql`update settings set value = value where name = 'none'`.execute(store.db),
      (error: unknown) => isStoreUnavailable(error),
    );
    const ms = performance.now() - started;
    assert.ok(ms >= LIMIT_MS - 20 && ms < LIMIT_MS + 1000, `failed after ${Math.round(ms)} ms`);
  } finally {
    other.exec('rollback');
    other.close();
  }
});

test('a file locked past STORE_STATEMENT_TIMEOUT_MS: 503 store_unavailable for a few tries, then served', async () => {
  assert.equal((await book()).statusCode, 200);
  const other = new DatabaseSync(file);
  other.exec('begin immediate');
  try {
    const started = performance.now();
    const res = await book();
    const ms = performance.now() - started;
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'store_unavailable');
    assert.equal(res.headers['retry-after'], '1');
    // Group commit tries a batch that met a busy file three times (db/group-commit.ts, BUSY_ATTEMPTS).
    assert.ok(ms < LIMIT_MS * 3 + 1000, `answered after ${Math.round(ms)} ms`);
    assert.equal((await app.inject({ url: '/readyz' })).statusCode, 503);
  } finally {
    other.exec('rollback');
    other.close();
  }
  await until('/readyz to answer 200', async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 50);
  assert.equal((await book()).statusCode, 200);
});

test('a start on an up-to-date store reads which migrations it has and waits for no lock on the file', async () => {
  const other = new DatabaseSync(file);
  other.exec('begin immediate');
  try {
    const started = performance.now();
    assert.deepEqual(await migrateToLatest(store.db), []);
    const ms = performance.now() - started;
    // A run of the migrator takes the write lock first, and would wait up to 30 s for it.
    assert.ok(ms < LIMIT_MS, `answered after ${Math.round(ms)} ms`);
  } finally {
    other.exec('rollback');
    other.close();
  }
});
