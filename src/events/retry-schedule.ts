/**
 * When a failed delivery is tried again (docs/decisions.md#partner-events): after about 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; after the eighth attempt it fails for good. An endpoint
 * that has answered nothing but failures for three days is disabled and the host alerted.
 */
const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

/** How many times a failed delivery is tried again. */
export const RETRIES = RETRY_DELAYS_MS.length;

export const DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;

/** After `attempts` failed attempts: the next one's time, or null when there is none. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return null;
  // Up to 10 % of jitter, so that the retries of an endpoint that was down do not arrive all at once.
  return new Date(now.getTime() + delay + Math.floor(Math.random() * delay * 0.1));
}

/** Whether an endpoint failing since `since` has failed long enough to be disabled. */
export function failedTooLong(since: string | null, now: Date): boolean {
  return since !== null && now.getTime() - Date.parse(since) >= DISABLE_AFTER_MS;
}
