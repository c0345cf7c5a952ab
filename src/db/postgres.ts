import pg from 'pg';


let parsersInstalled = false;

/**
 * Dates stay `YYYY-MM-DD` strings (never shifted through a JavaScript Date in the local zone),
 * timestamps become ISO-8601 UTC strings like the embedded store keeps them, and int8 (counts)
 * become numbers: every int8 this service reads is a row count far below 2^53.
 */
export function installPgTypeParsers(): void {
  if (parsersInstalled) return;
  parsersInstalled = true;
  const { builtins } = pg.types;
  const parseTimestamptz = pg.types.getTypeParser(builtins.TIMESTAMPTZ) as (value: string) => Date;
  pg.types.setTypeParser(builtins.DATE, (value: string) => value);
  pg.types.setTypeParser(builtins.TIMESTAMPTZ, (value: string) => parseTimestamptz(value).toISOString());
  pg.types.setTypeParser(builtins.TIMESTAMP, (value: string) => new Date(`${value.replace(' ', 'T')}Z`).toISOString());
  pg.types.setTypeParser(builtins.INT8, (value: string) => Number(value));
}

export function createPgPool(url: string, max = 10): pg.Pool {
  installPgTypeParsers();
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle connection that the server drops (restart, failover) is discarded by the pool and
  // replaced on the next query; without this listener the error would crash the process.
  pool.on('error', () => undefined);
  return pool;
}
