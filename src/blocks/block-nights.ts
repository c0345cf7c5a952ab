import { listBlocks, type BlockedNight } from './block-repository.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import type { NightRange } from '../accommodations/night-range.ts';
import type { LifecycleContext } from '../bookings/booking-lifecycle.ts';
import { expireHoldsOverlapping } from '../bookings/expire-holds.ts';
import { wakeDeliveries } from '../bookings/partner-events.ts';
import type { Db } from '../db/store.ts';
import { inUnit } from '../db/unit-of-work.ts';
import { recordCalendarChange } from '../events/record-event.ts';
import { NightTakenError, claimNights, findTakenNights, releaseBlocks } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { SEES_ALL } from '../http/viewer.ts';

/**
 * Blocking and unblocking nights (owner use, maintenance), each in its own transaction, which
 * also writes a calendar.changed event for the endpoints that ask for one; once it has committed,
 * this process's caches of the accommodation's nights drop them (the triggers announce the change
 * to the other processes).
 */

function nightsChanged(ctx: Pick<LifecycleContext, 'store'>, accommodationId: number): void {
  ctx.store.changes.committed({ table: 'night_claims', id: String(accommodationId) });
}

/**
 * Blocks every night of the range or none. The answer names the first night already taken; the
 * unique key on night_claims is what actually refuses a night that a concurrent stay took.
 */
export async function blockNights(
  ctx: LifecycleContext,
  accommodationId: number,
  range: NightRange,
  reason: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  try {
    await inUnit(ctx.db, now, async (unit) => {
      await requireAccommodation(unit.trx, accommodationId);
      // A card-payment draft past its hold takes nothing: cancel it so its rows free the nights.
      await expireHoldsOverlapping(ctx, { accommodationId, from: range.from, to: range.to }, unit);
      const [first] = await findTakenNights(unit.trx, accommodationId, range.from, range.to, at);
      if (first !== undefined) throw datesUnavailable([first], SEES_ALL);
      await claimNights(unit.trx, { accommodationId, nights: range.nights, kind: 'block', reason }, at);
      const { queued } = await recordCalendarChange(
        unit.trx,
        { accommodation_id: accommodationId, from: range.from, to: range.to },
        at,
      );
      unit.afterCommit(() => {
        wakeDeliveries(ctx.store.changes, queued);
      });
    });
  } catch (error) {
    if (!(error instanceof NightTakenError)) throw error;
    // Lost a race: the transaction is gone, so look again to name the night.
    const [first] = await findTakenNights(ctx.db, accommodationId, range.from, range.to, at);
    throw datesUnavailable(first === undefined ? [] : [first], SEES_ALL);
  }
  nightsChanged(ctx, accommodationId);
}

/**
 * Moves or re-words blocked nights: the nights of `old` are unblocked and those of `range` blocked
 * with `reason`, in one transaction, so that when a night of the new range is taken nothing
 * changes at all (409 naming it).
 */
export async function changeBlock(
  ctx: LifecycleContext,
  accommodationId: number,
  old: NightRange,
  range: NightRange,
  reason: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  try {
    await inUnit(ctx.db, now, async (unit) => {
      await requireAccommodation(unit.trx, accommodationId);
      await releaseBlocks(unit.trx, accommodationId, old.from, old.to, at);
      await expireHoldsOverlapping(ctx, { accommodationId, from: range.from, to: range.to }, unit);
      const [first] = await findTakenNights(unit.trx, accommodationId, range.from, range.to, at);
      if (first !== undefined) throw datesUnavailable([first], SEES_ALL);
      await claimNights(unit.trx, { accommodationId, nights: range.nights, kind: 'block', reason }, at);
      const from = old.from < range.from ? old.from : range.from;
      const to = old.to > range.to ? old.to : range.to;
      const { queued } = await recordCalendarChange(unit.trx, { accommodation_id: accommodationId, from, to }, at);
      unit.afterCommit(() => {
        wakeDeliveries(ctx.store.changes, queued);
      });
    });
  } catch (error) {
    if (!(error instanceof NightTakenError)) throw error;
    const [first] = await findTakenNights(ctx.db, accommodationId, range.from, range.to, at);
    throw datesUnavailable(first === undefined ? [] : [first], SEES_ALL);
  }
  nightsChanged(ctx, accommodationId);
}

export async function unblockNights(
  ctx: Pick<LifecycleContext, 'db' | 'store' | 'now'>,
  accommodationId: number,
  range: NightRange,
): Promise<number> {
  const at = ctx.now().toISOString();
  const { count: released, queued } = await ctx.db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    const count = await releaseBlocks(trx, accommodationId, range.from, range.to, at);
    if (count === 0) return { count, queued: 0 };
    const change = { accommodation_id: accommodationId, from: range.from, to: range.to };
    return { count, queued: (await recordCalendarChange(trx, change, at)).queued };
  });
  nightsChanged(ctx, accommodationId);
  wakeDeliveries(ctx.store.changes, queued);
  return released;
}

export async function blockedNights(
  db: Db,
  accommodationId: number,
  range: { from?: string; to?: string },
): Promise<BlockedNight[]> {
  await requireAccommodation(db, accommodationId);
  return listBlocks(db, accommodationId, range);
}
