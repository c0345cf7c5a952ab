import type { Db } from '../db/store.ts';
import { conflict, type AppError } from '../http/errors.ts';
import { NightTakenError, claimNights, expireHoldsOverlapping, findTakenNights, nightsTakenConflict, type TakenNight } from '../occupancy/night-claims.ts';
import { deleteBlocks, listBlocks, type BlockedNight } from './block-repository.ts';
import { requireAccommodation } from './manage-accommodations.ts';
import type { NightRange } from './night-range.ts';

/** Blocking and unblocking nights (owner use, maintenance), each in its own transaction. */

function describe(taken: TakenNight): string {
  switch (taken.kind) {
    case 'booking':
      return `booked (booking ${taken.confirmation_code ?? String(taken.booking_id)})`;
    case 'block':
      return taken.reason === null ? 'already blocked' : `already blocked (${taken.reason})`;
    case 'external':
      return 'taken by an imported reservation';
  }
}

function takenConflict(taken: TakenNight): AppError {
  return conflict(`Night ${taken.night} is ${describe(taken)}.`, {
    reason: 'dates_unavailable',
    night: taken.night,
    taken_by: taken.kind,
    ...(taken.confirmation_code === null ? {} : { confirmation_code: taken.confirmation_code }),
  });
}

/**
 * Blocks every night of the range or none. The answer names the first night already taken; the
 * unique key on night_claims is what actually refuses a night that a concurrent stay took.
 */
export async function blockNights(db: Db, accommodationId: number, range: NightRange, reason: string | null, now: Date): Promise<void> {
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await requireAccommodation(trx, accommodationId);
      // A card-payment draft past its hold takes nothing: cancel it so its rows free the nights.
      await expireHoldsOverlapping(trx, accommodationId, range.from, range.to, at);
      const [first] = await findTakenNights(trx, accommodationId, range.from, range.to, at);
      if (first !== undefined) throw takenConflict(first);
      await claimNights(trx, { accommodationId, nights: range.nights, kind: 'block', reason });
    });
  } catch (error) {
    if (!(error instanceof NightTakenError)) throw error;
    // Lost a race: the transaction is gone, so look again to name the night.
    const [first] = await findTakenNights(db, accommodationId, range.from, range.to, at);
    throw first === undefined ? nightsTakenConflict() : takenConflict(first);
  }
}

export async function unblockNights(db: Db, accommodationId: number, range: NightRange): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    return deleteBlocks(trx, accommodationId, range.from, range.to);
  });
}

export async function blockedNights(db: Db, accommodationId: number, range: { from?: string; to?: string }): Promise<BlockedNight[]> {
  await requireAccommodation(db, accommodationId);
  return listBlocks(db, accommodationId, range);
}
