/**
 * The iCal sync figure of `npm run bench` (alone: `npm run bench -- ical`): BENCH_ICAL_ACCOMMODATIONS
 * (default 100) accommodations × 2 feeds × BENCH_ICAL_EVENTS (default 200) one-night events from
 * a loopback feed server; a full pull, then an unchanged pull (every feed answers 304); seconds
 * and peak RSS of the syncing process, on PostgreSQL and on the embedded store.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { calendarOf, startFeedServer } from '../test/support/feed-server.ts';
import { createPgDatabase } from '../test/support/test-store.ts';

const EVENTS = Number(process.env.BENCH_ICAL_EVENTS ?? 200);

function runWorker(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/ical-sync-worker.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      if (code === 0) resolve(out.trim().split('\n').at(-1) ?? '');
      else reject(new Error(`ical bench worker exited with ${String(code)}`));
    });
  });
}

export async function runIcalSyncBench(pgServer: string): Promise<void> {
  const server = await startFeedServer();
  const today = todayIn('UTC');
  // Two feeds per accommodation on alternate nights: every event claims a night, none conflict.
  for (const [side, first] of [
    ['a', 1],
    ['b', 2],
  ] as const) {
    server.set(
      `/${side}.ics`,
      calendarOf(
        Array.from({ length: EVENTS }, (_, i) => ({
          uid: `${side}-${i}@bench`,
          start: addDays(today, first + 2 * i),
          end: addDays(today, first + 2 * i + 1),
        })),
      ),
    );
  }
  const base = server.url('');
  try {
    console.log(
      `\niCal sync — ${process.env.BENCH_ICAL_ACCOMMODATIONS ?? 100} accommodations × 2 feeds × ${EVENTS} events (loopback feed server)`,
    );
    const db = await createPgDatabase(pgServer);
    try {
      console.log(await runWorker({ DATABASE_URL: db.url, BENCH_ICAL_FEED_BASE: base }));
    } finally {
      await db.drop();
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-bench-ical-'));
    try {
      console.log(await runWorker({ STAYDESK_DATA_DIR: dir, DATABASE_URL: '', BENCH_ICAL_FEED_BASE: base }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await server.close();
  }
}
