import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { SQLITE_CHANGE_FUNCTION } from './change-feed.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './store-timeouts.ts';

/**
 * Adapts node:sqlite's synchronous API to the better-sqlite3 shape that Kysely's SqliteDialect
 * expects. Kysely's SQLite driver already serialises all access to its single connection with
 * a mutex, so a transaction started by one request never interleaves with another request's.
 */

function bindable(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

class Statement implements SqliteStatement {
  readonly #statement: StatementSync;
  readonly reader: boolean;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: readonly unknown[]): unknown[] {
    return this.#statement.all(...parameters.map(bindable));
  }

  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...parameters.map(bindable));
  }

  iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    return this.#statement.iterate(...parameters.map(bindable));
  }
}

/** How long opening waits for another process that is switching the same new file to WAL. */
const WAL_SWITCH_WAIT_MS = 5000;

/**
 * Switching a new file to WAL needs an exclusive lock, and SQLite answers "database is locked"
 * at once, without its busy timeout, when two processes switch the same file together (both
 * hold a shared lock and want the exclusive one). Opening happens once per process, so the
 * retry sleeps synchronously.
 */
function switchToWal(raw: DatabaseSync): void {
  const deadline = Date.now() + WAL_SWITCH_WAIT_MS;
  for (;;) {
    try {
      raw.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      const busy = error instanceof Error && error.message.includes('database is locked');
      if (!busy || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 + Math.floor(Math.random() * 20));
    }
  }
}

/**
 * `onChange` receives the announcements of migration 0007's triggers (change-feed.ts). The
 * function is registered on every connection, as the triggers call it on every write to the
 * tables they watch. `busyTimeoutMs` (STORE_STATEMENT_TIMEOUT_MS) is how long a statement waits
 * for another process's lock on the file before it fails with "database is locked"; node:sqlite
 * waits synchronously, so the process answers nothing else meanwhile.
 */
export function openSqlite(
  location: string,
  onChange: (table: string, id: string) => void = () => undefined,
  busyTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(location);
  raw.function(SQLITE_CHANGE_FUNCTION, { deterministic: false }, (table, id) => {
    onChange(String(table), String(id));
    return null;
  });
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec(`PRAGMA busy_timeout = ${String(Math.trunc(busyTimeoutMs))}`);
  // What undoes one savepoint or one statement inside a transaction (each booking of a group
  // commit is a savepoint, group-commit.ts) stays in memory instead of a temporary file: SQLite
  // wrote it page by page, with a system call each, on every booking. It is never needed after a
  // crash (the write-ahead log is what recovers), and holds only the pages one savepoint touches.
  raw.exec('PRAGMA temp_store = MEMORY');
  if (location !== ':memory:') {
    // WAL with full synchronous commits: an acknowledged booking survives a crash or power loss.
    switchToWal(raw);
    raw.exec('PRAGMA synchronous = FULL');
  }
  // Prepared statements are cached: the hot paths run the same few statements again and again.
  const cache = new Map<string, Statement>();
  // SQLite undoes the whole transaction by itself on some errors (the disk full, an I/O error).
  // Kysely then still sends ROLLBACK, whose "cannot rollback - no transaction is active" would be
  // thrown in place of the error that explains it: after such an error it does nothing.
  const rollback = new Statement(raw.prepare('select 1 where 0'));
  return {
    raw,
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare: (sql: string) => {
      if (sql === 'rollback' && !raw.isTransaction) return rollback;
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = new Statement(raw.prepare(sql));
        if (cache.size > 500) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
