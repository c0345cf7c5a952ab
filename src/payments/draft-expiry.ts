import { claimRows } from '../db/row-locks.ts';
import type { Db, Executor } from '../db/store.ts';
import { PAYMENT_TIMEOUT } from '../mail/booking-mail-templates.ts';
import { enqueueCancellationMail } from '../mail/enqueue-booking-mail.ts';

/**
 * An unpaid card-payment draft holds its nights until hold_expires_at (decisions.md 5). Then it
 * becomes `cancelled` with reason payment_timeout, its nights are free again, and the guest is
 * told the payment did not arrive in time. Both the background job and a booking that wants
 * those nights go through expireDrafts, so the outcome is the same whoever gets there first.
 */

/**
 * Expires those of `ids` that are still drafts whose hold has run out at `now`; returns the ids it
 * expired. The status condition is in the UPDATE itself, so when two transactions race for the
 * same draft, only the one whose update changes the row frees its nights and queues the mail.
 */
export async function expireDrafts(db: Executor, ids: readonly number[], now: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const expired = await db
    .updateTable('bookings')
    .set({ status: 'cancelled', cancel_reason: PAYMENT_TIMEOUT, cancelled_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'draft')
    .where('hold_expires_at', '<=', now)
    .returning('id')
    .execute();
  const expiredIds = expired.map((r) => r.id);
  if (expiredIds.length === 0) return [];
  await db.deleteFrom('night_claims').where('booking_id', 'in', expiredIds).execute();
  for (const id of expiredIds) await enqueueCancellationMail(db, id);
  return expiredIds;
}

/**
 * The job's side: claims up to `limit` expired drafts (skipping any another process is expiring
 * right now) and expires them in one transaction.
 */
export async function expireDueDrafts(db: Db, now: string, limit = 100): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const due = await claimRows(
      trx,
      trx.selectFrom('bookings').select('id').where('status', '=', 'draft').where('hold_expires_at', '<=', now).orderBy('hold_expires_at').limit(limit),
    ).execute();
    return expireDrafts(
      trx,
      due.map((r) => r.id),
      now,
    );
  });
}
