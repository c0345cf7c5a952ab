import { DRAFT } from '../db/draft-status.ts';
import { claimRows } from '../db/row-locks.ts';
import type { Executor } from '../db/store.ts';
import { inUnit, type Unit } from '../db/unit-of-work.ts';
import { PAYMENT_TIMEOUT } from '../mail/booking-mail-templates.ts';
import { findExpiredHolds, releaseBookingNights } from '../occupancy/night-ledger.ts';
import { afterTransition, writeTransition, type LifecycleContext } from './booking-lifecycle.ts';
import { TRANSITIONS } from './booking-transitions.ts';

/**
 * An unpaid card-payment draft holds its nights until hold_expires_at (docs/api.md#draft-holds). Then it
 * becomes `cancelled` with reason payment_timeout (what the guest reads), `hold_expired_at` set
 * (what a late payment is judged by), its nights are free again, and the guest is told the
 * payment did not arrive in time. Both the background job and a booking that wants those nights
 * go through expireHolds, so the outcome is the same whoever gets there first.
 */

/** The transition table's one expiry: a draft is cancelled, its history says it expired. */
const EXPIRY = ((move) => {
  if (move.kind !== 'move') throw new Error('the transition table lets no draft expire');
  return move;
})(TRANSITIONS.draft.expire);

/**
 * Expires those of `bookingIds` that are still drafts whose hold has run out at the unit's time,
 * in `within` or a unit of its own; returns the ids it expired. The actor is always the hold
 * expiry. The drafts are not locked first: the status and the time are conditions of the UPDATE
 * itself (only a draft expires: transition table), so when two transactions race for one draft
 * only the one whose update changed the row frees its nights and queues its mail.
 */
export async function expireHolds(
  ctx: LifecycleContext,
  bookingIds: readonly number[],
  within?: Unit,
): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const run = async (unit: Unit): Promise<number[]> => {
    const now = unit.now.toISOString();
    const expired = await writeTransition(
      unit.trx,
      bookingIds,
      {
        event: EXPIRY.event,
        status: EXPIRY.to,
        // A draft owes nothing on cancelling (docs/money.md#cancellation-policy).
        set: { cancel_reason: PAYMENT_TIMEOUT, cancelled_at: now, hold_expired_at: now, cancellation_fee: 0 },
        reason: 'card payment hold expired',
      },
      { kind: 'hold_expiry' },
      now,
      now,
    );
    if (expired.length === 0) return [];
    await releaseBookingNights(
      unit.trx,
      expired.map((b) => b.id),
      now,
    );
    await afterTransition(ctx, unit, expired, EXPIRY.event);
    return expired.map((b) => b.id);
  };
  return within === undefined ? inUnit(ctx.db, ctx.now(), run) : run(within);
}

/**
 * Expires the card drafts whose hold has run out and that hold any night of [from, to), so the
 * nights can be taken at once: in `within` (a transaction that wants the nights) or in a short
 * unit of its own. Returns their ids.
 */
export async function expireHoldsOverlapping(
  ctx: LifecycleContext,
  nights: { accommodationId: number; from: string; to: string },
  within?: Unit,
): Promise<number[]> {
  const run = async (unit: Unit): Promise<number[]> => {
    const ids = await findExpiredHolds(
      unit.trx,
      nights.accommodationId,
      nights.from,
      nights.to,
      unit.now.toISOString(),
    );
    return expireHolds(ctx, ids, unit);
  };
  return within === undefined ? inUnit(ctx.db, ctx.now(), run) : run(within);
}

/** Drafts whose hold has run out, the first to run out first (read through bookings_draft_hold). */
export function dueDrafts(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', DRAFT)
    .where('hold_expires_at', '<=', now)
    .orderBy('hold_expires_at')
    .limit(limit);
}

/**
 * The job's side: claims up to `limit` drafts whose hold has run out at `now` (skipping any
 * another process is expiring right now) and expires them in one unit.
 */
export async function expireDueDrafts(ctx: LifecycleContext, now: Date, limit = 100): Promise<number[]> {
  return inUnit(ctx.db, now, async (unit) => {
    const due = await claimRows(unit.trx, dueDrafts(unit.trx, now.toISOString(), limit)).execute();
    return expireHolds(
      ctx,
      due.map((r) => r.id),
      unit,
    );
  });
}
