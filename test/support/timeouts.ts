/**
 * How long a test waits for an event — a process's output line or exit, a mail, an announcement,
 * a row reaching a state — before it fails. Every wait ends as soon as its event happens, so the
 * bound only decides how long a broken run takes to fail: it is generous, and one number.
 *
 * STAYDESK_TEST_TIMEOUT_SCALE multiplies it (default 1; e.g. 3 on a slow or heavily shared
 * machine, where starting a process alone can take many seconds).
 */
export const TIMEOUT_SCALE = timeoutScale(process.env.STAYDESK_TEST_TIMEOUT_SCALE);

/** The longest any helper waits for one event. */
export const EVENT_TIMEOUT_MS = 60_000 * TIMEOUT_SCALE;

/** A whole test's own bound (node:test's `timeout`), scaled the same way. */
export function testTimeout(ms: number): number {
  return ms * TIMEOUT_SCALE;
}

function timeoutScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`STAYDESK_TEST_TIMEOUT_SCALE must be a positive number, not ${JSON.stringify(value)}`);
  return scale;
}

/** `promise`, or a failure naming `what` when it has not settled within EVENT_TIMEOUT_MS. */
export async function eventually<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`timed out after ${String(EVENT_TIMEOUT_MS)} ms waiting for ${what}`));
    }, EVENT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
