import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * Group commit for the embedded store. SQLite commits one transaction at a time on its single
 * connection, and with `synchronous = FULL` every commit writes its pages to the WAL and flushes
 * it: most of what a booking costs. Units of work handed to `run` in the same turn of the event
 * loop (the bookings that arrived together) share one transaction and so one flush, each inside
 * its own savepoint:
 *
 * - a unit that fails (a night already taken) is rolled back to its savepoint alone, and its
 *   caller gets its error; the others go on;
 * - no caller hears of success before the shared COMMIT has returned, so an answered unit is on
 *   disk exactly as it would be after a commit of its own;
 * - when the transaction itself fails (the COMMIT, or a rollback to a savepoint that SQLite has
 *   already undone with the whole transaction), every unit of the batch gets that error: none
 *   of them is stored, and none was answered.
 *
 * A lone unit runs as it would alone, plus a savepoint. Batches hold at most `maxBatch` units, so
 * no answer waits behind an unbounded queue; what arrives while a batch commits goes in the next.
 */

interface Unit<DB> {
  work: (trx: Transaction<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Units at most in one shared transaction. */
export const MAX_GROUP = 32;

export class GroupCommit<DB> {
  readonly #db: Kysely<DB>;
  readonly #maxBatch: number;
  #queue: Unit<DB>[] = [];
  #scheduled = false;
  #running = false;
  /** Batches committed and units in them, for /metrics. */
  readonly stats = { batches: 0, units: 0 };

  constructor(db: Kysely<DB>, maxBatch = MAX_GROUP) {
    this.#db = db;
    this.#maxBatch = Math.max(1, maxBatch);
  }

  /** Runs `work` in a transaction it may share with other units; settles once that has committed. */
  run<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
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
    const outcomes: Outcome[] = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const unit of batch) outcomes.push(await runInSavepoint(trx, unit.work));
      });
    } catch (error) {
      // Nothing of the batch is stored.
      for (const unit of batch) unit.reject(error);
      return;
    } finally {
      this.#running = false;
      this.#schedule();
    }
    this.stats.batches++;
    this.stats.units += batch.length;
    batch.forEach((unit, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok === true) unit.resolve(outcome.value);
      else unit.reject(outcome?.error ?? new Error('group commit lost a unit'));
    });
  }
}

/**
 * One unit inside the shared transaction. Its failure is rolled back to the savepoint and kept
 * as its outcome; a failure to roll back (SQLite undid the whole transaction) ends the batch.
 */
async function runInSavepoint<DB>(trx: Transaction<DB>, work: (trx: Transaction<DB>) => Promise<unknown>): Promise<Outcome> {
  await sql`savepoint unit`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release unit`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to unit`.execute(trx);
    await sql`release unit`.execute(trx);
    return { ok: false, error };
  }
}
