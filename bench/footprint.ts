/**
 * The embedded default's footprint, as a host on a small machine runs it: `staydesk serve` on a
 * fresh data directory, started once to seed it and warm Node's compile cache, then in rounds,
 * each a bare Fastify start (bench/bare-fastify.js, the reference) followed by a `serve` start:
 * the time from spawning each process to its first 200 on /readyz, `serve`'s resident memory
 * when idle, and the first load of every console page after that start. The last round then
 * loads availability and reads the memory again. Targets: idle RSS under 100 MB, the second start
 * at most 2× the bare Fastify start (the median of the rounds' ratios), every console page's first
 * load under 500 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { PAGES, pageUrl, type ConsolePage, type PageName } from '../src/console/console-pages.ts';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { benchV8Flags, rssMb } from './spawn-server.ts';
import { recordTarget } from './targets.ts';

interface Started {
  child: ChildProcess;
  base: string;
  /** From spawning the process to its first 200 on /readyz. */
  ms: number;
  /** What the first start prints once: the demo key and accommodation, the console's password. */
  key: string | null;
  accommodationId: number | null;
  password: string | null;
}

/** Spawns a process that prints its address in a JSON line, and waits for its first 200 on /readyz. */
async function start(args: string[], env: Record<string, string>): Promise<Started> {
  const began = performance.now();
  const child = spawn(args[0] ?? '', args.slice(1), {
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seen = { key: null as string | null, accommodationId: null as number | null, password: null as string | null };
  const base = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const address = line.startsWith('{') ? (JSON.parse(line) as { address?: string }).address : undefined;
      if (address !== undefined) resolve(address);
      seen.key ??= /Bearer (sdk_[A-Za-z0-9_-]+)/.exec(line)?.[1] ?? null;
      seen.password ??= /^\s*password:\s+(\S+)/.exec(line)?.[1] ?? null;
      const id = /demo accommodation \(id (\d+)\)/.exec(line)?.[1];
      if (id !== undefined) seen.accommodationId = Number(id);
    });
    child.once('exit', (code) => {
      reject(new Error(`${args.join(' ')} exited with ${String(code)}`));
    });
  });
  for (;;) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - began;
  // The seeding lines follow the listening line; give them a moment on the first start.
  await new Promise((r) => setTimeout(r, 200));
  return { child, base, ms, ...seen };
}

/** `npx staydesk serve` as a host runs it: the bin through its shebang (and the V8 flags there). */
const startServe = (dataDir: string) =>
  start(['bin/staydesk.js', 'serve'], {
    STAYDESK_DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    PUBLIC_BASE_URL: '',
  });

/** The reference: a bare Fastify instance with the same V8 flags and a compile cache of its own. */
const startBare = () => start([process.execPath, ...benchV8Flags(), 'bench/bare-fastify.js'], {});

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The session cookie of the console's first user, signed in as a browser does. */
async function signIn(base: string, password: string): Promise<string> {
  const page = await fetch(`${base}/admin/sign-in`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const res = await fetch(`${base}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ login: 'admin', password, next: '/admin', _csrf: token }).toString(),
  });
  if (res.status !== 303) throw new Error(`console sign-in answered ${String(res.status)}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * The first load of every page of the console's registry after a start, in its order (the
 * sign-in page before signing in): ms per page, the slowest first.
 */
async function firstPageLoads(
  base: string,
  password: string,
  rows: { booking: number; accommodation: number },
): Promise<Array<{ name: PageName; ms: number }>> {
  const timed = async (name: PageName, cookie: string) => {
    const page: ConsolePage = PAGES[name];
    const params = Object.fromEntries(Object.entries(page.params ?? {}).map(([param, kind]) => [param, rows[kind]]));
    const began = performance.now();
    const res = await fetch(`${base}${pageUrl(name, params)}`, { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`console page ${name} answered ${String(res.status)}`);
    return { name, ms: performance.now() - began };
  };
  const loads = [await timed('sign-in', '')];
  const cookie = await signIn(base, password);
  for (const name of Object.keys(PAGES) as PageName[]) if (name !== 'sign-in') loads.push(await timed(name, cookie));
  return loads.sort((a, b) => b.ms - a.ms);
}

/** A booking through the API, so the booking pages have one to show. */
async function book(base: string, key: string, accommodationId: number): Promise<number> {
  const checkin = addDays(todayIn('UTC'), 60);
  const res = await fetch(`${base}/api/v1/staydesk/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      accommodation_id: accommodationId,
      partner_data: { first_name: 'Bench', last_name: 'Guest', email: 'guest@bench.test' },
      booking_data: {
        checkin_date: checkin,
        checkout_date: addDays(checkin, 2),
        adults_count: 2,
        children_count: 0,
        babies_count: 0,
        payment_method: 'bank_transfer',
        expected_amount: 275,
      },
    }),
  });
  const body = (await res.json()) as { data?: { booking_id?: number } };
  if (res.status !== 200 || body.data?.booking_id === undefined)
    throw new Error(`booking answered ${String(res.status)}`);
  return body.data.booking_id;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function benchFootprint(seconds: number, rounds: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-footprint-'));
  try {
    const first = await startServe(dir);
    const { key, accommodationId, password } = first;
    if (key === null || accommodationId === null || password === null)
      throw new Error('the first start printed no demo key, accommodation or console password');
    const bookingId = await book(first.base, key, accommodationId);
    await stop(first.child);
    await stop((await startBare()).child);
    console.log(
      `\nEmbedded store footprint (staydesk serve, fresh data directory; first start ${first.ms.toFixed(0)} ms), ${String(rounds)} rounds`,
    );
    const results: Array<{ bare: number; serve: number; idle: number; bareIdle: number; slowest: number }> = [];
    for (let round = 0; round < rounds; round++) {
      const bare = await startBare();
      await new Promise((r) => setTimeout(r, 2000));
      const bareIdle = rssMb(bare.child.pid).now;
      await stop(bare.child);
      const serve = await startServe(dir);
      // Idle: after start-up garbage has had a moment to be collected.
      await new Promise((r) => setTimeout(r, 2000));
      const idle = rssMb(serve.child.pid).now;
      const pages = await firstPageLoads(serve.base, password, { booking: bookingId, accommodation: accommodationId });
      const slowest = pages[0]?.ms ?? 0;
      results.push({ bare: bare.ms, serve: serve.ms, idle, bareIdle, slowest });
      console.log(
        `round ${String(round + 1)}: bare Fastify start ${bare.ms.toFixed(0)} ms, serve ${serve.ms.toFixed(0)} ms (${(serve.ms / bare.ms).toFixed(2)}×); ` +
          `idle RSS ${idle.toFixed(0)} MB (bare Fastify ${bareIdle.toFixed(0)} MB); console pages' first loads: ` +
          pages
            .slice(0, 3)
            .map((p) => `${p.name} ${p.ms.toFixed(0)} ms`)
            .join(', ') +
          `, the rest under ${(pages[3]?.ms ?? 0).toFixed(0)} ms`,
      );
      if (round === rounds - 1) {
        const checkin = addDays(todayIn('UTC'), 30);
        await autocannon({
          url: `${serve.base}/api/v1/staydesk/availability`,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ accommodation_id: accommodationId, checkin, checkout: addDays(checkin, 3) }),
          duration: seconds,
          connections: 20,
        });
        const loaded = rssMb(serve.child.pid);
        console.log(
          `RSS after ${String(seconds)}s of availability load ${loaded.now.toFixed(0)} MB (peak ${loaded.peak.toFixed(0)} MB)`,
        );
      }
      await stop(serve.child);
    }
    const startRatio = median(results.map((r) => r.serve / r.bare));
    const idle = median(results.map((r) => r.idle));
    const slowest = Math.max(...results.map((r) => r.slowest));
    console.log(
      `median: second start ${median(results.map((r) => r.serve)).toFixed(0)} ms, ${startRatio.toFixed(2)}× bare Fastify ` +
        `(${median(results.map((r) => r.bare)).toFixed(0)} ms); idle RSS ${idle.toFixed(0)} MB ` +
        `(${Math.min(...results.map((r) => r.idle)).toFixed(0)}–${Math.max(...results.map((r) => r.idle)).toFixed(0)}); ` +
        `slowest first page load ${slowest.toFixed(0)} ms`,
    );
    recordTarget('embedded default: idle RSS < 100 MB', `${idle.toFixed(0)} MB`, idle < 100);
    recordTarget(
      'embedded default: second start to /readyz ≤ 2× a bare Fastify start (goal 1.5×)',
      `${startRatio.toFixed(2)}×`,
      startRatio <= 2,
    );
    recordTarget(
      "console: every page's first load after a start < 500 ms",
      `slowest ${slowest.toFixed(0)} ms`,
      slowest < 500,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
