/**
 * `npm run bench`: requests/s and p99 of availability, calendar and booking creation beside
 * two floors (one indexed SELECT, one INSERT transaction) on the same framework and pool.
 * Runs on PostgreSQL (a fresh database on BENCH_DATABASE_URL, default the local server) and
 * on the embedded store. A benchmark, not a test: it reports, it does not pass or fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { createPgDatabase } from '../test/support/test-store.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface ServerInfo {
  port: number;
  key: string;
  accommodationId: number;
  store: string;
}

async function startServer(env: Record<string, string>): Promise<{ info: ServerInfo; pid: number | undefined; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['bench/bench-server.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    lines.once('line', (line) => {
      resolve(JSON.parse(line) as ServerInfo);
    });
    child.once('exit', (code) => {
      reject(new Error(`bench server exited with ${String(code)}`));
    });
  });
  return {
    info,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process spent per request (user + system), in microseconds. */
  cpuPerRequestUs: number;
}

/** User + system CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

let serverPid: number | undefined;

async function load(name: string, opts: autocannon.Options): Promise<Result> {
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
  const requests = result.requests.total;
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuPerRequestUs: requests > 0 ? ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / requests : 0,
  };
}

async function benchStore(label: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  serverPid = server.pid;
  const { port, key, accommodationId } = server.info;
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const checkin = addDays(todayIn('UTC'), 30);
  let n = 0;
  try {
    // Warm up the connections and the JIT.
    await load('warm-up', { url: `${base}/bench/floor/select`, duration: 2 });
    const results: Result[] = [];
    results.push(await load('floor: one indexed SELECT', { url: `${base}/bench/floor/select` }));
    results.push(
      await load('POST availability', {
        url: `${base}/api/v1/staydesk/availability`,
        method: 'POST',
        headers,
        body: JSON.stringify({ accommodation_id: accommodationId, checkin, checkout: addDays(checkin, 7), guest_count: 2, extras: { breakfast: true } }),
      }),
    );
    results.push(
      await load('POST calendar', {
        url: `${base}/api/v1/staydesk/calendar`,
        method: 'POST',
        headers,
        body: JSON.stringify({ accommodation_id: accommodationId }),
      }),
    );
    results.push(await load('floor: one INSERT transaction', { url: `${base}/bench/floor/insert`, method: 'POST' }));
    const first = addDays(todayIn('UTC'), 400);
    results.push(
      await load('POST bookings', {
        url: `${base}/api/v1/staydesk/bookings`,
        method: 'POST',
        headers,
        requests: [
          {
            setupRequest: (request) => {
              // Every booking takes two fresh nights: 2 × 100 + cleaning 50, tax 10 % → 275.
              const start = addDays(first, 2 * n++);
              return {
                ...request,
                body: JSON.stringify({
                  accommodation_id: accommodationId,
                  partner_data: { first_name: 'Bench', last_name: `Guest ${n}`, email: `guest${n % 500}@bench.test` },
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
            },
          },
        ],
      }),
    );
    report(label, results);
  } finally {
    await server.stop();
  }
}

function report(label: string, results: Result[]): void {
  const find = (name: string) => results.find((r) => r.name === name);
  const select = find('floor: one indexed SELECT');
  const insert = find('floor: one INSERT transaction');
  console.log(`\n${label} — ${DURATION}s per route, ${CONNECTIONS} connections`);
  console.log(`${'route'.padEnd(32)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(7)} ${'server µs/req'.padStart(14)}  ratio to floor`);
  for (const r of results) {
    const floor = r.name.startsWith('POST bookings') ? insert : r.name.startsWith('POST') ? select : undefined;
    const ratio = floor ? `${(r.rps / floor.rps).toFixed(2)} req/s, ${(r.p99 / Math.max(floor.p99, 1)).toFixed(2)} p99` : '';
    console.log(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors + r.non2xx).padStart(7)} ${r.cpuPerRequestUs.toFixed(0).padStart(14)}  ${ratio}`,
    );
  }
}

const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.argv[2];
if (only === undefined || only === 'postgres') {
  const db = await createPgDatabase(pgServer);
  try {
    await benchStore('PostgreSQL', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
}
if (only === undefined || only === 'sqlite') {
  const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-bench-'));
  try {
    await benchStore('Embedded SQLite', { STAYDESK_DATA_DIR: dir, DATABASE_URL: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
