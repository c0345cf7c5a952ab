import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { openStore } from '../../src/db/store.ts';
import { runCli } from '../support/cli.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { call, startServe, type ServeProcess } from '../support/serve-cluster.ts';
import { until } from '../support/until.ts';
import { testTimeout } from '../support/timeouts.ts';

// A real `staydesk serve` on the embedded store whose disk fills up: its data directory is on a
// 3 MiB tmpfs that the test fills with a file of its own. Callers get 503 store_unavailable (not
// 500), the cause ("database or disk is full") is logged once for the whole fault and its end once,
// /readyz answers 503 while writes fail, the room made again is noticed without a restart, and a
// SIGTERM then exits 0. Mounting a tmpfs needs root (as in CI); the same fault without a mount,
// in one process, is test/integration/disk-full.test.ts. The embedded store on either suite:
// PostgreSQL's disk is the server's.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-disk-serve-'));
const filler = path.join(dir, 'filler');
let mounted = false;
let server: ServeProcess | null = null;
let key = '';
let accommodationId = 0;
const env = {
  ...LIMITS_OFF,
  STAYDESK_DATA_DIR: path.join(dir, 'data'),
  PUBLIC_BASE_URL: 'http://staydesk.test',
  ICAL_SYNC_INTERVAL_SECONDS: '0',
};

// Mounted here, at load, so a machine that cannot mount (not root) skips this one test with the
// reason; CI (CI=true, root) never skips it: a failed mount there is an error.
let mountError = '';
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir], { stdio: 'pipe' });
  mounted = true;
} catch (error) {
  mountError = String(error);
  if (process.env.CI) throw new Error(`this test mounts a tmpfs and needs root: ${mountError}`);
}
const skip = mounted ? false : `mounting a tmpfs needs root (${mountError.split('\n')[0] ?? ''})`;

before(async () => {
  if (!mounted) return;
  assert.equal((await runCli(['migrate'], env, { cwd: dir })).code, 0);
  key = (await runCli(['apikey', 'create', '--name', 'disk'], env, { cwd: dir })).lastLine;
  const store = openStore(loadConfig(env).store);
  try {
    assert.equal(store.kind, 'sqlite');
    accommodationId = (await makeAccommodation(store.db)).id;
  } finally {
    await store.destroy();
  }
});
after(() => {
  server?.cli.kill();
  if (mounted) execFileSync('umount', ['-l', dir]);
  fs.rmSync(dir, { recursive: true, force: true });
});

function fillDisk(): void {
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(16 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
  } finally {
    fs.closeSync(fd);
  }
}

test(
  'a real process whose disk fills answers 503, logs the cause once, fails /readyz, recovers and drains',
  {
    timeout: testTimeout(180_000),
    skip,
  },
  async () => {
    server = await startServe(env, dir);
    const { url, cli } = server;
    const book = () =>
      call(`${url}/api/v1/staydesk/bookings`, {
        key,
        body: bookingBody(accommodationId, futureStay(2), { booking: { total_amount: 275 } }),
      });
    assert.equal((await book()).status, 200);
    assert.equal((await call(`${url}/readyz`)).status, 200);

    fillDisk();
    // The write-ahead log reuses the room it already has: bookings fail once it must grow.
    let refused = null;
    for (let i = 0; i < 3000 && refused === null; i++) {
      const res = await book();
      if (res.status !== 200) refused = res;
    }
    assert.ok(refused !== null, 'the disk never filled');
    assert.equal(refused.status, 503, refused.body);
    assert.equal(
      (JSON.parse(refused.body) as { error: { details: { reason: string } } }).error.details.reason,
      'store_unavailable',
    );
    assert.equal(refused.headers.get('retry-after'), '1');
    for (let i = 0; i < 30; i++) assert.equal((await book()).status, 503);
    assert.equal((await call(`${url}/readyz`)).status, 503);
    assert.equal((await call(`${url}/healthz`)).status, 200);

    fs.rmSync(filler);
    await until('/readyz answers 200 again', async () => (await call(`${url}/readyz`)).status === 200, 50);
    assert.equal((await book()).status, 200);

    const lines = cli.stdout().split('\n');
    const failing = lines.filter((l) => l.includes('store failing'));
    assert.equal(failing.length, 1, failing.join('\n'));
    assert.match(failing[0] ?? '', /database or disk is full/);
    assert.equal(lines.filter((l) => l.includes('store works again')).length, 1);
    assert.ok(!cli.stdout().includes('cannot rollback'), 'the real cause is not hidden');
    assert.ok(!cli.stdout().includes('"stack"'), 'no stack per 503');
    assert.equal(lines.filter((l) => /"level":(50|60)/.test(l)).length, 0, cli.stdout());

    cli.child.kill('SIGTERM');
    assert.deepEqual(await cli.exited(), { code: 0, signal: null }, cli.stdout() + cli.stderr());
  },
);
