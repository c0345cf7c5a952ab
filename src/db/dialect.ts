import { PostgresAdapter, sql, type RawBuilder } from 'kysely';

/**
 * The few places where SQLite and PostgreSQL differ, kept together so repositories stay
 * dialect-free.
 */

/** Any Kysely instance or transaction, whatever its table types. */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The month of a date column as `YYYY-MM`: a date is text on SQLite and a `date` on PostgreSQL,
 * so the one written as text there is formatted here.
 */
export function yearMonthOf(db: { getExecutor(): { readonly adapter: unknown } }, column: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`
    : sql<string>`substr(${sql.ref(column)}, 1, 7)`;
}

/**
 * A timestamp column as whole seconds since 1970-01-01T00:00:00Z (rounded down): an ISO-8601
 * text on SQLite, a `timestamptz` on PostgreSQL. Far cheaper to read than the instant itself
 * where many rows need only their day.
 */
export function epochSecondsOf(
  db: { getExecutor(): { readonly adapter: unknown } },
  column: string,
): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`floor(extract(epoch from ${sql.ref(column)}))::bigint`
    : sql<number>`cast(strftime('%s', ${sql.ref(column)}) as integer)`;
}

/**
 * PostgreSQL gave up on a statement because of another transaction rather than because of the
 * data: deadlock_detected (40P01) or serialization_failure (40001). Running it again is right.
 */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

/** True when the error is a unique or primary key violation on either store. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  // node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555)
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed');
}

/** True when a statement named a table that does not exist, on either store. */
export function isMissingTable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown };
  if (e.code === '42P01') return true; // PostgreSQL undefined_table
  return typeof e.message === 'string' && e.message.startsWith('no such table');
}

/** True when the error is a foreign key violation on either store (a referenced row is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23503') return true; // PostgreSQL foreign_key_violation
  if (e.errcode === 787) return true; // SQLITE_CONSTRAINT_FOREIGNKEY
  return typeof e.message === 'string' && e.message.includes('FOREIGN KEY constraint failed');
}

/**
 * SQLite could not take or keep its lock: SQLITE_BUSY and its extended codes, such as
 * BUSY_SNAPSHOT, when another connection to the file committed after this transaction read.
 * Running the transaction again from its start is right.
 */
export function isSqliteBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { errcode?: unknown; message?: unknown };
  return (
    (typeof e.errcode === 'number' && (e.errcode & 0xff) === 5) ||
    (typeof e.message === 'string' && e.message.includes('database is locked'))
  );
}
