/**
 * `npm run bench -- profile [availability|fixed|bookings|calendar] [sqlite|postgres]`: where a route's
 * server time goes. Starts the bench server under `--cpu-prof`, loads one route for
 * BENCH_SECONDS, stops the server, and sums the profile's self time by where the code lives
 * (the app's own folders, Fastify, its validator and serializer, pino, the store driver, Node's
 * own HTTP and streams, the garbage collector): the main thread's time, sampled in steps of wall
 * time, not its CPU (docs/benchmarks.md#profiles). The profile itself stays in a temporary folder
 * (its path is printed) for a flame-graph viewer such as Chrome DevTools or speedscope. With
 * BENCH_LIMITS=defaults the server keeps its abuse limits and the load is spread over its keys.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { createPgDatabase } from '../test/support/test-store.ts';
import { limitedLabel, overKeys } from './over-keys.ts';
import { benchV8Label, fixedSpinNote, startServer } from './spawn-server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The profile cut to its samples from `fromUs` (microseconds on the profile's clock) on. */
export function samplesFrom(profile: CpuProfile, fromUs: number): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs) return;
    samples.push(id);
    timeDeltas.push(delta);
  });
  return { ...profile, samples, timeDeltas };
}

/** Where a frame's code lives, as a reader of the cost table would name it. */
export function areaOf(frame: { functionName: string; url: string }): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)' || functionName === '(program)') return `(${functionName.slice(1, -1)})`;
    return 'V8 built-ins';
  }
  const src = /\/src\/([^/]+)\/([^/]+)\.ts$/.exec(url);
  if (src !== null) return `src/${src[1] ?? ''}/${src[2] ?? ''}`;
  const top = /\/src\/([^/]+)\.ts$/.exec(url);
  if (top !== null) return `src/${top[1] ?? ''}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg !== null) {
    const name = pkg[1] ?? '';
    if (name === 'fastify') {
      const file = /fastify\/lib\/([^/]+)\.js$/.exec(url)?.[1];
      return `fastify (${file ?? 'index'})`;
    }
    return name;
  }
  if (url.startsWith('node:')) {
    const mod = url.slice(5).split('/')[1] ?? url.slice(5);
    return `node:${mod}`;
  }
  if (url.includes('/bench/')) return 'bench routes';
  return 'other';
}

/**
 * Self time per area, in microseconds, from a V8 CPU profile. Time in V8's built-ins (JSON,
 * regular expressions, native bindings) and in Node's own modules is charged to the app file or
 * package that called them, so each hook, route and library shows what it costs with the work it
 * asks of Node; what no app or package code asked for (parsing HTTP, socket I/O) stays Node's.
 */
export function selfTimeByArea(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const charged = (area: string) => area === 'V8 built-ins' || area.startsWith('node:');
  const areaOfNode = (id: number): string => {
    const leaf = byId.get(id);
    const own = leaf === undefined ? 'other' : areaOf(leaf.callFrame);
    if (!charged(own)) return own;
    for (let node = leaf; node !== undefined;) {
      const area = areaOf(node.callFrame);
      if (!charged(area)) return area;
      const parent = parentOf.get(node.id);
      node = parent === undefined ? undefined : byId.get(parent);
    }
    return own === 'V8 built-ins' ? 'node (built-ins)' : own;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const area = areaOfNode(id);
    totals.set(area, (totals.get(area) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return totals;
}

/**
 * Frames of Fastify that carry a request on to its next step (the next hook, the handler, the
 * answer's write): a callback hook calls them through `done`, so what runs under them is not the
 * hook's own work. Anything else of Fastify a hook calls (`reply.header`) is its own.
 */
function continues(frame: { functionName: string; url: string }): boolean {
  return (
    /fastify\/lib\/(hooks|handle-request|route|content-type-parser|wrap-thenable|error-handler)\.js$/.test(frame.url) ||
    (/fastify\/lib\/reply\.js$/.test(frame.url) && !/header/i.test(frame.functionName))
  );
}

/**
 * Time per entry point of the app's code (a hook, a route handler, a content-type parser, the
 * serializer, the log controller), in microseconds: each sample is charged to the outermost
 * frame of src/ on its stack below the nearest frame where Fastify carries the request on, so a
 * callback hook is charged its own work with what it asks of V8, Node and packages, and not the
 * steps that run after it inside its `done`.
 */
export function timeByEntryPoint(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    let entry: ProfileNode | undefined;
    for (let node = byId.get(id); node !== undefined;) {
      if (continues(node.callFrame)) break;
      if (/\/src\/.+\.ts$/.test(node.callFrame.url)) entry = node;
      const parent = parentOf.get(node.id);
      node = parent === undefined ? undefined : byId.get(parent);
    }
    if (entry === undefined) return;
    const { functionName, url, lineNumber } = entry.callFrame;
    const name = `${url.replace(/.*\/src\//, 'src/')}:${String((lineNumber ?? 0) + 1)} ${functionName || '(anonymous)'}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return totals;
}

const route = process.argv[3] ?? 'availability';
const store = process.argv[4] ?? 'sqlite';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-profile-'));
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDb = store === 'postgres' ? await createPgDatabase(pgServer) : undefined;
const env: Record<string, string> =
  pgDb === undefined
    ? { STAYDESK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'staydesk-profile-data-')), DATABASE_URL: '' }
    : { DATABASE_URL: pgDb.url };
const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
const { port, barePort, key, keys, accommodationId, availabilityBody } = server.info;
const base = `http://127.0.0.1:${String(port)}/api/v1/staydesk`;
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
let n = 0;
const first = addDays(todayIn('UTC'), 400);
const options: Record<string, autocannon.Options> = {
  // Availability's shape on the bare Fastify instance (bench-server.ts): what the framework costs it.
  fixed: {
    url: `http://127.0.0.1:${String(barePort)}/bench/fixed-availability`,
    method: 'POST',
    headers,
    body: JSON.stringify(availabilityBody),
  },
  availability: { url: `${base}/availability`, method: 'POST', headers, body: JSON.stringify(availabilityBody) },
  calendar: {
    url: `${base}/calendar`,
    method: 'POST',
    headers,
    body: JSON.stringify({ accommodation_id: accommodationId }),
  },
  bookings: {
    url: `${base}/bookings`,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (request) => {
          const start = addDays(first, 2 * n++);
          return {
            ...request,
            body: JSON.stringify({
              accommodation_id: accommodationId,
              partner_data: {
                first_name: 'Bench',
                last_name: `Guest ${String(n)}`,
                email: `guest${String(n)}@bench.test`,
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
        },
      },
    ],
  },
};
const named = options[route];
if (named === undefined) throw new Error(`unknown route ${route}: availability, fixed, bookings or calendar`);
// With BENCH_LIMITS=defaults the load is spread over the server's keys, as in `npm run bench`.
const chosen = overKeys(named, keys);
await autocannon({ ...chosen, duration: 1, connections: 20 });
const result = await autocannon({ ...chosen, duration: seconds, connections: 20 });
await server.stop();
await pgDb?.drop();

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (file === undefined) throw new Error(`no profile was written to ${dir}`);
const whole = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
// The measured load only: the server stops right after it, so its last seconds are the load.
const profile = samplesFrom(whole, whole.endTime - (seconds * 1e6 - 250_000));
const totals = [...selfTimeByArea(profile)].filter(([area]) => area !== '(idle)').sort((a, b) => b[1] - a[1]);
const requests = result.requests.total;
const all = totals.reduce((sum, [, us]) => sum + us, 0);
console.log(
  `\n${route} on ${keys.length > 1 ? limitedLabel(store, keys.length) : store}${route === 'fixed' ? fixedSpinNote() : ''}: ${String(requests)} requests measured (plus a 1 s warm-up), server run with ${benchV8Label()}, profile ${dir}/${file}`,
);
const perRequest = (us: number) => (us / Math.max(1, requests)).toFixed(1);
console.log(
  "the main thread's time as V8 samples it, not its CPU: a write that wakes another process on the same cores " +
    'is charged the wait for the core (docs/benchmarks.md#profiles)',
);
console.log(`${'where (with the Node work it asked for)'.padEnd(44)} ${'share'.padStart(7)} ${'µs/req'.padStart(7)}`);
for (const [area, us] of totals.slice(0, 40)) {
  console.log(`${area.padEnd(44)} ${((100 * us) / all).toFixed(1).padStart(6)}% ${perRequest(us).padStart(7)}`);
}

console.log(
  `\n${'entry points of the app (hooks, handler, parser, serializer, log)'.padEnd(66)} ${'µs/req'.padStart(7)}`,
);
for (const [name, us] of [...timeByEntryPoint(profile)].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${name.padEnd(66)} ${perRequest(us).padStart(7)}`);
}
