import type { Executor } from '../db/store.ts';
import { getSetting } from './settings-repository.ts';

/**
 * How long the identity documents given at check-in are kept after a stay's departure before the
 * retention job erases them (src/privacy/document-retention.ts, docs/registrations.md#retention).
 */
export const DEFAULT_RETENTION_DAYS = 90;
export const MAX_RETENTION_DAYS = 3650;

/** The host's setting, or the default when it is not set (or not a whole number in range). */
export async function readRetentionDays(db: Executor): Promise<number> {
  const stored = Number(await getSetting(db, 'registration_retention_days'));
  return Number.isInteger(stored) && stored >= 1 && stored <= MAX_RETENTION_DAYS ? stored : DEFAULT_RETENTION_DAYS;
}
