import type { TableChange } from '../db/change-feed.ts';

/**
 * The announcement that deliveries were queued and committed: the delivery worker of every
 * process listens for it on the store's change feed (no cache keeps this table, so caches pass
 * it over), and runs at once instead of at its next poll.
 */
export const DELIVERIES_QUEUED: TableChange = { table: 'event_deliveries', id: 'queued' };

export function isDeliveriesQueued(change: TableChange): boolean {
  return change.table === DELIVERIES_QUEUED.table;
}
