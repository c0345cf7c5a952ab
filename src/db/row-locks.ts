import { sql } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { Executor } from './store.ts';

/**
 * Row locks exist on PostgreSQL only. On the embedded store there is one connection and every
 * transaction runs alone, so the plain select is already exclusive.
 */

// isPostgres reads only the adapter, which does not depend on the table types.
const onPostgres = (db: Executor): boolean => isPostgres(db);

interface Lockable<T> {
  forUpdate(): T;
}
interface NoKeyLockable<T> {
  forNoKeyUpdate(): T;
}
interface SkipLockable<T> extends Lockable<T> {
  skipLocked(): T;
}

/** `FOR UPDATE` on PostgreSQL: the row is ours until the transaction ends. */
export function lockRows<T extends Lockable<T>>(db: Executor, query: T): T {
  return onPostgres(db) ? query.forUpdate() : query;
}

/**
 * `FOR NO KEY UPDATE` on PostgreSQL: one transaction at a time holds the row, yet rows that refer
 * to it by foreign key can still be inserted meanwhile (their `FOR KEY SHARE` does not wait). Lock
 * a parent row this way to serialise work on its children: `FOR UPDATE` would deadlock with
 * transactions that inserted a child before taking the lock.
 */
export function lockParentRows<T extends NoKeyLockable<T>>(db: Executor, query: T): T {
  return onPostgres(db) ? query.forNoKeyUpdate() : query;
}

/**
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL: rows another process is claiming right now are passed
 * over instead of waited for, so each due item is claimed by exactly one process.
 */
export function claimRows<T extends SkipLockable<T>>(db: Executor, query: T): T {
  return onPostgres(db) ? query.forUpdate().skipLocked() : query;
}

/**
 * `b.id` among the `booking_id`s of a `queued` CTE (rows just taken off a queue), for holding
 * those bookings: an array of ids is read through the primary key whatever the planner knows of
 * the tables, where a join may scan every booking of the store when they have no statistics yet.
 */
export const queuedBookingsById = sql<boolean>`b.id = any(array(select booking_id from queued))`;
