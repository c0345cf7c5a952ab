import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What bench/bench-server.ts prints once it listens. */
export interface ServerInfo {
  port: number;
  /** A bare Fastify instance in the same process: one hello-world route, no hooks. */
  barePort: number;
  key: string;
  /** With BENCH_LIMITS=defaults, many keys to spread the load over (else just `key`). */
  keys: string[];
  accommodationId: number;
  /** The availability request the bench sends, to the app and to the bare instance's fixed route. */
  availabilityBody: Record<string, unknown>;
  store: string;
}

export type BenchServer = BenchProcess<ServerInfo>;

/** The words of bin/staydesk.js's first line, and where `node` is among them. */
function shebang(): { words: string[]; node: number } {
  const line = readFileSync(new URL('../bin/staydesk.js', import.meta.url), 'utf8').split('\n', 1)[0] ?? '';
  const words = line.split(/\s+/).filter((word) => word !== '');
  return { words, node: words.indexOf('node') };
}

/** The V8 flags `npx staydesk serve` runs with: those after `node` on bin/staydesk.js's first line. */
function shippedV8Flags(): string[] {
  const { words, node } = shebang();
  return node < 0 ? [] : words.slice(node + 1);
}

/**
 * The environment `npx staydesk serve` runs with beside the caller's: the assignments before
 * `node` on bin/staydesk.js's first line (MALLOC_ARENA_MAX). The bench's servers run with it too.
 */
export function shippedEnv(): Record<string, string> {
  const { words, node } = shebang();
  const assignments = words.slice(0, Math.max(0, node)).filter((word) => /^[A-Z_][A-Z0-9_]*=/.test(word));
  return Object.fromEntries(
    assignments.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  );
}

/**
 * V8 flags of the bench server: `BENCH_V8_FLAGS` (space-separated; empty for V8's defaults), by
 * default those `npx staydesk serve` runs with (today each of the young generation's two
 * semi-spaces kept to at most 2 MB). With V8's defaults they grew to 32 MB while the booking
 * routes ran (many of their objects survive a scavenge) and stayed so, and availability's p99
 * measured afterwards was about half as high again as before them
 * (docs/benchmarks.md, "The V8 flags").
 */
export function benchV8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = env.BENCH_V8_FLAGS;
  return flags === undefined ? shippedV8Flags() : flags.split(/\s+/).filter((flag) => flag !== '');
}

/** A heading's note of the fixed availability route's busy wait (BENCH_FIXED_SPIN_US), empty without one. */
export function fixedSpinNote(): string {
  const spin = Number(process.env.BENCH_FIXED_SPIN_US ?? 0);
  return spin > 0 ? `, the fixed route busy-waiting ${String(spin)} µs a request` : '';
}

/** The bench server's V8 flags as a table heading names them. */
export function benchV8Label(): string {
  return benchV8Flags().join(' ') || "V8's defaults";
}

/** A bench process started by `spawnBenchProcess`: what it printed first, its pid, and a way to stop it. */
export interface BenchProcess<Info> {
  info: Info;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts bench/bench-server.ts in a child process (with extra Node flags, if any) and waits for its address. */
export function startServer(env: Record<string, string>, nodeFlags: string[] = []): Promise<BenchServer> {
  return spawnBenchProcess<ServerInfo>('bench/bench-server.ts', env, nodeFlags);
}

/**
 * Starts a bench script with the bench server's V8 flags (and extra Node flags, if any), and waits
 * for its first line of output, a JSON object.
 */
export async function spawnBenchProcess<Info>(
  script: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<BenchProcess<Info>> {
  const child = spawn(process.execPath, [...benchV8Flags(), ...nodeFlags, script], {
    env: { ...process.env, ...shippedEnv(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise<Info>((resolve, reject) => {
    lines.once('line', (line) => {
      resolve(JSON.parse(line) as Info);
    });
    child.once('exit', (code) => {
      reject(new Error(`${script} exited with ${String(code)}`));
    });
  });
  return {
    info,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process in MB, now and at its peak (Linux /proc; 0 elsewhere). */
export function rssMb(pid: number | undefined): { now: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
    return { now: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { now: 0, peak: 0 };
  }
}
