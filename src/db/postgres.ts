import pg from 'pg';
import { statementName } from './statement-names.ts';

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
 * shutdown message).
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

export function createPgPool(url: string, max = 10): pg.Pool {
  installPgTypeParsers();
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle connection that the server drops (restart, failover) is discarded by the pool and
  // replaced on the next query; without this listener the error would crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // A connection that the server drops while it is checked out but between queries (inside a
    // transaction, say) emits 'error' on the client, where the pool listens only while it is
    // idle; unheard, it would crash the process. The next query on it fails (and the request
    // answers 503), and the pool discards it on release.
    let broken: Error | null = null;
    client.on('error', (error) => {
      broken ??= error;
    });
    wrapQueries(client, () => broken);
  });
  return pool;
}

/** A PostgreSQL int8 as a JS number when it is exactly one; anything else is an error, never a rounded value. */
export function parseInt8Exact(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a JavaScript number exactly`);
  return n;
}
