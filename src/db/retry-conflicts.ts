import { isTransientConflict } from './dialect.ts';

/**
 * Runs `work` again when PostgreSQL aborted it for a deadlock or a serialization failure, up to
 * `attempts` times in all: for work that changed nothing it did not roll back.
 */
export async function retryTransientConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}
