/**
 * `npm run bench -- events`: 1,000 bookings (BENCH_EVENT_BOOKINGS), after 300 not measured
 * (BENCH_EVENT_WARMUP) and their events, through a real `staydesk serve` with two endpoints
 * subscribed to the key's events (a loopback receiver in a process of its own,
 * bench/event-receiver.ts), on the embedded store and on PostgreSQL (BENCH_EVENT_STORES=sqlite
 * or postgres for one), and the same run without endpoints, in BENCH_EVENT_ROUNDS rounds
 * (default 5) summarised by their medians. A round starts both servers and, once both are warm,
 * books on them in turns, BENCH_EVENT_SLICES slices each (default 10, the order alternating), so
 * that the machine's speed, which moves within seconds, weighs on both alike. Reports
 * booking throughput (BENCH_EVENT_CONNECTIONS requests in flight, default 10) with and without
 * endpoints; the delivery latency after commit, from the booking's 200 reaching this process to
 * its event reaching the receiver (p50, p99, max over both endpoints; an event that arrives
 * before the answer counts 0); and the CPU time per booking of the server (and of its main
 * thread), the load generator, the receiver and PostgreSQL, from the first measured booking
 * until its last event arrived, and the server's peak resident memory. With endpoints, a round then
 * books BENCH_EVENT_BACKLOG more (default 1,000) while both endpoints are paused, resumes them and
 * reports how long their deliveries took to drain and what they cost the server and PostgreSQL
 * (the backlog an outage leaves). On PostgreSQL the tables' statistics are taken after the warm-up
 * and again before the resume, as a live database's autovacuum keeps them. Each round ends with
 * the delivery floor (bench/delivery-floor.ts), the reference of that round's CPU per delivered
 * event; the figure is the median of the rounds' ratios. BENCH_EVENT_CPU_PROF
 * names a folder for CPU profiles of the server, one a run (file names carry the process id).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/auth/api-key-repository.ts';
import type { Accommodation } from '../src/db/schema.ts';
import { loadConfig } from '../src/config/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openStore } from '../src/db/store.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { makeAccommodation } from '../test/support/factories.ts';
import { createPgDatabase } from '../test/support/test-store.ts';
import { startServe } from '../test/support/serve-cluster.ts';
import { cpuSeconds, mainThreadCpuSeconds, postgresCpuSeconds } from './cpu.ts';
import { benchV8Flags, benchV8Label, rssMb, shippedEnv } from './spawn-server.ts';
import { recordTarget } from './targets.ts';

const BOOKINGS = Number(process.env.BENCH_EVENT_BOOKINGS ?? 1000);
const WARMUP = Number(process.env.BENCH_EVENT_WARMUP ?? 300);
const CONNECTIONS = Number(process.env.BENCH_EVENT_CONNECTIONS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_EVENT_ROUNDS ?? 5));
/** Slices a round's bookings are taken in, in turns by the two servers. */
const SLICES = Math.max(1, Number(process.env.BENCH_EVENT_SLICES ?? 10));
/** Bookings made while both endpoints are paused, whose deliveries are then drained at once (0: none). */
const BACKLOG = Number(process.env.BENCH_EVENT_BACKLOG ?? 1000);
/** BENCH_EVENT_STORES: `sqlite` or `postgres` for one store; unset or empty, both. */
const STORES = storesToRun(process.env.BENCH_EVENT_STORES);

function storesToRun(value: string | undefined): { test(store: string): boolean } {
  if (value === undefined || value === '') return { test: () => true };
  if (value !== 'sqlite' && value !== 'postgres')
    throw new Error(`BENCH_EVENT_STORES must be sqlite or postgres (or unset for both), not ${JSON.stringify(value)}`);
  return { test: (store) => store === value };
}
const HOMES = 10;
/** BENCH_EVENT_CPU_PROF=<folder>: each run's server writes a CPU profile there (`--cpu-prof`). */
const PROFILE_DIR = process.env.BENCH_EVENT_CPU_PROF ? path.resolve(process.env.BENCH_EVENT_CPU_PROF) : undefined;

interface Run {
  throughput: number;
  latencies: number[];
  received: number;
  /**
   * CPU per booking (µs) from the first booking until its last event arrived: the server's (and
   * its main thread's), the load generator's (this process), the receiver's, PostgreSQL's.
   */
  cpu: Cpu;
  /** The server's peak resident memory (MB). */
  peakMb: number;
  /** The first event the receiver got (with endpoints), for the delivery floor. */
  sample: Sample | null;
  /** With endpoints: the backlog's drain (seconds from the resume to its last event; CPU µs per delivery). */
  backlog: { seconds: number; server: number; store: number } | null;
}

type Sample = { body: string; headers: Record<string, string> };

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);

/**
 * On PostgreSQL, the statistics of every table taken (ANALYZE), as a live database's autovacuum
 * takes them once a table has changed by a tenth: a statement planned while its tables were
 * nearly empty is planned again (README, "Running on PostgreSQL").
 */
async function analyze(env: Record<string, string>): Promise<void> {
  const config = loadConfig(env);
  if (config.store.kind !== 'postgres') return;
  const store = openStore(config.store);
  try {
    await sql`analyze`.execute(store.db);
  } finally {
    await store.destroy();
  }
}

/** CPU of each process a run's bookings cost: the server (and its main thread), this process, the receiver, PostgreSQL. */
const CPU_KEYS = ['server', 'serverMain', 'client', 'receiver', 'store'] as const;
type Cpu = Record<(typeof CPU_KEYS)[number], number>;

/** A Cpu whose every figure is `of` its name. */
const cpuOf = (of: (key: (typeof CPU_KEYS)[number]) => number): Cpu =>
  Object.fromEntries(CPU_KEYS.map((key) => [key, of(key)])) as Cpu;

/** A server and its receiver, warmed up, taking its measured bookings in slices (`slice`). */
interface LiveRun {
  /** Books [from, to) and waits for their events; the CPU it cost every process, and its seconds of booking. */
  slice(from: number, to: number): Promise<{ cpu: Cpu; seconds: number }>;
  /** With endpoints: the backlog's drain, its bookings numbered from `from`. */
  drainBacklog(from: number): Promise<Run['backlog']>;
  /** What the receiver saw of the measured bookings, and the server's peak memory. */
  finish(): Promise<Pick<Run, 'latencies' | 'received' | 'sample' | 'peakMb'>>;
  close(): Promise<void>;
}

async function startRun(env: Record<string, string>, dir: string, endpoints: number): Promise<LiveRun> {
  const config = loadConfig(env);
  const store = openStore(config.store);
  await migrateToLatest(store.db);
  const homes: Accommodation[] = [];
  for (let i = 0; i < HOMES; i++) homes.push(await makeAccommodation(store.db, { max_stay: 60 }));
  const { key } = await createApiKey(store.db, { name: 'bench events', scope: 'api' });
  const admin = await createApiKey(store.db, { name: 'bench events host', scope: 'admin' });
  await store.destroy();

  const answered = new Map<number, number>();
  const receiver = await startReceiver();
  const port = receiver.port;

  const server = await startServe(
    {
      ...shippedEnv(),
      ...env,
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_KEY: '0',
      RATE_LIMIT_PUBLIC_PER_IP: '0',
      AUTH_FAILURES_PER_IP: '0',
    },
    dir,
    'info',
    [...benchV8Flags(), ...(PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`])],
  );
  const close = async () => {
    await new Promise((r) => {
      server.cli.child.once('exit', r);
      server.cli.child.kill('SIGTERM');
    });
    receiver.child.kill();
  };
  const v1 = `${server.url}/api/v1/staydesk`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const endpointIds: number[] = [];
  try {
    for (let i = 0; i < endpoints; i++) {
      const res = await fetch(`${v1}/webhook-endpoints`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/endpoint-${i}` }),
      });
      if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${await res.text()}`);
      endpointIds.push((JSON.parse(await res.text()) as { data: { id: number } }).data.id);
    }
  } catch (error) {
    await close();
    throw error;
  }
  /** Pauses or resumes every endpoint, as the host does in the admin API. */
  const setEndpoints = async (action: 'pause' | 'resume') => {
    for (const id of endpointIds) {
      const res = await fetch(`${server.url}/admin/api/webhook-endpoints/${id}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.key}` },
      });
      if (res.status !== 200) throw new Error(`${action}: ${res.status} ${await res.text()}`);
    }
  };
  const first = addDays(todayIn('UTC'), 30);
  const body = (i: number) => ({
    accommodation_id: homes[i % HOMES]?.id,
    partner_data: {
      first_name: 'Bench',
      last_name: `Guest${i}`,
      email: `guest${i}@bench.example`,
      phone: '+1 555 0100',
    },
    booking_data: {
      checkin_date: addDays(first, Math.floor(i / HOMES)),
      checkout_date: addDays(first, Math.floor(i / HOMES) + 1),
      adults_count: 2,
      children_count: 0,
      babies_count: 0,
      payment_method: 'bank_transfer',
      payment_token: 'tok_bench',
      total_amount: 165,
    },
  });
  /** Books [from, to) with CONNECTIONS in flight, noting when each measured booking's answer came. */
  const book = async (from: number, to: number, measured: boolean) => {
    let next = from;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < to) {
          const i = next++;
          const res = await fetch(`${v1}/bookings`, { method: 'POST', headers, body: JSON.stringify(body(i)) });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`booking ${i}: ${res.status} ${text}`);
          const id = (JSON.parse(text) as { data: { booking_id: number } }).data.booking_id;
          if (measured) answered.set(id, wallClock());
        }
      }),
    );
  };
  const waitForEvents = async (expected: number) => {
    const deadline = performance.now() + 120_000;
    while ((await receiver.count()) < expected && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  };
  /** CPU seconds so far. */
  const cpuNow = (): Cpu => ({
    server: cpuSeconds(server.cli.child.pid),
    serverMain: mainThreadCpuSeconds(server.cli.child.pid),
    client: cpuSeconds(process.pid),
    receiver: cpuSeconds(receiver.child.pid),
    store: postgresCpuSeconds(),
  });
  const since = (before: Cpu): Cpu => {
    const now = cpuNow();
    return cpuOf((key) => now[key] - before[key]);
  };
  try {
    // The warm-up's bookings and events, before anything is measured: a fresh process runs its
    // first requests through the interpreter, and so would each run's first deliveries.
    await book(0, WARMUP, false);
    await waitForEvents(WARMUP * endpoints);
    await analyze(env);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    slice: async (from, to) => {
      const before = cpuNow();
      const start = performance.now();
      await book(from, to, true);
      const seconds = (performance.now() - start) / 1000;
      await waitForEvents(to * endpoints);
      if ((await receiver.count()) < to * endpoints)
        throw new Error(`the events of bookings up to ${to} did not arrive in 120 s`);
      return { cpu: since(before), seconds };
    },
    // The backlog an outage leaves: bookings while the endpoints are paused, then all their
    // deliveries drained at once, with no booking beside them.
    drainBacklog: async (from) => {
      if (endpoints === 0 || BACKLOG === 0) return null;
      await setEndpoints('pause');
      await book(from, from + BACKLOG, false);
      await analyze(env);
      const before = cpuNow();
      const resumed = performance.now();
      await setEndpoints('resume');
      await waitForEvents((from + BACKLOG) * endpoints);
      if ((await receiver.count()) < (from + BACKLOG) * endpoints)
        throw new Error('the backlog was not delivered in 120 s');
      const seconds = (performance.now() - resumed) / 1000;
      const used = since(before);
      const deliveries = BACKLOG * endpoints;
      return { seconds, server: (used.server * 1e6) / deliveries, store: (used.store * 1e6) / deliveries };
    },
    finish: async () => {
      const sample = await receiver.sample();
      const peakMb = rssMb(server.cli.child.pid).peak;
      // The receiver's report ends it.
      const arrived = (await receiver.report()).filter((a) => answered.has(a.bookingId));
      const latencies = arrived
        .map((a) => Math.max(0, a.at - (answered.get(a.bookingId) ?? a.at)))
        .sort((a, b) => a - b);
      return { latencies, received: arrived.length, sample, peakMb };
    },
    close,
  };
}

/**
 * One round: a server without endpoints and one with, both warmed up, then BOOKINGS on each in
 * SLICES slices taken in turns (ABBA: A B, B A, A B, ...), so that the machine's speed, which
 * moves within seconds, weighs on both alike; then the backlog's drain on the one with endpoints.
 */
async function oneRound(
  makeEnv: () => Promise<{ env: Record<string, string>; done: () => Promise<void> }>,
): Promise<{ without: Run; withEndpoints: Run }> {
  const started: { run: LiveRun; done: () => Promise<void>; dir: string }[] = [];
  try {
    for (const endpoints of [0, 2]) {
      const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-bench-events-'));
      const { env, done } = await makeEnv();
      try {
        const run = await startRun({ STAYDESK_DATA_DIR: path.join(dir, 'data'), ...env }, dir, endpoints);
        started.push({ run, done, dir });
      } catch (error) {
        await done();
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
    const totals = started.map(() => ({ cpu: cpuOf(() => 0), seconds: 0 }));
    const per = Math.ceil(BOOKINGS / SLICES);
    for (let s = 0; s * per < BOOKINGS; s++) {
      const from = WARMUP + s * per;
      const to = WARMUP + Math.min(BOOKINGS, (s + 1) * per);
      const order = s % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const one = started[i];
        const total = totals[i];
        if (one === undefined || total === undefined) continue;
        const { cpu, seconds } = await one.run.slice(from, to);
        total.seconds += seconds;
        total.cpu = cpuOf((key) => total.cpu[key] + cpu[key]);
      }
    }
    const runs: Run[] = [];
    for (const [i, one] of started.entries()) {
      const total = totals[i] ?? { cpu: cpuOf(() => 0), seconds: 1 };
      const backlog = await one.run.drainBacklog(WARMUP + BOOKINGS);
      runs.push({
        throughput: BOOKINGS / total.seconds,
        cpu: cpuOf((key) => (total.cpu[key] * 1e6) / BOOKINGS),
        backlog,
        ...(await one.run.finish()),
      });
    }
    const [without, withEndpoints] = runs;
    if (without === undefined || withEndpoints === undefined) throw new Error('a run of the round is missing');
    return { without, withEndpoints };
  } finally {
    for (const one of started) {
      await one.run.close();
      await one.done();
      rmSync(one.dir, { recursive: true, force: true });
    }
  }
}

const wallClock = () => performance.timeOrigin + performance.now();

/** The receiver's process (bench/event-receiver.ts), listening, with its IPC questions. */
async function startReceiver() {
  const child = fork(fileURLToPath(new URL('event-receiver.ts', import.meta.url)), { stdio: 'inherit' });
  const ask = <T>(question: string, field: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(field in message)) return;
        child.off('message', onMessage);
        resolve(message[field] as T);
      };
      child.on('message', onMessage);
      // A receiver that has ended fails the question (and the run, which then stops its server)
      // rather than the whole bench, which would leave the server running.
      child.send(question, (error) => {
        if (error === null) return;
        child.off('message', onMessage);
        reject(error);
      });
    });
  const [ready] = (await once(child, 'message')) as [{ port: number }];
  return {
    child,
    port: ready.port,
    count: () => ask<number>('count', 'count'),
    sample: () => ask<Sample | null>('sample', 'sample'),
    cpuUs: () => ask<number>('cpu', 'cpuUs'),
    report: () => ask<{ bookingId: number; at: number }[]>('report', 'arrived'),
  };
}

/** The middle value; of an even count, the mean of the two middle ones. */
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

type Floor = { sender: number; receiver: number };

async function benchStore(
  name: string,
  makeEnv: () => Promise<{ env: Record<string, string>; done: () => Promise<void> }>,
) {
  const rounds: { without: Run; withEndpoints: Run; floor: Floor | null }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { without, withEndpoints } = await oneRound(makeEnv);
    // The reference of this round's ratios, measured right after its runs (the machine's speed
    // moves from one minute to the next, as the CPU a booking costs does).
    const floor = withEndpoints.sample === null ? null : await deliveryFloor(withEndpoints.sample);
    rounds.push({ without, withEndpoints, floor });
    const l = withEndpoints.latencies;
    console.log(
      `${name}, round ${round + 1}: bookings/s ${without.throughput.toFixed(0)} without endpoints, ${withEndpoints.throughput.toFixed(0)} with two ` +
        `(${((withEndpoints.throughput / without.throughput - 1) * 100).toFixed(1)} %); ` +
        `${withEndpoints.received}/${BOOKINGS * 2} events delivered; after commit p50 ${quantile(l, 0.5).toFixed(0)} ms, ` +
        `p99 ${quantile(l, 0.99).toFixed(0)} ms, max ${(l.at(-1) ?? NaN).toFixed(0)} ms; ` +
        `CPU µs per booking, without → with: server ${without.cpu.server.toFixed(0)} → ${withEndpoints.cpu.server.toFixed(0)} ` +
        `(main thread ${without.cpu.serverMain.toFixed(0)} → ${withEndpoints.cpu.serverMain.toFixed(0)}), ` +
        `load generator ${without.cpu.client.toFixed(0)} → ${withEndpoints.cpu.client.toFixed(0)}, ` +
        `receiver ${withEndpoints.cpu.receiver.toFixed(0)}, PostgreSQL ${without.cpu.store.toFixed(0)} → ${withEndpoints.cpu.store.toFixed(0)}; ` +
        `server's peak memory ${without.peakMb.toFixed(0)} → ${withEndpoints.peakMb.toFixed(0)} MB` +
        (floor === null
          ? ''
          : `; the server's CPU per delivered event ${((withEndpoints.cpu.server - without.cpu.server) / 2).toFixed(0)} µs, ` +
            `a bare POST's sender ${floor.sender.toFixed(0)} µs`) +
        (withEndpoints.backlog === null
          ? ''
          : `; a backlog of ${BACKLOG * 2} deliveries drained in ${withEndpoints.backlog.seconds.toFixed(2)} s, ` +
            `CPU µs per delivery: server ${withEndpoints.backlog.server.toFixed(0)}, PostgreSQL ${withEndpoints.backlog.store.toFixed(0)}`),
    );
  }
  const change = median(rounds.map((r) => (r.withEndpoints.throughput / r.without.throughput - 1) * 100));
  const p99s = rounds.map((r) => quantile(r.withEndpoints.latencies, 0.99));
  console.log(
    `${name}, median of ${rounds.length}: bookings/s ${median(rounds.map((r) => r.without.throughput)).toFixed(0)} without endpoints, ` +
      `${median(rounds.map((r) => r.withEndpoints.throughput)).toFixed(0)} with two (${change.toFixed(1)} %, the receiver on the same cores); ` +
      `after commit p99 ${median(p99s).toFixed(0)} ms (worst round ${Math.max(...p99s).toFixed(0)} ms; target under 1,000 ms)`,
  );
  // Every process of the bench shares the machine's cores, so bookings/s follow the CPU a booking
  // costs all of them together (and the server's main thread); the floor is what two deliveries
  // cost at the least. The target is read with the receiver on cores of its own, as a partner's
  // receiver is: from the CPU a booking costs every process but the receiver, each round's
  // change as that CPU predicts it (this machine has no cores to spare for the receiver).
  const total = (cpu: Cpu) => cpu.server + cpu.client + cpu.receiver + cpu.store;
  const without = median(rounds.map((r) => total(r.without.cpu)));
  const withEndpoints = median(rounds.map((r) => total(r.withEndpoints.cpu)));
  const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
  // Each a median of the rounds' changes, as the measured change is.
  const predicted = median(rounds.map((r) => (total(r.without.cpu) / total(r.withEndpoints.cpu) - 1) * 100));
  const apart = median(
    rounds.map((r) => (total(r.without.cpu) / (total(r.withEndpoints.cpu) - r.withEndpoints.cpu.receiver) - 1) * 100),
  );
  console.log(
    `${name}, CPU of every process per booking (median): ${without.toFixed(0)} µs without endpoints, ${withEndpoints.toFixed(0)} with two; ` +
      `bookings/s as that CPU predicts: ${pct(predicted)} (measured ${change.toFixed(1)} %); ` +
      `with the receiver on cores of its own: ${pct(apart)} (target within 10 %)`,
  );
  const floored = rounds.flatMap((r) => (r.floor === null ? [] : [{ ...r, floor: r.floor }]));
  if (floored.length === 0) {
    console.log(`${name}: no event arrived, so no delivery floor`);
    return;
  }
  const sender = median(floored.map((r) => r.floor.sender));
  const receiver = median(floored.map((r) => r.floor.receiver));
  const twoPosts = 2 * (sender + receiver);
  console.log(
    `${name}, delivery floor (median of the rounds'): a bare POST of a delivered event's body and headers with undici, ${FLOOR_IN_FLIGHT} in flight, costs its sender ` +
      `${sender.toFixed(0)} µs (rounds ${floored.map((r) => r.floor.sender.toFixed(0)).join(', ')}) and the receiver ${receiver.toFixed(0)} µs; ` +
      `two a booking (${twoPosts.toFixed(0)} µs) alone would make it ${pct((without / (without + twoPosts) - 1) * 100)}, ` +
      `the receiver's two answers alone ${pct((without / (without + 2 * receiver) - 1) * 100)}`,
  );
  // What a delivered event costs the server: its CPU per booking with two endpoints beyond its CPU
  // without, halved, beside what the bare client's POST cost its sender in the same round.
  const perEvent = (r: (typeof floored)[number]) => (r.withEndpoints.cpu.server - r.without.cpu.server) / 2;
  const serverPerEvent = median(floored.map(perEvent));
  const ratio = median(floored.map((r) => perEvent(r) / r.floor.sender));
  console.log(
    `${name}, the server's CPU per delivered event: ${serverPerEvent.toFixed(0)} µs against the bare client's ${sender.toFixed(0)} µs, ` +
      `${ratio.toFixed(2)}× (the median of the rounds' ratios: ${floored.map((r) => (perEvent(r) / r.floor.sender).toFixed(2)).join(', ')}; target ≤ 1.5×)`,
  );
  const drains = floored.flatMap((r) =>
    r.withEndpoints.backlog === null ? [] : [{ ...r.withEndpoints.backlog, floor: r.floor.sender }],
  );
  if (drains.length > 0) {
    console.log(
      `${name}, a backlog of ${BACKLOG * 2} deliveries (${BACKLOG} bookings while both endpoints were paused) drained once they were resumed: ` +
        `${median(drains.map((b) => b.seconds)).toFixed(2)} s (rounds ${drains.map((b) => b.seconds.toFixed(2)).join(', ')}); CPU per delivery: ` +
        `server ${median(drains.map((b) => b.server)).toFixed(0)} µs (${median(drains.map((b) => b.server / b.floor)).toFixed(2)}× the bare client's), ` +
        `PostgreSQL ${median(drains.map((b) => b.store)).toFixed(0)} µs`,
    );
  }
  recordTarget(
    `${name}: server CPU per delivered event ≤ 1.5× the bare client's`,
    `${ratio.toFixed(2)}×`,
    ratio <= 1.5,
  );
  recordTarget(
    `${name}: bookings/s with two endpoints within 10 % of none (the receiver on cores of its own, from the CPU a booking costs)`,
    `${apart.toFixed(1)} % (measured with the receiver on the same cores: ${change.toFixed(1)} %)`,
    apart >= -10,
  );
}

/** The child's next message; rejects if it exits first (a failed floor run must not hang the bench). */
async function nextMessage<T>(child: ChildProcess): Promise<T> {
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the delivery floor's process exited (${String(code)}) before answering`);
  });
  const [message] = (await Promise.race([once(child, 'message'), exited])) as [T];
  return message;
}

const FLOOR_POSTS = 4000;
const FLOOR_IN_FLIGHT = 20;

/**
 * What a bare delivery costs (bench/delivery-floor.ts): CPU µs per POST of its sender and of a
 * fresh receiver, over FLOOR_POSTS after 300 not measured.
 */
async function deliveryFloor(sample: Sample): Promise<Floor> {
  const receiver = await startReceiver();
  const job = {
    url: `http://127.0.0.1:${String(receiver.port)}/floor`,
    ...sample,
    posts: FLOOR_POSTS,
    warmup: 300,
    inFlight: FLOOR_IN_FLIGHT,
  };
  const child = fork(fileURLToPath(new URL('delivery-floor.ts', import.meta.url)), {
    stdio: 'inherit',
    env: { ...process.env, FLOOR_JOB: JSON.stringify(job) },
  });
  try {
    await nextMessage(child);
    const receiverBefore = await receiver.cpuUs();
    child.send('go');
    const { cpuUs } = await nextMessage<{ cpuUs: number }>(child);
    const receiverUs = (await receiver.cpuUs()) - receiverBefore;
    return { sender: cpuUs / FLOOR_POSTS, receiver: receiverUs / FLOOR_POSTS };
  } finally {
    child.kill();
    receiver.child.kill();
  }
}

export async function runEventsBench(pgServer: string): Promise<void> {
  console.log(
    `\nPartner events: ${BOOKINGS} bookings, ${CONNECTIONS} in flight, serve run with ${benchV8Label()}${PROFILE_DIR === undefined ? '' : `, CPU profiler on (${PROFILE_DIR})`}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  if (STORES.test('sqlite'))
    await benchStore('Embedded SQLite', async () => ({ env: { DATABASE_URL: '' }, done: async () => undefined }));
  if (STORES.test('postgres'))
    await benchStore('PostgreSQL', async () => {
      const db = await createPgDatabase(pgServer);
      return { env: { DATABASE_URL: db.url }, done: () => db.drop() };
    });
}
