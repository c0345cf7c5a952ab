import { sql } from 'kysely';
import type { Db } from './store.ts';

/**
 * How long the store may take (README, STORE_STATEMENT_TIMEOUT_MS; docs/api.md#failures). On
 * PostgreSQL a statement is cancelled by the server past the limit, and one whose answer has not
 * arrived ANSWER_MARGIN_MS later (a silent network: packets dropped, no reset) has its connection
 * closed by the client; a connection is handed out or made within CONNECT_TIMEOUT_MS. On the
 * embedded store the limit is SQLite's busy timeout: how long a write waits for another process's
 * lock on the file (a transaction that read before it wants to write fails at once instead).
 */

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * How much longer than the server's limit the client waits for an answer: the server cancels a
 * slow statement first and the connection stays usable; only an answer that never comes closes it.
 */
export const ANSWER_MARGIN_MS = 500;

/** The longest a store call waits for a pooled connection, or for a new one to be made. */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * The statements that lift a PostgreSQL session's limits, and that restore them. The client's own
 * wait for an answer follows them (postgres.ts), so a session with no server limit is not closed
 * by the client either.
 */
export const LIFT_LIMITS = 'set statement_timeout = 0; set idle_in_transaction_session_timeout = 0';
export const RESTORE_LIMITS = 'reset statement_timeout; reset idle_in_transaction_session_timeout';

/**
 * Runs `work` on one PostgreSQL connection without the statement limit: the migrations, which run
 * once and may take long on a large database (an index built, a table rewritten), and wait for
 * another process's migrations to end.
 */
export function withoutLimits<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw(LIFT_LIMITS).execute(conn);
    let result: T;
    try {
      result = await work(conn);
    } catch (error) {
      // A restore that fails too has met a broken connection, which the pool drops.
      await sql
        .raw(RESTORE_LIMITS)
        .execute(conn)
        .catch(() => undefined);
      throw error;
    }
    await sql.raw(RESTORE_LIMITS).execute(conn);
    return result;
  });
}
