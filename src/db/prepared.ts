import { CompiledQuery, type Compilable } from 'kysely';
import { isPostgres } from './dialect.ts';
import { nameStatement } from './statement-names.ts';
import type { Executor } from './store.ts';

/**
 * A Kysely query compiled once per dialect and then run with new parameter values. Building
 * and compiling a query costs more CPU than the store spends answering a simple one, so the
 * hot paths (availability, calendar, retrieval) compile theirs once.
 *
 * `build` is called once per dialect with `sentinels`: distinct placeholder values, one per
 * argument, which must not occur as constants in the query. Each parameter of the compiled
 * query that equals a sentinel takes the matching argument at run time; any other parameter
 * (a constant such as a status) is kept as compiled.
 */
export function prepared<Args extends readonly unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
  sentinels: Args,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  type Slot = { arg: number } | { value: unknown };
  const compiled = new Map<boolean, { sql: string; slots: Slot[] }>();
  return async (db, ...args) => {
    const pg = isPostgres(db);
    let entry = compiled.get(pg);
    if (entry === undefined) {
      const query = build(db, ...sentinels).compile();
      const slots = query.parameters.map((p): Slot => {
        const arg = sentinels.indexOf(p);
        return arg >= 0 ? { arg } : { value: p };
      });
      for (let i = 0; i < sentinels.length; i++) {
        if (!query.parameters.includes(sentinels[i])) throw new Error(`prepared query does not use argument ${i}`);
      }
      entry = { sql: query.sql, slots };
      if (pg) nameStatement(query.sql);
      compiled.set(pg, entry);
    }
    const parameters = entry.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(entry.sql, parameters));
    return result.rows;
  };
}
