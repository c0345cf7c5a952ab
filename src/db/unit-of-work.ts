import { sql } from 'kysely';
import type { Db, Tx } from './store.ts';

/**
 * One unit of work: a transaction, the moment it happens at, and what is to be done once it
 * has committed (a process's own caches drop what it changed: the change is true only then).
 * A lifecycle verb runs in a unit of its own, or in one it is handed: a webhook delivery or a
 * payment event, recorded in the same transaction as its effect.
 */
export interface Unit {
  readonly trx: Tx;
  /** The instant every row the unit writes records. */
  readonly now: Date;
  /** Runs `effect` once the transaction has committed; never when it rolls back. */
  afterCommit(effect: () => void): void;
}

/** Runs `work` in a new transaction, then its after-commit effects. */
export async function inUnit<T>(db: Db, now: Date, work: (unit: Unit) => Promise<T>): Promise<T> {
  const effects: (() => void)[] = [];
  const result = await db.transaction().execute((trx) =>
    work({
      trx,
      now,
      afterCommit: (effect) => {
        effects.push(effect);
      },
    }),
  );
  for (const effect of effects) effect();
  return result;
}

/**
 * Runs `work` inside the unit so that, when it throws an error `undo` accepts, its writes are
 * undone and the unit may go on (a refused webhook delivery is remembered without its effect);
 * the error is thrown on either way. Effects `work` registered still run after the commit: they
 * only drop cached entries, which is always safe.
 */
export async function undoable<T>(unit: Unit, work: () => Promise<T>, undo: (error: unknown) => boolean): Promise<T> {
  await sql`savepoint undoable`.execute(unit.trx);
  try {
    return await work();
  } catch (error) {
    if (undo(error)) await sql`rollback to savepoint undoable`.execute(unit.trx);
    throw error;
  }
}
