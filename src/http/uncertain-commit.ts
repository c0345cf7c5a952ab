import { mayHaveCommitted } from '../db/unavailable.ts';
import { serviceUnavailable, type AppError } from './errors.ts';

/** How long a change whose commit may have happened is looked for while the store is away. */
const OUTCOME_WAIT_MS = 3000;

interface Health {
  noteFault(error: unknown): boolean;
}

/**
 * docs/api.md#failures: the 503 of a change whose commit may or may not have happened (the
 * connection to PostgreSQL broke in between and the store could not be asked since). `retry`
 * says how the caller retries safely.
 */
export function outcomeUnknown(what: string, retry: string): AppError {
  return serviceUnavailable(
    'outcome_unknown',
    `The database went away while ${what} was being saved and it cannot be told yet whether it was. ${retry}`,
  );
}

/**
 * Runs `ask` until the store answers it: a store fault is tried again after a short wait, until
 * OUTCOME_WAIT_MS have passed; then `unknown` is thrown, also when an ask is still waiting for its
 * answer then (a silent connection). Any other error is thrown at once.
 */
export async function askUntilAnswered<T>(health: Health, ask: () => Promise<T>, unknown: () => AppError): Promise<T> {
  const deadline = Date.now() + OUTCOME_WAIT_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    let answer: { value: T } | null;
    try {
      answer = await beforeDeadline(ask(), deadline);
    } catch (error) {
      if (!health.noteFault(error)) throw error;
      if (Date.now() + wait > deadline) throw unknown();
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (answer === null) throw unknown();
    return answer.value;
  }
}

/** `work`'s answer, or null once `deadline` has passed; the store ends the work within its own bound. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(
      () => {
        resolve(null);
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work`, a change PostgreSQL commits in one unit. When the connection broke after the
 * change was sent (it may have committed), `settle` answers instead: it reads what was stored and
 * answers from it, or makes the change again (it must be safe to run twice: keyed by an event
 * id or a delivery). While the store cannot be asked, the answer is `unknown`.
 */
export async function settleUncertain<T>(
  health: Health,
  work: () => Promise<T>,
  settle: () => Promise<T>,
  unknown: () => AppError,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!mayHaveCommitted(error)) throw error;
    health.noteFault(error);
    return askUntilAnswered(health, settle, unknown);
  }
}
