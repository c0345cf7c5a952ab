import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import { isPostgres } from './dialect.ts';
import { nameStatement } from './statement-names.ts';
import type { Executor } from './store.ts';

/**
 * Statements whose values come from rows (the inserts of the booking path), built with Kysely but
 * compiled once per dialect and shape: building and compiling a query costs more CPU than the
 * store spends running a simple insert. The rows handed to `StatementValues.row` are replaced by
 * stand-ins (one marker per defined value); the statement is built and compiled from the
 * stand-ins the first time its shape (which columns each row defines) is seen, and each run puts
 * its own values in the markers' places. Values never reach the compiled text, so a value that
 * looks like a marker is still only a value. db/prepared.ts builds on it for queries with a fixed
 * list of arguments.
 */

const MARK = '\u0001shaped-value:';
/** Shapes kept per process; a statement per number of rows (multi-row inserts) stays well below. */
const MAX_SHAPES = 1000;
/** A statement with more values (a block of months of nights) is compiled for its run only. */
const MAX_KEPT_VALUES = 512;

/** The markers of the values a kept statement can have, made once (every run names its values by them). */
const MARKERS = Array.from({ length: MAX_KEPT_VALUES }, (_, i) => `${MARK}${String(i)}`);
const marker = (i: number): string => MARKERS[i] ?? `${MARK}${String(i)}`;

type Slot = { arg: number } | { value: unknown };
const compiled = new Map<string, { sql: string; slots: Slot[] }>();

/** The values of one run, collected in order as rows are replaced by stand-ins. */
export class StatementValues {
  readonly values: unknown[] = [];
  readonly #shape: string[] = [];

  /** The row with each defined value replaced by its marker (undefined values are left out, as Kysely leaves them). */
  row<T extends object>(row: T): T {
    const out: Record<string, unknown> = {};
    for (const column in row) {
      if (!Object.hasOwn(row, column)) continue;
      const value = row[column];
      if (value === undefined) continue;
      out[column] = this.value(value);
      this.#shape.push(column);
    }
    this.#shape.push('|');
    return out as T;
  }

  /** One value replaced by its marker. */
  value<T>(value: T): T {
    this.values.push(value);
    this.#shape.push('$');
    return marker(this.values.length - 1) as T;
  }

  get shape(): string {
    return this.#shape.join(',');
  }
}

/**
 * Runs the statement `build` makes from the stand-ins in `values`; `name` tells statements apart.
 * `namedAtOnce`: on PostgreSQL the statement is a named prepared statement from its first run
 * (db/statement-names.ts), for the few hot queries; others are named when their text repeats.
 * `everyValueUsed`: compiling fails when the statement leaves a value out (a query whose every
 * argument must reach it); a row's column that the statement fills otherwise may be left out.
 */
export async function runShaped<Row>(
  db: Executor,
  name: string,
  values: StatementValues,
  build: () => Compilable<Row>,
  options: { namedAtOnce?: boolean; everyValueUsed?: boolean } = {},
): Promise<QueryResult<Row>> {
  const pg = isPostgres(db);
  const key = `${pg ? 'pg' : 'sqlite'}:${name}:${values.shape}`;
  let entry = compiled.get(key);
  if (entry === undefined) {
    const query = build().compile();
    const slots = query.parameters.map((p): Slot =>
      typeof p === 'string' && p.startsWith(MARK) ? { arg: Number(p.slice(MARK.length)) } : { value: p },
    );
    if (options.everyValueUsed === true) {
      const used = new Set(slots.map((slot) => ('arg' in slot ? slot.arg : -1)));
      for (let i = 0; i < values.values.length; i++) {
        if (!used.has(i)) throw new Error(`statement ${name} does not use its value ${i}`);
      }
    }
    if (pg && options.namedAtOnce === true) nameStatement(query.sql);
    entry = { sql: query.sql, slots };
    if (values.values.length <= MAX_KEPT_VALUES) {
      if (compiled.size >= MAX_SHAPES) compiled.clear();
      compiled.set(key, entry);
    }
  }
  const parameters = entry.slots.map((slot) => ('arg' in slot ? values.values[slot.arg] : slot.value));
  return db.executeQuery<Row>(CompiledQuery.raw(entry.sql, parameters));
}

/** `runShaped` for a statement of one row (a single-row insert): `build` gets the row's stand-in. */
export function runShapedRow<T extends object, Row>(
  db: Executor,
  name: string,
  row: T,
  build: (stood: T) => Compilable<Row>,
): Promise<QueryResult<Row>> {
  const values = new StatementValues();
  const stood = values.row(row);
  return runShaped(db, name, values, () => build(stood));
}
