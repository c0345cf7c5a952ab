/**
 * Whether an error means the store cannot be reached right now (PostgreSQL restarting, shutting
 * down, refusing connections, the network gone), as opposed to a fault in the request or the
 * code. The error handler answers these with 503 and Retry-After: the pool reconnects by itself
 * and the same request will succeed shortly.
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
/** SQLSTATEs: admin/crash shutdown, cannot connect now, too many connections. Class 08 is checked apart. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
];

export function isStoreUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => message.startsWith(m))) return true;
    // A connection attempt to several addresses fails with an AggregateError.
    if (Array.isArray(errors) && errors.some((x) => isStoreUnavailable(x))) return true;
    e = cause;
  }
  return false;
}
