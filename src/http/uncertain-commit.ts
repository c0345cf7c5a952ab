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
 * OUTCOME_WAIT_MS have passed; then `unknown` is thrown. Any other error is thrown at once.
 */
export async function askUntilAnswered<T>(health: Health, ask: () => Promise<T>, unknown: () => AppError): Promise<T> {
  const deadline = Date.now() + OUTCOME_WAIT_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    try {
      return await ask();
    } catch (error) {
      if (!health.noteFault(error)) throw error;
      if (Date.now() + wait > deadline) throw unknown();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
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
