/**
 * The iCal sync figures of `npm run bench` (alone: `npm run bench -- ical`):
 * - BENCH_ICAL_ACCOMMODATIONS (default 100) accommodations × 2 feeds × BENCH_ICAL_EVENTS
 *   (default 200) one-night events from a loopback feed server; a full pull, then an unchanged
 *   pull, with ETags (every feed answers 304) and without (the same body again, recognised by
 *   its hash); seconds, the event loop's worst delay and peak RSS of the syncing process, on
 *   PostgreSQL and on the embedded store;
 * - a 26,000-event feed (5.0 MB, under the 5 MiB cap) read on the parsing thread, twice (the
 *   first read starts the thread), with the event loop's worst delay meanwhile: years of history
 *   and a stay on each of the next 700 nights (read), and the same number of stays all in the
 *   next two years (refused at the limit of stays);
 * - the schedule: BENCH_ICAL_SCHEDULE_FEEDS (default 10,000) feeds over 4 loopback hosts that
 *   answer after BENCH_ICAL_LATENCY_MS (default 100 ms), one scheduled run with all of them due
 *   (first pull), then again (all unchanged); set BENCH_ICAL_SCHEDULE_FEEDS=0 to leave it out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFeedOffThread } from '../src/ical/parse-pool.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../test/support/feed-server.ts';
import { createPgDatabase } from '../test/support/test-store.ts';

const EVENTS = Number(process.env.BENCH_ICAL_EVENTS ?? 200);
const SCHEDULE_FEEDS = Number(process.env.BENCH_ICAL_SCHEDULE_FEEDS ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_ICAL_LATENCY_MS ?? 100);

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

/** Runs one worker on each store: a fresh PostgreSQL database, then a fresh embedded data directory. */
async function onBothStores(pgServer: string, env: Record<string, string>): Promise<void> {
  const db = await createPgDatabase(pgServer);
  try {
    console.log(await runWorker({ ...env, DATABASE_URL: db.url }));
  } finally {
    await db.drop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-bench-ical-'));
  try {
    console.log(await runWorker({ ...env, STAYDESK_DATA_DIR: dir, DATABASE_URL: '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function withoutEtag(server: FeedServer, file: string, body: string): void {
  server.answer(file, 200, body, { 'content-type': 'text/calendar; charset=utf-8' });
}

async function pullFigures(pgServer: string, today: string): Promise<void> {
  const server = await startFeedServer();
  // Two feeds per accommodation on alternate nights: every event claims a night, none conflict.
  for (const [side, first] of [
    ['a', 1],
    ['b', 2],
  ] as const) {
    const body = calendarOf(
      Array.from({ length: EVENTS }, (_, i) => ({
        uid: `${side}-${i}@bench`,
        start: addDays(today, first + 2 * i),
        end: addDays(today, first + 2 * i + 1),
      })),
    );
    server.set(`/${side}.ics`, body);
    withoutEtag(server, `/${side}-noetag.ics`, body);
  }
  try {
    console.log(
      `\niCal sync — ${process.env.BENCH_ICAL_ACCOMMODATIONS ?? 100} accommodations × 2 feeds × ${EVENTS} events (loopback feed server)`,
    );
    for (const suffix of ['', '-noetag'])
      await onBothStores(pgServer, { BENCH_ICAL_FEED_BASE: server.url(''), BENCH_ICAL_FEED_SUFFIX: suffix });
  } finally {
    await server.close();
  }
}

/** A 26,000-event calendar: `inWindow` of them on the next 700 nights, the rest before today. */
function bigFeed(today: string, inWindow: number): string {
  const events = Array.from({ length: 26_000 }, (_, i) => {
    const start = i < 26_000 - inWindow ? addDays(today, -26_100 + i) : addDays(today, 1 + (i % 700));
    return { uid: `${i}-7f3c1a2b9d8e@channel.example.com`, start, end: addDays(start, 1) };
  });
  // A description per event, as channels write one (a reservation link).
  return calendarOf(events).replaceAll('SUMMARY:Reserved', 'DESCRIPTION:HMABCDEF12\r\nSUMMARY:Reserved');
}

async function parseFigures(today: string): Promise<void> {
  console.log('\nA 26,000-event feed read on the parsing thread (the event loop keeps answering meanwhile)');
  for (const [label, inWindow] of [
    ['history and 700 stays ahead', 700],
    ['26,000 stays ahead (over the limit of stays)', 26_000],
  ] as const) {
    const bytes = Buffer.from(bigFeed(today, inWindow));
    // The first read of the run starts the parsing thread (and loads ical.js in it).
    for (const run of ['first', 'second']) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const outcome = await readFeedOffThread(bytes, 'utf-8', { timeZone: 'UTC', today }).then(
        (feed) => `${feed.stays.length} stays`,
        (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
      );
      const seconds = (performance.now() - started) / 1000;
      delay.disable();
      console.log(
        JSON.stringify({
          feed: label,
          megabytes: Number((bytes.length / 1e6).toFixed(2)),
          run,
          seconds: Number(seconds.toFixed(2)),
          eventLoopWorstDelayMs: Math.round(delay.max / 1e6),
          outcome,
        }),
      );
    }
  }
}

async function scheduleFigures(pgServer: string, today: string): Promise<void> {
  if (SCHEDULE_FEEDS <= 0) return;
  const servers = await Promise.all([1, 2, 3, 4].map(() => startFeedServer({ delayMs: LATENCY_MS })));
  const calendar = calendarOf(
    Array.from({ length: 5 }, (_, i) => ({
      uid: `s-${i}@bench`,
      start: addDays(today, 10 + 3 * i),
      end: addDays(today, 11 + 3 * i),
    })),
  );
  for (let i = 0; i < SCHEDULE_FEEDS; i += 1) servers[i % servers.length]?.set(`/s/${i}.ics`, calendar);
  try {
    console.log(
      `\nThe schedule — ${SCHEDULE_FEEDS} feeds on ${servers.length} hosts answering after ${LATENCY_MS} ms, one run with every feed due`,
    );
    await onBothStores(pgServer, {
      BENCH_ICAL_MODE: 'schedule',
      BENCH_ICAL_SCHEDULE_FEEDS: String(SCHEDULE_FEEDS),
      BENCH_ICAL_FEED_BASES: servers.map((s) => s.url('')).join(','),
    });
  } finally {
    for (const server of servers) await server.close();
  }
}

export async function runIcalSyncBench(pgServer: string): Promise<void> {
  const today = todayIn('UTC');
  await pullFigures(pgServer, today);
  await parseFigures(today);
  await scheduleFigures(pgServer, today);
}
