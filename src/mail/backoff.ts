/**
 * When a failed mail is tried again: 30 s after the first failure, doubling each time, never more
 * than an hour apart; after MAX_MAIL_ATTEMPTS failures (about 3.5 hours of trying) the mail is
 * marked failed and kept, with its last error, for the operator to see in the outbox.
 */

export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60 * 1000;
export const MAX_MAIL_ATTEMPTS = 10;

/** Delay before the next attempt, given how many attempts have failed so far (1 or more). */
export function retryDelayMs(failedAttempts: number): number {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1)
    throw new RangeError(`failed attempts must be a positive integer, got ${failedAttempts}`);
  // 2^20 × 30 s is far past the cap; stopping there keeps the arithmetic small.
  return Math.min(RETRY_BASE_MS * 2 ** Math.min(failedAttempts - 1, 20), RETRY_CAP_MS);
}

export type RetryDecision = { status: 'pending'; nextAttemptAt: Date } | { status: 'failed' };

export function afterFailure(failedAttempts: number, now: Date): RetryDecision {
  if (failedAttempts >= MAX_MAIL_ATTEMPTS) return { status: 'failed' };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + retryDelayMs(failedAttempts)) };
}
