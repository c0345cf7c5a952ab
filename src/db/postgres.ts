import pg from 'pg';


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

/**
 * Statements that run again and again become named prepared statements, which PostgreSQL
 * parses and plans once per connection instead of on every call. A data statement (select,
 * insert, update, delete) with parameters is named the second time its text is seen; the hot
 * queries of db/prepared.ts are named at once. Both maps are bounded, so the statements each
 * connection keeps stay few (Kysely produces one text per query shape).
 */
const MAX_NAMED = 300;
const MAX_TRACKED = 5000;
const statementNames = new Map<string, string>();
const seenOnce = new Set<string>();
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

export function nameStatement(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `staydesk_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

function statementName(text: string): string | undefined {
  const name = statementNames.get(text);
  if (name !== undefined || !DATA_STATEMENT.test(text)) return name;
  if (seenOnce.has(text)) return nameStatement(text);
  if (seenOnce.size >= MAX_TRACKED) seenOnce.clear();
  seenOnce.add(text);
  return undefined;
}

type QueryFn = (text: unknown, values?: unknown) => unknown;

function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (text, values) => {
    const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 ? statementName(text) : undefined;
    return name === undefined ? query(text, values) : query({ name, text, values });
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
    client.on('error', () => undefined);
    useNamedStatements(client);
  });
  return pool;
}

/** A PostgreSQL int8 as a JS number when it is exactly one; anything else is an error, never a rounded value. */
export function parseInt8Exact(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a JavaScript number exactly`);
  return n;
}
