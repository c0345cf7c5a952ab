import { DRAFT } from '../db/draft-status.ts';
import { claimRows } from '../db/row-locks.ts';
import type { Db, Executor } from '../db/store.ts';
import { PAYMENT_TIMEOUT } from '../mail/booking-mail-templates.ts';
import { enqueueCancellationMail } from '../mail/enqueue-booking-mail.ts';
import { findExpiredHolds, releaseBookingNights } from '../occupancy/night-ledger.ts';
import { writeTransition } from './booking-lifecycle.ts';

/**
 * An unpaid card-payment draft holds its nights until hold_expires_at (docs/api.md#draft-holds). Then it
 * becomes `cancelled` with reason payment_timeout (what the guest reads), `hold_expired_at` set
 * (what a late payment is judged by), its nights are free again, and the guest is told the
 * payment did not arrive in time. Both the background job and a booking that wants those nights
 * go through expireHolds, so the outcome is the same whoever gets there first.
 */

/**
 * Expires those of `ids` that are still drafts whose hold has run out at `now`; returns the ids it
 * expired. Only the transaction whose update changed a row frees its nights and queues the mail.
 */
export async function expireHolds(db: Executor, ids: readonly number[], now: string): Promise<number[]> {
  const expiredIds = await writeTransition(
    db,
    ids,
    {
      event: 'expired',
      status: 'cancelled',
      set: { cancel_reason: PAYMENT_TIMEOUT, cancelled_at: now, hold_expired_at: now },
      reason: 'card payment hold expired',
    },
    { kind: 'hold_expiry' },
    now,
    now,
  );
  if (expiredIds.length === 0) return [];
  await releaseBookingNights(db, expiredIds);
  for (const id of expiredIds) await enqueueCancellationMail(db, id, now);
  return expiredIds;
}

/**
 * Within a transaction that wants the nights [from, to): expires the card drafts whose hold has
 * run out and that hold any of them, so the nights can be taken at once. Returns their ids.
 */
export async function expireHoldsOverlapping(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
  now: string,
): Promise<number[]> {
  return expireHolds(db, await findExpiredHolds(db, accommodationId, from, to, now), now);
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
 * The job's side: claims up to `limit` expired drafts (skipping any another process is expiring
 * right now) and expires them in one transaction.
 */
export async function expireDueDrafts(db: Db, now: string, limit = 100): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const due = await claimRows(trx, dueDrafts(trx, now, limit)).execute();
    return expireHolds(
      trx,
      due.map((r) => r.id),
      now,
    );
  });
}
