import { sql, type Kysely, type Transaction } from 'kysely';
import { isSqliteBusy } from './dialect.ts';

/**
 * Group commit for the embedded store. SQLite commits one transaction at a time on its single
 * connection, and with `synchronous = FULL` every commit writes its pages to the WAL and flushes
 * it: most of what a booking cost. Units of work handed to `run` in the same turn of the event
 * loop (the bookings that arrived together) share one transaction and so one flush, each inside
 * its own savepoint:
 *
 * - a unit that fails (a night already taken) is rolled back to its savepoint alone, and its
 *   caller gets its error; the others go on;
 * - no caller hears of success before the shared COMMIT has returned, so an answered unit is on
 *   disk exactly as it would be after a commit of its own;
 * - when the transaction itself fails (the COMMIT, or a rollback to a savepoint that SQLite has
 *   already undone with the whole transaction), every unit of the batch gets that error: none
 *   of them is stored, and none was answered;
 * - when SQLite reports the file busy (another process, such as the CLI, wrote to it after the
 *   batch read), rolling back to a savepoint would not help the units after it, so the whole
 *   batch runs again in a new transaction, up to BUSY_ATTEMPTS times.
 *
 * A lone unit waits only for the end of the current turn (and for a batch already committing).
 * A batch holds at most `maxBatch` units, which bounds how long one commit keeps the connection;
 * what arrives meanwhile goes in the next batch.
 */

interface Unit<DB> {
  work: (trx: Transaction<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Batches this unit was in that met a busy database. */
  busy: number;
}

/** Units at most in one shared transaction. */
export const MAX_GROUP = 32;
/** How often a batch runs when SQLite keeps reporting the file busy. */
export const BUSY_ATTEMPTS = 3;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown; ends: boolean };

/** The batch failed as a whole, for `reason` (what Kysely's own rollback threw is not kept). */
class BatchFailed extends Error {
  readonly reason: unknown;
  constructor(reason: unknown) {
    super('the shared transaction failed');
    this.reason = reason;
  }
}

export class GroupCommit<DB> {
  readonly #db: Kysely<DB>;
  readonly #maxBatch: number;
  #queue: Unit<DB>[] = [];
  #scheduled = false;
  #running = false;
  /** Batches committed and units in them (refused ones included), for /metrics. */
  readonly stats = { batches: 0, units: 0 };

  constructor(db: Kysely<DB>, maxBatch = MAX_GROUP) {
    this.#db = db;
    this.#maxBatch = Math.max(1, maxBatch);
  }

  /** Runs `work` in a transaction it may share with other units; settles once that has committed. */
  run<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject, busy: 0 });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running || this.#queue.length === 0) return;
    this.#scheduled = true;
    // The next turn: every unit handed over in this one joins the batch.
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#running = true;
    const batch = this.#queue.splice(0, this.#maxBatch);
    try {
      const outcomes = await this.#commit(batch);
      this.stats.batches++;
      this.stats.units += batch.length;
      batch.forEach((unit, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok === true) unit.resolve(outcome.value);
        else unit.reject(outcome?.error ?? new Error('group commit lost a unit'));
      });
    } catch (error) {
      // Nothing of the batch is stored. A busy file: the units run again, first in line.
      const reason = error instanceof BatchFailed ? error.reason : error;
      const again = isSqliteBusy(reason) ? batch.filter((unit) => ++unit.busy < BUSY_ATTEMPTS) : [];
      for (const unit of batch) if (!again.includes(unit)) unit.reject(reason);
      this.#queue.unshift(...again);
    } finally {
      this.#running = false;
      this.#schedule();
    }
  }

  /** The batch in one transaction; throws BatchFailed when the transaction fails as a whole. */
  async #commit(batch: readonly Unit<DB>[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let ended: unknown = undefined;
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const unit of batch) {
          const outcome = await runInSavepoint(trx, unit.work);
          if (!outcome.ok && outcome.ends) {
            ended = outcome.error;
            throw outcome.error;
          }
          outcomes.push(outcome);
        }
      });
    } catch (error) {
      throw new BatchFailed(ended ?? error);
    }
    return outcomes;
  }
}

/**
 * One unit inside the shared transaction. Its failure is rolled back to the savepoint and kept
 * as its outcome. A busy file, or a failure to roll back (SQLite undid the whole transaction),
 * ends the batch, with the unit's own error as the reason.
 */
async function runInSavepoint<DB>(
  trx: Transaction<DB>,
  work: (trx: Transaction<DB>) => Promise<unknown>,
): Promise<Outcome> {
  await sql`savepoint unit`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release unit`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    if (isSqliteBusy(error)) return { ok: false, error, ends: true };
    try {
      await sql`rollback to unit`.execute(trx);
      await sql`release unit`.execute(trx);
    } catch {
      return { ok: false, error, ends: true };
    }
    return { ok: false, error, ends: false };
  }
}
