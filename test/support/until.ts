import { EVENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * Waits for a state no event announces (a row another process writes, a file it creates) by
 * looking every `stepMs`: it returns as soon as `check` holds, and fails only when it has not
 * held within EVENT_TIMEOUT_MS. It bounds a broken run, never how fast the state comes.
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, stepMs = 5): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > EVENT_TIMEOUT_MS)
      throw new Error(`timed out after ${EVENT_TIMEOUT_MS} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
