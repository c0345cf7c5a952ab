import { listBlocks, type BlockedNight } from '../accommodations/block-repository.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import type { NightRange } from '../accommodations/night-range.ts';
import { expireHoldsOverlapping } from '../bookings/expire-holds.ts';
import type { Db } from '../db/store.ts';
import { NightTakenError, claimNights, findTakenNights, releaseBlocks } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { SEES_ALL } from '../http/viewer.ts';

/** Blocking and unblocking nights (owner use, maintenance), each in its own transaction. */

/**
 * Blocks every night of the range or none. The answer names the first night already taken; the
 * unique key on night_claims is what actually refuses a night that a concurrent stay took.
 */
export async function blockNights(
  db: Db,
  accommodationId: number,
  range: NightRange,
  reason: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await requireAccommodation(trx, accommodationId);
      // A card-payment draft past its hold takes nothing: cancel it so its rows free the nights.
      await expireHoldsOverlapping(trx, accommodationId, range.from, range.to, at);
      const [first] = await findTakenNights(trx, accommodationId, range.from, range.to, at);
      if (first !== undefined) throw datesUnavailable([first], SEES_ALL);
      await claimNights(trx, { accommodationId, nights: range.nights, kind: 'block', reason }, at);
    });
  } catch (error) {
    if (!(error instanceof NightTakenError)) throw error;
    // Lost a race: the transaction is gone, so look again to name the night.
    const [first] = await findTakenNights(db, accommodationId, range.from, range.to, at);
    throw datesUnavailable(first === undefined ? [] : [first], SEES_ALL);
  }
}

export async function unblockNights(db: Db, accommodationId: number, range: NightRange): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    return releaseBlocks(trx, accommodationId, range.from, range.to);
  });
}

export async function blockedNights(
  db: Db,
  accommodationId: number,
  range: { from?: string; to?: string },
): Promise<BlockedNight[]> {
  await requireAccommodation(db, accommodationId);
  return listBlocks(db, accommodationId, range);
}
