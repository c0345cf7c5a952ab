import { setTimeout as delay } from 'node:timers/promises';
import type { AppContext } from './app-context.ts';
import { buildApp } from './app.ts';
import type { Config } from './config/config.ts';
import { createContext } from './create-app-context.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { App } from './http/types.ts';
import { DRAIN_WINDOW_MS } from './http/shutting-down.ts';
import { startBackgroundJobs } from './jobs/background-jobs.ts';
import { seedFirstRun } from './seed/first-run.ts';
import { firstRunMessage } from './seed/first-run-message.ts';

export interface RunningServer {
  app: App;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
}

/**
 * `staydesk serve`: migrate, seed an empty embedded or in-memory store, listen, and stop gracefully on
 * SIGTERM/SIGINT (stop accepting, finish in-flight requests and job runs, close the store), within
 * SHUTDOWN_TIMEOUT_SECONDS.
 */
export async function startServer(
  config: Config,
  out: (line: string) => void = console.log,
  signal?: AbortSignal,
): Promise<RunningServer> {
  const ctx = createContext(config);
  try {
    return await start(ctx, config, out, signal);
  } catch (error) {
    // A failed start (store unreachable, port busy) must not leave the store's pool open, or
    // the process would hang instead of exiting non-zero.
    await ctx.store.destroy().catch(() => undefined);
    throw error;
  }
}

/** The longest pause between two tries to reach the database at start-up. */
const STORE_WAIT_MAX_MS = 10_000;

/** Defined by tools/build-bundle.ts in the bundle it builds; undefined in the TypeScript sources. */
declare const STAYDESK_BUNDLED: true | undefined;
/** Which code this process runs (bin/bundle.js chooses), as the start's log line says. */
const CODE = typeof STAYDESK_BUNDLED === 'undefined' ? 'sources' : 'bundle';

/**
 * Migrates the store. A PostgreSQL server that cannot be reached yet is not a reason to exit
 * (docs/decisions.md#requests-and-errors): null, and the caller waits for it (waitForStore).
 */
async function migrateNow(ctx: AppContext, config: Config): Promise<string[] | null> {
  try {
    return await migrateToLatest(ctx.db);
  } catch (error) {
    if (config.store.kind !== 'postgres' || !ctx.store.health.noteFault(error)) throw error;
    return null;
  }
}

/**
 * Tries to migrate again and again, with a backoff up to STORE_WAIT_MAX_MS, until the database
 * answers; the store's health logs the outage once (not once per try). Aborted by a signal.
 */
async function waitForStore(ctx: AppContext, signal: AbortSignal | undefined): Promise<string[]> {
  for (let wait = 250; ; wait = Math.min(wait * 2, STORE_WAIT_MAX_MS)) {
    await delay(wait, undefined, { signal });
    try {
      const applied = await migrateToLatest(ctx.db);
      ctx.store.health.noteWorking();
      return applied;
    } catch (error) {
      if (!ctx.store.health.noteFault(error)) throw error;
    }
  }
}

async function start(
  ctx: AppContext,
  config: Config,
  out: (line: string) => void,
  signal: AbortSignal | undefined,
): Promise<RunningServer> {
  let applied = await migrateNow(ctx, config);
  const app = await buildApp(ctx);
  // Until the database answers, /healthz answers 200, /readyz 503, and every other request 503.
  if (applied === null) app.holdForStore(true);

  const address = await app.listen({ host: config.host, port: config.port });
  if (applied === null) {
    const cause = ctx.store.health.failing;
    app.log.warn({ address, cause }, `listening on ${address}, waiting for the database before serving: ${cause}`);
    try {
      applied = await waitForStore(ctx, signal);
    } catch (error) {
      await app.close();
      throw error;
    }
    app.holdForStore(false);
  }
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  const port = app.server.address();
  if (config.port === 0 && typeof port === 'object' && port !== null && !process.env.PUBLIC_BASE_URL) {
    (config as { publicBaseUrl: string }).publicBaseUrl = `http://${config.host}:${port.port}`;
  }

  // Seeded only once listening succeeded, so a busy port cannot swallow the one-time key.
  const seeded = config.store.kind === 'postgres' ? null : await seedFirstRun(ctx);
  // Logged last: once this line is out, start-up (seeding included) is over. A signal that comes
  // earlier is held by startStoppableServer and stops the server once it has started.
  app.log.info({ address, store: ctx.store.description, code: CODE }, `Staydesk listening on ${address}`);
  if (seeded !== null) for (const line of firstRunMessage(config, ctx.store.description, seeded)) out(line);

  // Draft expiry, mail delivery and calendar pulls (src/jobs); stopped before the store closes.
  const jobs = startBackgroundJobs(ctx, app.log);

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      // First every request, /readyz included, is answered 503 shutting_down with Connection:
      // close, for a short window (shorter than the limit) or until no connection is left open;
      // then the server closes its sockets and waits for requests in flight. Jobs stop between
      // two items meanwhile. The store is closed after both have ended, even when one failed.
      app.beginDrain();
      const jobsStopped = jobs.stop();
      await connectionsGone(app, Math.min(DRAIN_WINDOW_MS, (config.shutdownTimeoutSeconds * 1000) / 4));
      const ended = await Promise.allSettled([jobsStopped, app.close()]);
      await ctx.store.destroy();
      const failed = ended.find((r) => r.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
    })();
    return stopping;
  };
  return { app, ctx, url: config.publicBaseUrl, stop };
}

/** Resolves once the server holds no connection, or after `ms`. */
async function connectionsGone(app: App, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  const open = () =>
    new Promise<number>((resolve) => {
      app.server.getConnections((error, count) => {
        resolve(error === null ? count : 0);
      });
    });
  while (Date.now() < deadline && (await open()) > 0) await new Promise((resolve) => setTimeout(resolve, 25));
}

/**
 * Stops the server on a signal and exits: drain, then exit 0 (1 when something failed). A drain
 * that takes longer than SHUTDOWN_TIMEOUT_SECONDS (a request or job that does not finish) is
 * abandoned with a warning and exit code 1.
 */
export function shutDown(server: RunningServer, signal: NodeJS.Signals): void {
  const limit = server.ctx.config.shutdownTimeoutSeconds;
  server.app.log.info({ signal, timeout_seconds: limit }, 'shutting down');
  setTimeout(() => {
    server.app.log.warn(
      { timeout_seconds: limit },
      `shutdown did not finish within SHUTDOWN_TIMEOUT_SECONDS (${limit} s): exiting with work still in flight`,
    );
    process.exit(1);
  }, limit * 1000).unref();
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      server.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

/**
 * Starts the server with SIGTERM/SIGINT handled from the first moment: a signal during start-up
 * (migrations, seeding, the first-run message) is held and stops the server once it has started,
 * instead of killing the process half-way through.
 */
export async function startStoppableServer(config: Config): Promise<RunningServer> {
  let server: RunningServer | null = null;
  let early: NodeJS.Signals | null = null;
  let startLimit: NodeJS.Timeout | undefined;
  // A signal while the server waits for its database ends the wait: nothing was started yet.
  const waiting = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (server !== null) {
      shutDown(server, signal);
      return;
    }
    early = signal;
    waiting.abort();
    // A start-up that hangs (e.g. waiting on the migration lock) still ends within the limit.
    const limit = config.shutdownTimeoutSeconds;
    startLimit = setTimeout(() => {
      process.stderr.write(
        `${signal} during start-up and the server had not started ` +
          `within SHUTDOWN_TIMEOUT_SECONDS (${limit} s): exiting.\n`,
      );
      process.exit(1);
    }, limit * 1000).unref();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  let started: RunningServer;
  try {
    started = await startServer(config, console.log, waiting.signal);
  } catch (error) {
    if (!waiting.signal.aborted) throw error;
    // Stopped while waiting for the database: nothing was in flight.
    process.exit(0);
  }
  server = started;
  clearTimeout(startLimit);
  if (early !== null) shutDown(started, early);
  return started;
}
