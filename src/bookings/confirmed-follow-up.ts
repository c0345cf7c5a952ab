import type { AppContext } from '../app-context.ts';
import { retryTransientConflicts } from '../db/retry-conflicts.ts';
import { isPostgres } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import { claimRows, queuedBookingsById } from '../db/row-locks.ts';
import type { Executor, Tx } from '../db/store.ts';
import { syncDocumentsIn } from '../invoices/sync-documents.ts';
import { keepBookingMessagesTrue } from '../messages/keep-messages-true.ts';
import { joinedRunsPer } from '../shared/joined-runs.ts';

/**
 * A booking confirmed as it is made gets its invoice and its guest messages just after its
 * commit, not in its transaction. Numbering takes the lock of the host's one series until its
 * transaction ends (invoices/document-numbers.ts): held by every booking's transaction, it made
 * all new bookings wait on each other (docs/benchmarks.md). So the booking's own statement only
 * writes a `bookings_to_follow_up` row (queueFollowUp, migration 0036), and the request follows up
 * the queued bookings before it answers (followUpQueued): every booking that commits while a
 * follow-up runs is followed up by the next one, in one transaction, with one wait for the series
 * and a few statements whatever their number. The series stays gapless: a number is taken only in
 * the transaction that writes its document. A row whose request never followed it up (the process
 * died after the commit, or the follow-up failed) is done by the `follow-up-bookings` job
 * (followUpAllQueued), the invoice dated the day it is issued.
 */
export async function queueFollowUp(db: Executor, bookingId: number): Promise<void> {
  await insertQueued(db, bookingId);
}

/** queueFollowUp's insert, compiled once (db/prepared.ts). */
const insertQueued = prepared((db, bookingId: number) =>
  db.insertInto('bookings_to_follow_up').values({ booking_id: bookingId }),
);

/** Bookings followed up per transaction at most; more wait for the next. */
const FOLLOW_UP_BATCH = 200;

/** The follow-ups of each store (shared/joined-runs.ts). */
const followUps = joinedRunsPer<'all'>();

/**
 * Follows up the queued bookings, together with every other caller of this process that asks
 * while a follow-up is waited for: resolves once a follow-up that started after the call has
 * committed.
 */
export function followUpQueued(ctx: AppContext): Promise<void> {
  return followUps(ctx.store).run('all', async () => {
    for (let done = FOLLOW_UP_BATCH; done === FOLLOW_UP_BATCH;) done = await followUpBatch(ctx);
  });
}

/** Follows up every queued booking (the `follow-up-bookings` job): whether there were any. */
export async function followUpAllQueued(ctx: AppContext): Promise<boolean> {
  const queued = await ctx.db.selectFrom('bookings_to_follow_up').select('booking_id').limit(1).execute();
  if (queued.length === 0) return false;
  await followUpQueued(ctx);
  return true;
}

function followUpBatch(ctx: AppContext): Promise<number> {
  return retryTransientConflicts(() =>
    ctx.store.commitTogether(async (trx) => {
      const ids = await takeQueued(trx);
      if (ids.length === 0) return 0;
      const now = ctx.now();
      await keepBookingMessagesTrue(trx, ids, now);
      // Last: the documents take the series' lock.
      await syncDocumentsIn(trx, now, ids);
      return ids.length;
    }),
  );
}

/**
 * Claims queued bookings and takes them off the queue, in one statement: another process following
 * up now takes other bookings, never the same one twice; rolled back, the transaction leaves them
 * queued. On PostgreSQL the same statement holds the bookings (FOR KEY SHARE, in id order): a
 * change to a booking locks it, then the series, so the bookings followed up are held the same way
 * round, all before the series, and the two never wait on each other in a cycle. A queued row
 * always has its booking (it goes with it, on delete cascade).
 */
async function takeQueued(trx: Tx): Promise<number[]> {
  // The embedded store has no row locks: its one connection runs each transaction alone.
  const rows = isPostgres(trx) ? await takeQueuedHolding(trx) : await dequeue(trx, trx).execute();
  return rows.map((q) => q.booking_id);
}

/** Queued bookings taken off the queue (claimed on PostgreSQL: skip-locked), FOLLOW_UP_BATCH at most. */
const dequeue = (db: Pick<Tx, 'deleteFrom' | 'selectFrom'>, store: Executor) =>
  db
    .deleteFrom('bookings_to_follow_up')
    .where('booking_id', 'in', () =>
      claimRows(
        store,
        db.selectFrom('bookings_to_follow_up').select('booking_id').orderBy('booking_id').limit(FOLLOW_UP_BATCH),
      ),
    )
    .returning('booking_id');

/** takeQueued's one statement on PostgreSQL, compiled once (db/prepared.ts). */
const takeQueuedHolding = prepared((db) =>
  db
    .with('queued', (d) => dequeue(d, db))
    .selectFrom('bookings as b')
    .where(queuedBookingsById)
    .select('b.id as booking_id')
    .orderBy('b.id')
    .forKeyShare('b'),
);
