import { retryTransientConflicts } from '../db/retry-conflicts.ts';
import { claimRows, shareRowKeys } from '../db/row-locks.ts';
import type { Db, Executor, Store } from '../db/store.ts';
import { JoinedRuns } from '../shared/joined-runs.ts';
import { syncDocumentsIn } from './sync-documents.ts';

/**
 * The invoice of a booking confirmed as it is made is issued just after the booking's commit,
 * not in its transaction. Numbering takes the lock of the host's one series until its
 * transaction ends (document-numbers.ts): held by every booking's transaction, it made all new
 * bookings wait on each other (docs/benchmarks.md). So the booking's transaction only writes a
 * `documents_to_issue` row (queueInvoice, migration 0036), and the request issues the queued
 * documents before it answers (issueQueued): every booking that commits while an issuing runs is
 * issued by the next one, in one transaction, under one wait for the series. The series stays
 * gapless: a number is taken only in the transaction that writes its document. A row whose
 * request never issued it (the process died after the commit, or the issuing failed) is issued
 * by the `issue-documents` job (issueAllQueued), dated the day it is issued.
 */
export async function queueInvoice(db: Executor, bookingId: number): Promise<void> {
  await db.insertInto('documents_to_issue').values({ booking_id: bookingId }).execute();
}

/** What issuing needs of the app context. */
export interface IssuingContext {
  readonly db: Db;
  readonly store: Pick<Store, 'commitTogether'>;
  now(): Date;
}

/** Bookings issued per transaction at most; more wait for the next. */
const ISSUE_BATCH = 200;

/** Per store (one per process, or per test app): the issuings (shared/joined-runs.ts). */
const issuings = new WeakMap<IssuingContext['store'], JoinedRuns<'series'>>();

/**
 * Issues the queued documents, together with every other caller of this process that asks while
 * an issuing is waited for: resolves once an issuing that started after the call has committed.
 */
export function issueQueued(ctx: IssuingContext): Promise<void> {
  let runs = issuings.get(ctx.store);
  if (runs === undefined) {
    runs = new JoinedRuns();
    issuings.set(ctx.store, runs);
  }
  return runs.run('series', async () => {
    for (let issued = ISSUE_BATCH; issued === ISSUE_BATCH;) issued = await issueBatch(ctx);
  });
}

/** Issues every queued document (the `issue-documents` job): whether there were any. */
export async function issueAllQueued(ctx: IssuingContext): Promise<boolean> {
  const queued = await ctx.db.selectFrom('documents_to_issue').select('booking_id').limit(1).execute();
  if (queued.length === 0) return false;
  await issueQueued(ctx);
  return true;
}

function issueBatch(ctx: IssuingContext): Promise<number> {
  return retryTransientConflicts(() =>
    ctx.store.commitTogether(async (trx) => {
      // Claimed: another process issuing now takes other bookings, never the same one twice.
      const queued = await claimRows(
        trx,
        trx.selectFrom('documents_to_issue').select('booking_id').orderBy('booking_id').limit(ISSUE_BATCH),
      ).execute();
      if (queued.length === 0) return 0;
      const ids = queued.map((q) => q.booking_id);
      // A change to a booking locks it, then the series: the bookings this issues for are held the
      // same way round, all before the series, so that the two never wait on each other in a cycle.
      await shareRowKeys(trx, trx.selectFrom('bookings').select('id').where('id', 'in', ids).orderBy('id')).execute();
      await syncDocumentsIn(trx, ctx.now(), ids);
      await trx.deleteFrom('documents_to_issue').where('booking_id', 'in', ids).execute();
      return ids.length;
    }),
  );
}
