import { claimRows } from '../db/row-locks.ts';
import type { OutboxMessage } from '../db/schema.ts';
import type { Db, Executor } from '../db/store.ts';
import type { RetryDecision } from './backoff.ts';

/**
 * Delivery state of outbox mails. A worker first claims a batch under a short lease (locked_until,
 * locked_by) in a short transaction, renews it while it sends outside any transaction, then marks
 * each one. A process that dies mid-batch leaves its lease to run out; another worker then picks
 * the mail up. One that stops gives back what it has not started.
 */

export async function claimDueMails(
  db: Db,
  input: { worker: string; now: Date; leaseMs: number; limit: number },
): Promise<OutboxMessage[]> {
  const now = input.now.toISOString();
  const lockedUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await claimRows(
      trx,
      trx
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'mail')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(input.limit),
    ).execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('outbox')
      .set({ locked_until: lockedUntil, locked_by: input.worker })
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .returningAll()
      .execute();
  });
}

/** Extends the lease on the mails this worker still holds: it is still sending them. */
export async function renewMailLease(db: Executor, ids: readonly number[], worker: string, until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ locked_until: until.toISOString() })
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .where('status', '=', 'pending')
    .execute();
}

/** Gives back claimed mails this worker has not started (it is stopping): another may send them now. */
export async function releaseMails(db: Executor, ids: readonly number[], worker: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ locked_until: null, locked_by: null })
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .where('status', '=', 'pending')
    .execute();
}

export async function markMailSent(db: Executor, id: number, worker: string, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: now.toISOString(),
      attempts: eb('attempts', '+', 1),
      locked_until: null,
      locked_by: null,
      last_error: null,
    }))
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

export async function markMailFailedAttempt(
  db: Executor,
  id: number,
  worker: string,
  input: { attempts: number; error: string; decision: RetryDecision },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: input.decision.status,
      attempts: input.attempts,
      next_attempt_at: input.decision.status === 'pending' ? input.decision.nextAttemptAt.toISOString() : undefined,
      last_error: input.error.slice(0, 1000),
      locked_until: null,
      locked_by: null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** Pending mails after `afterId`, for logging them when no mail server is configured. */
export function pendingMailsAfter(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<Pick<OutboxMessage, 'id' | 'recipient' | 'subject' | 'template'>[]> {
  return db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'template'])
    .where('kind', '=', 'mail')
    .where('status', '=', 'pending')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * A failed mail goes back to pending, due now, for one more attempt (the host asked). Its attempts
 * are kept, so a mail that fails again is marked failed again rather than retried on the backoff.
 * Returns false when the mail is not (or no longer) failed.
 */
export async function retryFailedMail(db: Executor, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now.toISOString(), locked_until: null, locked_by: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
