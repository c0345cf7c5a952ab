import type { Executor } from '../db/store.ts';

/** Blocked nights: night_claims rows of kind 'block', so a block and a stay can never share a night. */

export interface BlockedNight {
  night: string;
  reason: string | null;
  created_at: string;
}

/** Blocked nights, by date; `from` and `to` bound the nights [from, to) when given. */
export function listBlocks(
  db: Executor,
  accommodationId: number,
  range: { from?: string; to?: string },
): Promise<BlockedNight[]> {
  let query = db
    .selectFrom('night_claims')
    .select(['night', 'reason', 'created_at'])
    .where('accommodation_id', '=', accommodationId)
    .where('kind', '=', 'block');
  if (range.from !== undefined) query = query.where('night', '>=', range.from);
  if (range.to !== undefined) query = query.where('night', '<', range.to);
  return query.orderBy('night').execute();
}
