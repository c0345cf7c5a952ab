/**
 * How long the client waits before its next attempt: exponential backoff with jitter, as the
 * official SDKs of payment APIs do it. The n-th retry waits between half and all of
 * `min(baseDelayMs × 2^(n-1), maxDelayMs)`, so that clients that failed together do not come back
 * together; a Retry-After the answer carried is waited for in full when it is longer.
 */

export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The wait before retry number `retry` (1 for the first retry). `random` is in [0, 1);
 * `retryAfterMs` is the answer's Retry-After, when it had one.
 */
export function retryDelay(backoff: Backoff, retry: number, random: number, retryAfterMs?: number): number {
  const ceiling = Math.min(backoff.baseDelayMs * 2 ** Math.max(0, retry - 1), backoff.maxDelayMs);
  const jittered = Math.round(ceiling / 2 + (random * ceiling) / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}
