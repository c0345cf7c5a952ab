// PostgreSQL only: run by `npm run test:pg` (not part of `npm test`). Needs root (as in CI) and
// PostgreSQL 15's server binaries: it runs a private cluster of its own, never the shared one.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { openStore, type Store } from '../../src/db/store.ts';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { call, startServe, type Answer, type ServeProcess } from '../support/serve-cluster.ts';
import { until } from '../support/until.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * Restarting PostgreSQL under load: while it is down the processes answer 503 with
 * Retry-After (never 500), and once it is back they serve again by themselves, their pools
 * and listening connections reconnected.
 */

const BIN = '/usr/lib/postgresql/15/bin';
const PORT = 5499;
let dir = '';
let cluster: CliStore | null = null;
let db: Store | null = null;
const procs: ServeProcess[] = [];

function asPostgres(args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe', timeout: testTimeout(120_000) });
}

function pgCtl(action: 'start' | 'stop' | 'restart'): void {
  asPostgres([
    `${BIN}/pg_ctl`,
    '-D',
    path.join(dir, 'data'),
    '-o',
    `-p ${PORT} -k ${dir}`,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-m',
    'fast',
    action,
  ]);
}

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-pg-restart-'));
  fs.chmodSync(dir, 0o777);
  asPostgres([`${BIN}/initdb`, '-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  pgCtl('start');
  // The multi-process helpers make a fresh database on the server TEST_DATABASE_URL names.
  process.env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${PORT}/postgres`;
  cluster = await createCliStore();
  assert.equal((await runCli(['migrate'], cluster.env)).code, 0);
  db = openStore(cluster.config().store);
  for (let i = 0; i < 2; i++)
    procs.push(
      await startServe({ ...cluster.env, ICAL_SYNC_INTERVAL_SECONDS: '0', STAYDESK_JOB_POLL_MS: '50' }, cluster.dir),
    );
});
after(async () => {
  for (const p of procs) p.cli.kill();
  await db?.destroy().catch(() => undefined);
  await cluster?.cleanup().catch(() => undefined);
  try {
    pgCtl('stop');
  } catch {
    // Already stopped.
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test(
  'restarting PostgreSQL mid-load gives 503 with Retry-After, and the processes recover by themselves',
  { timeout: testTimeout(180_000) },
  async () => {
    assert.ok(db !== null);
    const key = (await createApiKey(db.db, { name: 'load', scope: 'api' })).key;
    const a = await makeAccommodation(db.db);
    await db.destroy();
    db = null;
    const answers: Answer[] = [];
    const seen = () =>
      JSON.stringify(
        Object.fromEntries(
          [...new Set(answers.map((r) => r.status))].map((s) => [s, answers.filter((r) => r.status === s).length]),
        ),
      );
    let running = true;
    let i = 0;
    // Four callers, so one slow answer does not stall the load.
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (running) {
          const n = i++;
          const p = procs[n % procs.length] as ServeProcess;
          const body =
            n % 2 === 0
              ? { accommodation_id: a.id, ...futureStay(2) }
              : bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } });
          answers.push(
            await call(`${p.url}/api/v1/staydesk/${n % 2 === 0 ? 'availability' : 'bookings'}`, { key, body }),
          );
          // A breath between a caller's requests: this is the load's pace, not a wait for anything.
          await new Promise((r) => setTimeout(r, 5));
        }
      }),
    );
    try {
      await until('some load served', () => answers.filter((r) => r.status === 200).length >= 10, 20);
      const before = answers.length;
      pgCtl('stop');
      await until(
        '503s while the database is down',
        () => answers.slice(before).filter((r) => r.status === 503).length >= 4,
        20,
      ).catch((error: unknown) => {
        throw new Error(
          `${String(error)}; answers so far by status: ${seen()}; ${procs.map((p) => p.cli.stderr().slice(-1500) + p.cli.stdout().slice(-1500)).join('\n---\n')}`,
        );
      });
      pgCtl('start');
      const restarted = answers.length;
      await until(
        'the processes to serve again',
        () => answers.slice(restarted).filter((r) => r.status === 200).length >= 10,
        50,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}; answers so far by status: ${seen()}`);
      });
    } finally {
      running = false;
      await load;
    }

    const statuses = answers.map((r) => r.status);
    assert.ok(!statuses.includes(500), `no 500 (${[...new Set(statuses)].join(', ')})`);
    assert.ok(
      statuses.every((s) => s === 200 || s === 503),
      `only 200 and 503: ${[...new Set(statuses)].join(', ')}`,
    );
    for (const r of answers.filter((x) => x.status === 503)) {
      assert.equal(r.headers.get('retry-after'), '1');
      assert.equal((JSON.parse(r.body) as { error: { name: string } }).error.name, 'INTERNAL_ERROR');
    }
    // The listening connections are back too: announcements are live again in both processes.
    for (const p of procs)
      await until(
        'announcements live',
        async () => (await call(`${p.url}/metrics`)).body.includes('staydesk_cache_announcements_live 1'),
        50,
      );
  },
);
