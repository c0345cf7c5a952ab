import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { openStore, type Store } from '../../src/db/store.ts';
import { createPgDatabase, testStoreKind } from './test-store.ts';
import { EVENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * Helpers for end-to-end tests that run the real `staydesk` binary: a fresh store per test
 * (a temp STAYDESK_DATA_DIR, or a fresh PostgreSQL database when TEST_DATABASE_URL is set),
 * a clean environment, and every wait on a process bounded by one timeout, EVENT_TIMEOUT_MS
 * (test/support/timeouts.ts, scaled by STAYDESK_TEST_TIMEOUT_SCALE), so a hung process fails the
 * test instead of hanging it.
 */

export const BIN = path.resolve(import.meta.dirname, '../../bin/staydesk.js');

/** Settings the parent shell might carry that must not leak into the process under test. */
const STRIPPED =
  /^(DATABASE_URL|STAYDESK_.*|HOST|PORT|PUBLIC_BASE_URL|SMTP_URL|MAIL_FROM|PAYMENT_WEBHOOK_SECRET|DRAFT_HOLD_SECONDS|ICAL_.*|LOG_LEVEL|TEST_DATABASE_URL|NODE_TEST_CONTEXT|NODE_OPTIONS)$/;

export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!STRIPPED.test(k)) env[k] = v;
  return { ...env, ...extra };
}

export interface CliStore {
  kind: 'sqlite' | 'postgres';
  /** A scratch directory; also the working directory of the processes under test. */
  dir: string;
  /** STAYDESK_DATA_DIR, plus DATABASE_URL on PostgreSQL runs. */
  env: Record<string, string>;
  /** The configuration the binary sees with `env`. */
  config(extra?: Record<string, string>): Config;
  /** Opens the same store in this process (close it before cleanup). */
  open(): Store;
  cleanup(): Promise<void>;
}

export async function createCliStore(): Promise<CliStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-e2e-'));
  const env: Record<string, string> = { STAYDESK_DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' };
  let drop: () => Promise<void> = async () => undefined;
  if (testStoreKind === 'postgres') {
    const database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
    env.DATABASE_URL = database.url;
    drop = () => database.drop();
  }
  const config = (extra: Record<string, string> = {}) => loadConfig({ ...env, ...extra });
  return {
    kind: testStoreKind,
    dir,
    env,
    config,
    open: () => openStore(config().store),
    cleanup: async () => {
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The last non-empty line of stdout: where a command prints the secret it created. */
  lastLine: string;
}

function lastLineOf(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines[lines.length - 1] ?? '';
}

/** Runs `staydesk <args>` to completion with no stdin; rejects if it runs longer than EVENT_TIMEOUT_MS. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? os.tmpdir(),
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `staydesk ${args.join(' ')} did not finish within ${EVENT_TIMEOUT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, EVENT_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, lastLine: lastLineOf(stdout) });
    });
  });
}

/** A long-running `staydesk` process (or any Node process) whose output can be awaited line by line. */
export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout line matching `predicate`; rejects after EVENT_TIMEOUT_MS or if the process exits first. */
  waitForLine(predicate: (line: string) => boolean): Promise<string>;
  /** Resolves with the exit code and signal; rejects after EVENT_TIMEOUT_MS. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the process if it is still running (cleanup). */
  kill(): void;
}

export function startCli(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string; nodeArgs?: string[] } = {},
): RunningCli {
  return startNode([...(options.nodeArgs ?? []), BIN, ...args], env, options);
}

/** Runs this Node with `argv` (a script of the project, `--eval` code), as startCli runs the binary. */
export function startNode(argv: string[], env: Record<string, string>, options: { cwd?: string } = {}): RunningCli {
  const child = spawn(process.execPath, argv, {
    cwd: options.cwd ?? os.tmpdir(),
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    notify();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  child.on('close', (code, signal) => {
    exit = { code, signal };
    notify();
  });

  const waitFor = <T>(check: () => T | undefined, describe: () => string): Promise<T> =>
    new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found !== undefined) {
          cleanup();
          resolve(found);
        } else if (exit !== null) {
          cleanup();
          reject(
            new Error(`process exited (${JSON.stringify(exit)}) before ${describe()}\nstdout: ${out}\nstderr: ${err}`),
          );
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`timed out after ${EVENT_TIMEOUT_MS} ms waiting for ${describe()}\nstdout: ${out}\nstderr: ${err}`),
        );
      }, EVENT_TIMEOUT_MS);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(attempt);
      };
      listeners.add(attempt);
      attempt();
    });

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForLine: (predicate) =>
      waitFor(
        () => {
          const complete = out.slice(0, out.lastIndexOf('\n') + 1);
          return complete.split('\n').find((l) => l !== '' && predicate(l));
        },
        () => 'the expected output line',
      ),
    exited: () =>
      new Promise((resolve, reject) => {
        if (exit !== null) {
          resolve(exit);
          return;
        }
        const timer = setTimeout(() => {
          reject(new Error(`process did not exit within ${EVENT_TIMEOUT_MS} ms\nstdout: ${out}\nstderr: ${err}`));
        }, EVENT_TIMEOUT_MS);
        child.once('close', (code, signal) => {
          clearTimeout(timer);
          resolve({ code, signal });
        });
      }),
    kill: () => {
      if (exit === null) child.kill('SIGKILL');
    },
  };
}
