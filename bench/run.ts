/**
 * `npm run bench`: requests/s and p99 of availability, calendar and booking creation beside
 * two floors (one indexed SELECT, one INSERT transaction) on the same framework and pool.
 * Runs on PostgreSQL (a fresh database on BENCH_DATABASE_URL, default the local server) and
 * on the embedded store. Each store is measured in BENCH_ROUNDS short rounds (default 15 of
 * BENCH_SECONDS = 1 s per route) of every route in turn, so a hot path and its floor always run
 * a second apart; the summary is the median of the rounds (of each round's ratio, for a ratio).
 * Beside each route's req/s and p99 it prints the CPU time per request of the server process,
 * of the machine's PostgreSQL processes and of the load generator (this process), which share
 * the machine's cores. Availability is also compared with a bare Fastify
 * instance in the same server: its hello-world route, and a route of availability's shape (the
 * same schemas and request) answering a fixed answer. A benchmark, not a test: it reports, it
 * does not pass or fail. `npm run bench -- reports` (also run last by `npm run bench`): the yearly
 * occupancy report over 100 accommodations and 20 000 bookings (bench/reports.ts).
 * `npm run bench -- events` (also run last): booking throughput with and without two event
 * endpoints, the delivery latency of the events after commit and what a delivery costs the server
 * beside a bare client (bench/events.ts). On PostgreSQL, bookings are also compared with the
 * outside floor, a process of its own on a bare pg pool (bench/outside-floor.ts). Every part
 * records its figures against their targets (bench/targets.ts), printed together at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPgDatabase } from '../test/support/test-store.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { runConsoleBench } from './console.ts';
import { runIcalSyncBench } from './ical-sync.ts';
import { runReportsBench } from './reports.ts';
import { runMessagesBench } from './messages.ts';
import { runEventsBench } from './events.ts';
import { benchFootprint } from './footprint.ts';
import { benchProcesses } from './processes.ts';
import { benchV8Label, fixedSpinNote, spawnBenchProcess, startServer } from './spawn-server.ts';
import { printTargets, recordTarget } from './targets.ts';
import { limitedLabel, overKeys } from './over-keys.ts';
import { cpuSeconds, postgresCpuSeconds } from './cpu.ts';

/**
 * Short rounds, many of them: this 2-core VM's speed changes by up to half within seconds, so a
 * ratio is only fair between routes measured a second apart, and the median over 15 rounds drops
 * the rounds a change fell in (docs/benchmarks.md, "Rounds a second apart").
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 1);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 15));
/** Up to this many rounds, each round's whole table is printed; beyond it, one line of ratios a round. */
const ROUND_TABLES_UP_TO = 5;
/** The other benches' load, per route and round: they are not ratios of neighbouring routes. */
const OTHER_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const OTHER_ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_ROUTES: only the routes whose name matches (a regular expression, any case), e.g. `booking`. */
const ONLY_ROUTES = process.env.BENCH_ROUTES ? new RegExp(process.env.BENCH_ROUTES, 'i') : undefined;

interface Result {
  name: string;
  rps: number;
  /** Latency percentiles of the 2xx answers, in milliseconds (to the microsecond). */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process spent per request (user + system), in microseconds. */
  cpuPerRequestUs: number;
  /** The same for every PostgreSQL server process of this machine (0 on the embedded store). */
  storeCpuPerRequestUs: number;
  /** The same for this process, the load generator, which shares the machine's cores. */
  clientCpuPerRequestUs: number;
  /** In a summary: per compared route, the median over the rounds of the ratios to it. */
  ratios?: Record<string, { rps: number; p99: number }>;
}

let serverPid: number | undefined;

/** Loads one route; `pid` is the process serving it (the bench server unless said otherwise). */
async function load(name: string, opts: autocannon.Options, pid = serverPid): Promise<Result> {
  const before = { server: cpuSeconds(pid), store: postgresCpuSeconds(), client: cpuSeconds(process.pid) };
  // autocannon's own percentiles are whole milliseconds, too coarse for a route answered in
  // one: each 2xx answer's latency is kept here as measured (fractions of a millisecond).
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (error: unknown, done: autocannon.Result) => {
      if (error === null || error === undefined) resolve(done);
      else reject(error instanceof Error ? error : new Error('autocannon failed'));
    }).on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  const requests = result.requests.total;
  const perRequest = (seconds: number) => (requests > 0 ? (seconds * 1e6) / requests : 0);
  return {
    name,
    rps: result.requests.average,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuPerRequestUs: perRequest(cpuSeconds(pid) - before.server),
    storeCpuPerRequestUs: perRequest(postgresCpuSeconds() - before.store),
    clientCpuPerRequestUs: perRequest(cpuSeconds(process.pid) - before.client),
  };
}

/**
 * BENCH_ONLY=availability: availability and the routes it is compared with, nothing else (a
 * shorter run, for measuring a change to the availability path).
 */
const availabilityOnly = process.env.BENCH_ONLY === 'availability';
const AVAILABILITY_ROUTES = new Set<string>();

/** With the abuse limits at their defaults, the routes measured: availability and bookings, each with its floor. */
const LIMITED_ROUTES = new Set<string>();

async function benchStore(store: string, env: Record<string, string>): Promise<void> {
  const limited = env.BENCH_LIMITS === 'defaults';
  const server = await startServer(env);
  serverPid = server.pid;
  // On PostgreSQL, the outside floor: a process of its own on a bare pg pool (bench/outside-floor.ts).
  const outside =
    !limited && env.DATABASE_URL
      ? await spawnBenchProcess<{ port: number }>('bench/outside-floor.ts', { DATABASE_URL: env.DATABASE_URL })
      : undefined;
  const { port, barePort, key, keys, accommodationId, availabilityBody } = server.info;
  const label = limited ? limitedLabel(store, keys.length) : store;
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const availability = JSON.stringify(availabilityBody);
  let n = 0;
  // Bookings start a year out, so they never meet the nights availability and the calendar read.
  const first = addDays(todayIn('UTC'), 400);
  // Every booking (and every one the outside floor writes) takes two fresh nights: 2 × 100 +
  // cleaning 50, tax 10 % → 275.
  const bookingRequest = (request: autocannon.Request): autocannon.Request => {
    const start = addDays(first, 2 * n++);
    return {
      ...request,
      body: JSON.stringify({
        accommodation_id: accommodationId,
        partner_data: {
          first_name: 'Bench',
          last_name: `Guest ${String(n)}`,
          email: `guest${String(n % 500)}@bench.test`,
        },
        booking_data: {
          checkin_date: start,
          checkout_date: addDays(start, 2),
          adults_count: 2,
          children_count: 0,
          babies_count: 0,
          payment_method: 'bank_transfer',
          expected_amount: 275,
        },
      }),
    };
  };
  const routes: Array<{ name: string; options: autocannon.Options; pid?: number | undefined }> = [
    // Each route runs next to what it is compared with (availability right after the fixed route of
    // its shape, the calendar after the SELECT floor, bookings after the booking-shaped floor),
    // so the machine's drift from one route to the next weighs as little as it can on a ratio.
    { name: BARE_HELLO, options: { url: `http://127.0.0.1:${barePort}/bench/hello` } },
    { name: HELLO, options: { url: `${base}/bench/hello` } },
    {
      name: BARE_FIXED,
      options: {
        url: `http://127.0.0.1:${barePort}/bench/fixed-availability`,
        method: 'POST',
        headers,
        body: availability,
      },
    },
    {
      name: 'POST availability',
      options: { url: `${base}/api/v1/staydesk/availability`, method: 'POST', headers, body: availability },
    },
    { name: SELECT_FLOOR, options: { url: `${base}/bench/floor/select` } },
    {
      name: 'POST calendar',
      options: {
        url: `${base}/api/v1/staydesk/calendar`,
        method: 'POST',
        headers,
        body: JSON.stringify({ accommodation_id: accommodationId }),
      },
    },
    { name: INSERT_FLOOR, options: { url: `${base}/bench/floor/insert`, method: 'POST' } },
    { name: BOOKING_FLOOR, options: { url: `${base}/bench/floor/booking`, method: 'POST' } },
    ...(outside === undefined
      ? []
      : [
          {
            name: OUTSIDE_FLOOR,
            options: {
              url: `http://127.0.0.1:${String(outside.info.port)}/bench/outside-floor/booking`,
              method: 'POST' as const,
              headers,
              requests: [{ setupRequest: bookingRequest }],
            },
            pid: outside.pid,
          },
        ]),
    {
      name: 'POST bookings',
      options: {
        url: `${base}/api/v1/staydesk/bookings`,
        method: 'POST',
        headers,
        requests: [{ setupRequest: bookingRequest }],
      },
    },
  ];
  for (const name of [BARE_HELLO, BARE_FIXED, HELLO, 'POST availability']) AVAILABILITY_ROUTES.add(name);
  if (limited) {
    for (const name of [BARE_FIXED, 'POST availability', BOOKING_FLOOR, 'POST bookings']) LIMITED_ROUTES.add(name);
  }
  const measured = routes
    .filter((route) => !limited || LIMITED_ROUTES.has(route.name))
    .filter((route) => !availabilityOnly || AVAILABILITY_ROUTES.has(route.name))
    .filter((route) => ONLY_ROUTES === undefined || ONLY_ROUTES.test(route.name))
    .map((route) =>
      (route.options.url ?? '').startsWith(base) ? { ...route, options: overKeys(route.options, keys) } : route,
    );
  try {
    // Warm up the connections and the JIT on every route.
    for (const route of measured) await load('warm-up', { ...route.options, duration: 1 }, route.pid);
    const rounds: Result[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results: Result[] = [];
      for (const route of measured) results.push(await load(route.name, route.options, route.pid ?? serverPid));
      if (ROUNDS > ROUND_TABLES_UP_TO) reportRatios(`${label}, round ${round + 1} of ${ROUNDS}`, results);
      else if (ROUNDS > 1) report(`${label}, round ${round + 1} of ${ROUNDS}`, results);
      rounds.push(results);
    }
    const summary = medianOf(rounds);
    report(ROUNDS > 1 ? `${label}: median of ${ROUNDS} rounds` : label, summary);
    if (!limited) recordHotPathTargets(store, summary);
  } finally {
    await server.stop();
    await outside?.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Per route, the median of each figure over the rounds; ratios are the median of each round's ratio. */
function medianOf(rounds: Result[][]): Result[] {
  const first = rounds[0] ?? [];
  return first.map((r, i) => {
    const same = rounds.map((round) => round[i]).filter((x): x is Result => x !== undefined);
    const ratios: Record<string, { rps: number; p99: number }> = {};
    for (const floor of floorsOf(r.name)) {
      const floorIndex = first.findIndex((x) => x.name === floor);
      if (floorIndex < 0) continue;
      const each = rounds.map((round) => ratio(round[i], round[floorIndex]));
      ratios[floor] = { rps: median(each.map((x) => x.rps)), p99: median(each.map((x) => x.p99)) };
    }
    return {
      name: r.name,
      rps: median(same.map((x) => x.rps)),
      p50: median(same.map((x) => x.p50)),
      p99: median(same.map((x) => x.p99)),
      errors: same.reduce((sum, x) => sum + x.errors, 0),
      non2xx: same.reduce((sum, x) => sum + x.non2xx, 0),
      cpuPerRequestUs: median(same.map((x) => x.cpuPerRequestUs)),
      storeCpuPerRequestUs: median(same.map((x) => x.storeCpuPerRequestUs)),
      clientCpuPerRequestUs: median(same.map((x) => x.clientCpuPerRequestUs)),
      ratios,
    };
  });
}

/** The reference for availability: what Fastify alone serves (a bare instance, no hooks). */
const BARE_HELLO = 'hello world (bare Fastify)';
/**
 * Availability's shape on the bare instance: its request and answer schemas around a fixed
 * answer (the app's own, taken once). What the framework alone costs such a route.
 */
const BARE_FIXED = 'fixed availability (bare Fastify)';
/** The same route on the app: its global hooks (request id, metrics, guards), no store, no key. */
const HELLO = 'hello world (app, no store)';

/** The least a read of the store costs: one indexed SELECT, no key, no body. */
const SELECT_FLOOR = 'floor: one indexed SELECT';
/** The least a write costs: one INSERT in a transaction. */
const INSERT_FLOOR = 'floor: one INSERT transaction';

/** The rows a booking writes, in one plain transaction: what a booking costs the store at the least. */
const BOOKING_FLOOR = 'floor: booking-shaped transaction';
/**
 * The booking target's reference on PostgreSQL: the least a correct booking needs (a booking row,
 * its two nights claimed, one outbox row, one transaction) in a process of its own on a bare pg
 * pool, outside the app (bench/outside-floor.ts).
 */
const OUTSIDE_FLOOR = 'outside floor: bare pg booking';

/** How a ratio names the reference routes; a floor route is named "floor". */
const SHORT_NAMES: Record<string, string> = {
  [BARE_HELLO]: 'bare',
  [BARE_FIXED]: 'bare fixed',
  [HELLO]: 'app hello',
  [BOOKING_FLOOR]: 'booking floor',
  [OUTSIDE_FLOOR]: 'outside floor',
};

/** Which routes a hot path is compared with: its floor, and for availability the framework alone. */
function floorsOf(name: string): string[] {
  if (name.startsWith('POST bookings')) return [OUTSIDE_FLOOR, BOOKING_FLOOR, INSERT_FLOOR];
  if (name.startsWith('POST availability')) return [SELECT_FLOOR, BARE_HELLO, BARE_FIXED, HELLO];
  if (name === BARE_FIXED) return [BARE_HELLO];
  if (name.startsWith('POST')) return [SELECT_FLOOR];
  return [];
}

function ratio(route: Result | undefined, floor: Result | undefined): { rps: number; p99: number } {
  if (route === undefined || floor === undefined) return { rps: Number.NaN, p99: Number.NaN };
  return { rps: route.rps / floor.rps, p99: floor.p99 > 0 ? route.p99 / floor.p99 : Number.NaN };
}

/**
 * Which comparison a round's line shows for a route: the one its target is set against (for
 * bookings the outside floor, where it runs, else the floor in the app).
 */
const TARGET_FLOOR: Record<string, string[]> = {
  'POST availability': [BARE_FIXED],
  'POST calendar': [SELECT_FLOOR],
  'POST bookings': [OUTSIDE_FLOOR, BOOKING_FLOOR],
};

/** The reference a route's target is read against among the routes measured, if any. */
function targetFloor(name: string, results: Result[]): Result | undefined {
  for (const floor of TARGET_FLOOR[name] ?? []) {
    const found = results.find((x) => x.name === floor);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Availability's and booking creation's figures against their targets (targets.ts). */
function recordHotPathTargets(store: string, summary: Result[]): void {
  const at = (name: string) => summary.find((r) => r.name === name);
  const availability = at('POST availability')?.ratios?.[BARE_FIXED];
  if (availability !== undefined)
    recordTarget(
      `${store}: availability ≥ 0.7 of the fixed route of its shape, p99 ≤ 1.5×`,
      `${availability.rps.toFixed(2)}, p99 ${availability.p99.toFixed(2)}×`,
      availability.rps >= 0.7 && availability.p99 <= 1.5,
    );
  const bookings = at('POST bookings');
  const floor = bookings === undefined ? undefined : targetFloor(bookings.name, summary);
  const booking = floor === undefined ? undefined : bookings?.ratios?.[floor.name];
  if (floor !== undefined && booking !== undefined)
    recordTarget(
      `${store}: booking creation ≥ 0.7 of the ${SHORT_NAMES[floor.name] ?? 'floor'}`,
      booking.rps.toFixed(2),
      booking.rps >= 0.7,
    );
}

/** How a table or a round's line shows a route's ratios to one floor: "bare fixed: 0.78, 1.15". */
function ratioText(floor: string, measured: { rps: number; p99: number }): string {
  return `${SHORT_NAMES[floor] ?? 'floor'}: ${measured.rps.toFixed(2)}, ${measured.p99.toFixed(2)}`;
}

/**
 * One line for a round: each hot path's ratios to the floor its target names, or each route's
 * req/s when the routes measured (BENCH_ROUTES) hold no such pair.
 */
function reportRatios(label: string, results: Result[]): void {
  const parts = results.flatMap((r) => {
    const floor = targetFloor(r.name, results);
    return floor === undefined ? [] : [`${r.name} / ${ratioText(floor.name, ratio(r, floor))}`];
  });
  const line = parts.length > 0 ? parts : results.map((r) => `${r.name} ${r.rps.toFixed(0)} req/s`);
  console.log(`${label}: ${line.join('; ')}`);
}

function report(label: string, results: Result[]): void {
  console.log(
    `\n${label} — ${DURATION}s per route, ${CONNECTIONS} connections, server run with ${benchV8Label()}${fixedSpinNote()}`,
  );
  console.log(
    `${'route'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'failed'.padStart(7)} ${'server µs/req'.padStart(14)} ${'pg µs/req'.padStart(10)} ${'client µs/req'.padStart(14)}  ratio (req/s, p99) to`,
  );
  for (const r of results) {
    const shown = floorsOf(r.name)
      .filter((floor) => results.some((x) => x.name === floor))
      .map((floor) => {
        const measured =
          r.ratios?.[floor] ??
          ratio(
            r,
            results.find((x) => x.name === floor),
          );
        return ratioText(floor, measured);
      })
      .join('; ');
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)} ${String(r.errors + r.non2xx).padStart(7)} ${r.cpuPerRequestUs.toFixed(0).padStart(14)} ${r.storeCpuPerRequestUs.toFixed(0).padStart(10)} ${r.clientCpuPerRequestUs.toFixed(0).padStart(14)}  ${shown}`,
    );
  }
}

const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.argv[2];
if (only === 'ical') {
  await runIcalSyncBench(pgServer);
}
if (only === 'console') {
  await runConsoleBench(pgServer);
}
if (only === 'profile') {
  await import('./profile.ts');
}
if (only === 'reports') {
  await runReportsBench(pgServer);
}
if (only === 'messages') {
  await runMessagesBench(pgServer);
}
if (only === 'events') {
  await runEventsBench(pgServer);
}
if (only === undefined || only === 'postgres') {
  const db = await createPgDatabase(pgServer);
  try {
    await benchStore('PostgreSQL', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
  const limitedDb = await createPgDatabase(pgServer);
  try {
    await benchStore('PostgreSQL', {
      // With BENCH_LIMITS=defaults: the abuse limits on, the load spread over many keys.
      DATABASE_URL: limitedDb.url,
      BENCH_LIMITS: 'defaults',
    });
  } finally {
    await limitedDb.drop();
  }
}
if (only === undefined || only === 'processes') {
  const db = await createPgDatabase(pgServer);
  try {
    await benchProcesses(db.url, OTHER_SECONDS, OTHER_ROUNDS, CONNECTIONS);
  } finally {
    await db.drop();
  }
}
if (only === undefined || only === 'footprint')
  await benchFootprint(OTHER_SECONDS, Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5)));
if (only === undefined || only === 'sqlite') {
  const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-bench-'));
  try {
    await benchStore('Embedded SQLite', { STAYDESK_DATA_DIR: dir, DATABASE_URL: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const limitedDir = mkdtempSync(path.join(tmpdir(), 'staydesk-bench-'));
  try {
    await benchStore('Embedded SQLite', {
      STAYDESK_DATA_DIR: limitedDir,
      DATABASE_URL: '',
      BENCH_LIMITS: 'defaults',
    });
  } finally {
    rmSync(limitedDir, { recursive: true, force: true });
  }
}
if (only === undefined) await runIcalSyncBench(pgServer);
if (only === undefined) await runConsoleBench(pgServer);
if (only === undefined) await runReportsBench(pgServer);
if (only === undefined) await runEventsBench(pgServer);
printTargets();
