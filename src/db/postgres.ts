import type { Socket } from 'node:net';
import pg from 'pg';
import { statementName } from './statement-names.ts';
import {
  ANSWER_MARGIN_MS,
  CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  LIFT_LIMITS,
  RESTORE_LIMITS,
} from './store-timeouts.ts';
import { NoAnswerError } from './unavailable.ts';

let parsersInstalled = false;

/**
 * Dates stay `YYYY-MM-DD` strings (never shifted through a JavaScript Date in the local zone),
 * timestamps become ISO-8601 UTC strings like the embedded store keeps them, and int8 (money
 * columns, counts) become numbers, exactly or not at all.
 */
export function installPgTypeParsers(): void {
  if (parsersInstalled) return;
  parsersInstalled = true;
  const { builtins } = pg.types;
  const parseTimestamptz = pg.types.getTypeParser(builtins.TIMESTAMPTZ) as (value: string) => Date;
  pg.types.setTypeParser(builtins.DATE, (value: string) => value);
  pg.types.setTypeParser(builtins.TIMESTAMPTZ, (value: string) => parseTimestamptz(value).toISOString());
  pg.types.setTypeParser(builtins.TIMESTAMP, (value: string) => new Date(`${value.replace(' ', 'T')}Z`).toISOString());
  // 64-bit columns (money, counts) are read as exact JS numbers; one beyond 2^53 would be silently
  // rounded, so it fails instead (MAX_AMOUNT_MINOR keeps stored amounts far below).
  pg.types.setTypeParser(builtins.INT8, parseInt8Exact);
}

type QueryFn = (text: unknown, values?: unknown) => unknown;

/** pg's words for a query on a connection that has already broken; the break itself is the cause. */
const BROKEN_CLIENT = 'Client has encountered a connection error';

/**
 * Runs the client's queries as named (prepared) statements, and gives a query refused because the
 * connection broke earlier (pg says only "not queryable") the break as its `cause`, so that the
 * outage is logged with the real reason ("Connection terminated unexpectedly", the server's
 * shutdown message, no answer in time).
 */
function wrapQueries(client: pg.PoolClient, broken: () => Error | null): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (text, values) => {
    const name =
      typeof text === 'string' && Array.isArray(values) && values.length > 0 ? statementName(text) : undefined;
    const result = name === undefined ? query(text, values) : query({ name, text, values });
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      const cause = broken();
      if (
        cause !== null &&
        error instanceof Error &&
        error.cause === undefined &&
        error.message.startsWith(BROKEN_CLIENT)
      )
        error.cause = cause;
      throw error;
    });
  };
}

/** TCP keep-alive: an idle connection whose peer is gone is found by the system and closed. */
const KEEPALIVE_IDLE_MS = 10_000;
const KEEPALIVE_INTERVAL_MS = 2000;
const KEEPALIVE_PROBES = 3;

/**
 * The settings of every connection to PostgreSQL (the pool's and the change feed's): the server
 * cancels a statement past `statementTimeoutMs` and ends a session left idle inside a transaction
 * that long (a client that vanished mid-transaction holds no locks for longer), a connection is
 * made within CONNECT_TIMEOUT_MS, and its socket uses TCP keep-alive.
 */
export function connectionSettings(url: string, statementTimeoutMs: number): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs,
  };
}

/**
 * Probes an idle connection every KEEPALIVE_INTERVAL_MS once it has been idle KEEPALIVE_IDLE_MS,
 * and gives up after KEEPALIVE_PROBES unanswered. A Node version whose setKeepAlive takes no
 * interval and count leaves the system's (minutes long on Linux).
 */
export function tuneKeepAlive(client: pg.Client): void {
  const socket = client.connection.stream as Partial<Socket>;
  (socket.setKeepAlive as ((...args: unknown[]) => unknown) | undefined)?.call(
    socket,
    true,
    KEEPALIVE_IDLE_MS,
    KEEPALIVE_INTERVAL_MS,
    KEEPALIVE_PROBES,
  );
}

/** Closes the client's socket at once, without a goodbye: `error` goes to its queries and listeners. */
function destroyConnection(client: pg.Client, error?: Error): void {
  client.connection.stream.destroy(error);
}

/**
 * Gives every query of `client` `answerMs` for its answer. Past it the connection is closed, the
 * query fails with NoAnswerError (a store fault, which may have committed), the client becomes
 * unusable (a pool drops it on release), and `onSilent` is called. A session that lifted its
 * limits (LIFT_LIMITS: the migrations) waits without bound until it restores them.
 */
export function boundAnswers(client: pg.Client, answerMs: number, onSilent: () => void = () => undefined): void {
  const query = client.query.bind(client) as QueryFn;
  let lifted = false;
  /** Queries sent and not answered yet. */
  let waiting = 0;
  // One timer per connection, restarted by each query (cheaper on the hot path than one per
  // query). Queries on one connection follow each other, so the last one started is the one
  // that waits; the change feed's, which may overlap, are at most a heartbeat and a flush.
  const watchdog = setTimeout(() => {
    if (waiting === 0 || lifted) return;
    destroyConnection(client, new NoAnswerError(answerMs));
    onSilent();
  }, answerMs);
  watchdog.unref();
  (client as unknown as { query: QueryFn }).query = (text, values) => {
    const statement = typeof text === 'string' ? text : (text as { text?: unknown }).text;
    if (statement === LIFT_LIMITS) lifted = true;
    else if (statement === RESTORE_LIMITS) lifted = false;
    const result = query(text, values);
    if (lifted || !(result instanceof Promise)) return result;
    waiting++;
    watchdog.refresh();
    return result.finally(() => {
      waiting--;
    });
  };
}

/** How long closing the pool waits for its connections to say goodbye before it closes them. */
const CLOSE_WAIT_MS = 1000;

/** What Kysely's PostgresDialect needs of a pool, as createPgPool gives it. */
export interface PgPool {
  /** A connection, within CONNECT_TIMEOUT_MS (an error that says so otherwise). */
  connect(): Promise<pg.PoolClient>;
  /** Waits for the connections in use (each bounded), and closes every connection. */
  end(): Promise<void>;
}

/**
 * The pool of a PostgreSQL store. Every call is bounded (store-timeouts.ts): a connection is
 * handed out or made within CONNECT_TIMEOUT_MS, a statement is cancelled by the server past
 * `statementTimeoutMs`, and one whose answer has not come ANSWER_MARGIN_MS after that (packets
 * dropped, no reset: lost NAT or firewall state, a half-open socket) has its connection closed
 * rather than returned to the pool. The idle connections are closed with it: they crossed the
 * same network, and would each hold a request as long. Once the network is back, the next call
 * makes a new connection.
 */
export function createPgPool(url: string, max = 10, options: { statementTimeoutMs?: number } = {}): PgPool {
  installPgTypeParsers();
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({ ...connectionSettings(url, statementTimeoutMs), max, idleTimeoutMillis: 30_000 });
  /** Every connection the pool holds, and whether it is handed out now. */
  const connections = new Map<pg.Client, { inUse: boolean }>();
  /** Connections closed while idle: the pool drops them once their socket has closed, a moment later. */
  const closed = new WeakSet<pg.Client>();
  const closeIdle = () => {
    for (const [client, state] of connections) {
      if (state.inUse) continue;
      closed.add(client);
      destroyConnection(client);
    }
  };
  // An idle connection that the server drops (restart, failover) is discarded by the pool and
  // replaced on the next query; without this listener the error would crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    connections.set(client, { inUse: false });
    client.once('end', () => connections.delete(client));
    tuneKeepAlive(client);
    // A connection that the server drops while it is checked out but between queries (inside a
    // transaction, say) emits 'error' on the client, where the pool listens only while it is
    // idle; unheard, it would crash the process. The next query on it fails (and the request
    // answers 503), and the pool discards it on release.
    let broken: Error | null = null;
    client.on('error', (error) => {
      broken ??= error;
    });
    boundAnswers(client, statementTimeoutMs + ANSWER_MARGIN_MS, closeIdle);
    wrapQueries(client, () => broken);
  });
  pool.on('acquire', (client) => {
    const state = connections.get(client);
    if (state !== undefined) state.inUse = true;
  });
  pool.on('release', (_error, client) => {
    const state = connections.get(client);
    if (state !== undefined) state.inUse = false;
  });
  pool.on('remove', (client) => connections.delete(client));
  return {
    connect: async () => {
      for (;;) {
        const client = await pool.connect();
        if (!closed.has(client)) return client;
        client.release(true);
      }
    },
    end: async () => {
      // The connections in use are each released within their bound; an idle one's goodbye gets
      // no answer over a silent network, so what has not closed shortly after is closed at once.
      await pool.end();
      const open = [...connections.keys()];
      if (open.length === 0) return;
      const ended = Promise.all(open.map((c) => new Promise((resolve) => c.once('end', resolve))));
      const timer = setTimeout(() => {
        for (const client of open) destroyConnection(client);
      }, CLOSE_WAIT_MS);
      await ended;
      clearTimeout(timer);
    },
  };
}

/** A PostgreSQL int8 as a JS number when it is exactly one; anything else is an error, never a rounded value. */
export function parseInt8Exact(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a JavaScript number exactly`);
  return n;
}
