import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type { StoreConfig } from '../config/config.ts';
import { LocalChangeFeed, type ChangeFeed } from './change-feed.ts';
import { GroupCommit } from './group-commit.ts';
import { InlineLimits } from './inline-limits.ts';
import { createRequire } from 'node:module';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-adapter.ts';
import { TurnTakingSqliteDialect } from './turn-taking.ts';
import { StoreHealth } from './store-health.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './store-timeouts.ts';
import { NoAnswerError } from './unavailable.ts';

export type StoreKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories take either the database or an open transaction; the use case decides which. */
export type Executor = Db | Tx;

/**
 * What a use case that changes cached rows needs of the app context: the database, and the
 * store's feed, which it tells of each change once committed (ChangeFeed.committed), so that no
 * caller of it can forget to.
 */
export interface StoreContext {
  readonly db: Db;
  readonly store: Pick<Store, 'changes'>;
}

export interface Store {
  readonly db: Db;
  readonly kind: StoreKind;
  /** A short human description without credentials, for logs and diagnostics. */
  readonly description: string;
  /** Announcements of changed rows that caches depend on (change-feed.ts). */
  readonly changes: ChangeFeed;
  /**
   * Runs `work` in a transaction and settles once it has committed. On the embedded store,
   * work handed over together shares one transaction and one flush to disk, each unit in its
   * own savepoint (group-commit.ts); on PostgreSQL, whose concurrent commits already share
   * their flushes, each runs in its own transaction.
   */
  commitTogether<T>(work: (trx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in a transaction whose commit is not waited onto disk: a power cut or an operating
   * system crash right after may lose it, whole (never half), and the next flushed commit keeps it
   * for good. For writes that are repeated anyway when lost: the event delivery worker's leases
   * and answers (at least once: a lost answer sends the event again, under the same id). On the
   * embedded store SQLite's `synchronous = NORMAL` for that transaction (in WAL mode its commit
   * writes the log without flushing it), on PostgreSQL `synchronous_commit = off`.
   */
  commitUnflushed<T>(work: (trx: Tx) => Promise<T>): Promise<T>;
  /** Batches the embedded store committed together and the units in them (zero on PostgreSQL). */
  readonly groupStats: { readonly batches: number; readonly units: number };
  /**
   * Asks the store `select 1` through the connections requests use; fails with NoAnswerError when
   * no answer has come within `timeoutMs` (default: the statement limit).
   */
  ping(timeoutMs?: number): Promise<void>;
  /** Whether writes work now (store-health.ts): /readyz, the error handler and the jobs share it. */
  readonly health: StoreHealth;
  destroy(): Promise<void>;
}

/** `work`'s outcome, or NoAnswerError once `ms` have passed (the work itself ends within its own bounds). */
async function answerWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new NoAnswerError(ms));
    }, ms);
  });
  work.catch(() => undefined);
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.username = parsed.username ? parsed.username : '';
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/**
 * The PostgreSQL driver and its modules, loaded only when a PostgreSQL store is opened: the
 * embedded default never pays for them (synchronous, so that opening a store stays synchronous).
 */
function postgresModules(): typeof import('./postgres.ts') & typeof import('./pg-change-feed.ts') {
  const require = createRequire(import.meta.url);
  return {
    ...(require('./postgres.ts') as typeof import('./postgres.ts')),
    ...(require('./pg-change-feed.ts') as typeof import('./pg-change-feed.ts')),
  };
}

/** The embedded store in `file` (or `:memory:`), its changes announced to this process only. */
function embedded(file: string, statementTimeoutMs: number): { db: Db; changes: ChangeFeed } {
  const local = new LocalChangeFeed();
  const db = new Kysely<Database>({
    plugins: [new InlineLimits()],
    dialect: new TurnTakingSqliteDialect({
      database: openSqlite(
        file,
        (t, id) => {
          local.emit(t, id);
        },
        statementTimeoutMs,
      ),
    }),
  });
  return { db, changes: local };
}

export function openStore(config: StoreConfig, options: { poolSize?: number } = {}): Store {
  let db: Db;
  let kind: StoreKind;
  let description: string;
  let changes: ChangeFeed;
  const statementTimeoutMs = config.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  switch (config.kind) {
    case 'postgres': {
      const { createPgPool, PgChangeFeed } = postgresModules();
      const pool = createPgPool(config.url, options.poolSize, { statementTimeoutMs });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      kind = 'postgres';
      changes = new PgChangeFeed(config.url, { statementTimeoutMs });
      description = `postgresql ${redactUrl(config.url)}`;
      break;
    }
    case 'sqlite': {
      fs.mkdirSync(path.dirname(config.file), { recursive: true });
      ({ db, changes } = embedded(config.file, statementTimeoutMs));
      kind = 'sqlite';
      description = `sqlite ${config.file}`;
      break;
    }
    case 'memory': {
      ({ db, changes } = embedded(':memory:', statementTimeoutMs));
      kind = 'sqlite';
      description = 'sqlite in memory';
      break;
    }
  }
  const group = kind === 'sqlite' ? new GroupCommit(db) : null;
  // The probe writes one row, so that a full disk fails it as it fails a booking.
  const health = new StoreHealth(async () => {
    const now = new Date().toISOString();
    await db
      .insertInto('job_leases')
      .values({ name: 'store-probe', locked_until: now, locked_by: 'store-health' })
      .onConflict((oc) => oc.column('name').doUpdateSet({ locked_until: now }))
      .execute();
  });
  return {
    db,
    kind,
    description,
    changes,
    commitTogether: (work) => (group === null ? db.transaction().execute(work) : group.run(work)),
    commitUnflushed: (work) =>
      kind === 'postgres'
        ? db.transaction().execute(async (trx) => {
            await sql`set local synchronous_commit = off`.execute(trx);
            return work(trx);
          })
        : // The store's one connection, held for the three steps: no other commit runs unflushed.
          db.connection().execute(async (connection) => {
            const before = await sql<{ synchronous: unknown }>`PRAGMA synchronous`.execute(connection);
            const level = before.rows[0]?.synchronous;
            const restore = sql.raw(String(Number.isInteger(level) ? level : 2));
            await sql`PRAGMA synchronous = NORMAL`.execute(connection);
            try {
              return await connection.transaction().execute(work);
            } finally {
              await sql`PRAGMA synchronous = ${restore}`.execute(connection);
            }
          }),
    groupStats: group === null ? { batches: 0, units: 0 } : group.stats,
    ping: (timeoutMs = statementTimeoutMs) => answerWithin(sql`select 1`.execute(db), timeoutMs),
    health,
    destroy: async () => {
      health.close();
      // Each ends within its own bound, a silent network included (postgres.ts, pg-change-feed.ts).
      await Promise.all([changes.close(), db.destroy()]);
    },
  };
}
