import type { Compilable } from 'kysely';
import { runShaped, StatementValues } from './shaped-statement.ts';
import type { Executor } from './store.ts';

let count = 0;

/**
 * A Kysely query compiled once per dialect and then run with new parameter values. Building
 * and compiling a query costs more CPU than the store spends answering a simple one, so the
 * hot paths (availability, calendar, retrieval, the work after a new booking's commit) compile
 * theirs once. `build` is called once per
 * dialect with a stand-in for each argument (db/shaped-statement.ts), and each run puts the
 * arguments in their places; every argument must reach the query, and on PostgreSQL it is a named
 * prepared statement at once.
 */
export function prepared<Args extends readonly unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const name = `prepared-${String((count += 1))}`;
  return async (db, ...args) => {
    const values = new StatementValues();
    const stood = args.map((arg) => values.value(arg)) as unknown as Args;
    const result = await runShaped(db, name, values, () => build(db, ...stood), {
      namedAtOnce: true,
      everyValueUsed: true,
    });
    return result.rows;
  };
}
