/**
 * Whether an error means the store cannot be reached or written right now (PostgreSQL restarting,
 * shutting down, refusing connections, the network gone; the embedded store's disk full or
 * failing), as opposed to a fault in the request or the code. The error handler answers these
 * with 503 and Retry-After: the pool reconnects by itself (the disk gets room again) and the same
 * request will succeed then.
 */

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs: admin/crash shutdown, cannot connect now, too many connections, a statement cancelled
 * (past STORE_STATEMENT_TIMEOUT_MS), a session ended for idling in a transaction. Class 08 is
 * checked apart.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
/** pg-pool's words for a connection it could not hand out in time: none was used. */
const NO_CONNECTION_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection closed',
  'Client was closed and is not queryable',
];

/**
 * Codes whose outcome is known: a connection that was never made (nothing was sent, so nothing
 * was done), and a statement the server answered by cancelling it (its transaction is rolled back).
 */
const NOT_COMMITTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03',
  '53300',
  '57014',
]);

/**
 * Whether a statement that failed with `error` may still have committed on PostgreSQL (SQLite
 * answers every commit, so its outcome is always known): the
 * connection broke after it was sent (terminated, reset, the server shutting down, no answer in
 * time: NoAnswerError), as opposed to a connection that could not be made or handed out at all.
 */
export function mayHaveCommitted(error: unknown): boolean {
  if (!isStoreUnavailable(error) || typeof (error as { errcode?: unknown }).errcode === 'number') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && NO_CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return false;
  return !(typeof code === 'string' && NOT_COMMITTED.has(code));
}

/**
 * A store call that got no answer within its bound: a query past STORE_STATEMENT_TIMEOUT_MS and a
 * margin, whose connection has been closed (postgres.ts, boundAnswers), or a ping past its own
 * (Store.ping). The network went silent, or the server stopped answering. A store fault
 * (ETIMEDOUT), and a statement that may have committed.
 */
export class NoAnswerError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no answer from the database within ${ms} ms`);
    this.name = 'NoAnswerError';
  }
}

/**
 * SQLite's primary result codes for a store that cannot write (or read) its files: BUSY (5, the
 * file locked by another process for longer than the busy timeout), READONLY (8), IOERR (10),
 * CORRUPT (11), FULL (13, "database or disk is full"), CANTOPEN (14), NOTADB (26). The disk
 * filling up or going away is a state of the machine, not a fault of the request.
 */
const SQLITE_STORE_FAULTS = new Set([5, 8, 10, 11, 13, 14, 26]);

/** Whether `error` is SQLite saying that it cannot use its files (disk full, I/O error, read-only). */
function isSqliteStoreFault(error: { errcode?: unknown }): boolean {
  return typeof error.errcode === 'number' && SQLITE_STORE_FAULTS.has(error.errcode & 0xff);
}

export function isStoreUnavailable(error: unknown): boolean {
  return storeFaultCause(error) !== null;
}

/**
 * The store's own words for why it is unavailable ("database or disk is full", "connect
 * ECONNREFUSED 127.0.0.1:5432"), found in `error` or its causes; null when `error` is not a
 * store fault. Logged once per change of the store's state (store-health.ts).
 */
export function storeFaultCause(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    const text = typeof message === 'string' ? message : String(code);
    if (isSqliteStoreFault(e)) return text;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return text;
    if (typeof message === 'string' && NO_CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return message;
    // pg's "not queryable" words for a connection that broke earlier carry the break as their cause.
    if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => message.startsWith(m)))
      return (cause === undefined ? null : storeFaultCause(cause)) ?? text;
    // A connection attempt to several addresses fails with an AggregateError.
    if (Array.isArray(errors)) {
      for (const x of errors) {
        const found = storeFaultCause(x);
        if (found !== null) return found;
      }
    }
    e = cause;
  }
  return null;
}
