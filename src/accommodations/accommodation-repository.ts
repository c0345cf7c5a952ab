import type { Accommodation, AccommodationUpdate, NewAccommodation } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { releaseAccommodationNights } from '../occupancy/night-ledger.ts';

export async function insertAccommodation(db: Executor, values: NewAccommodation): Promise<Accommodation> {
  return db.insertInto('accommodations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findAccommodation(db: Executor, id: number): Promise<Accommodation | undefined> {
  return db.selectFrom('accommodations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Accommodations by id: the active ones, or with `archived: true` the archived ones too. */
export function listAccommodations(db: Executor, options: { archived?: boolean } = {}): Promise<Accommodation[]> {
  let query = db.selectFrom('accommodations').selectAll().orderBy('id');
  if (options.archived !== true) query = query.where('archived_at', 'is', null);
  return query.execute();
}

/** The archived accommodations, by name. */
export function listArchivedAccommodations(db: Executor): Promise<Accommodation[]> {
  return db
    .selectFrom('accommodations')
    .selectAll()
    .where('archived_at', 'is not', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Marks an accommodation archived (kept as it was archived first); undefined when there is none. */
export async function archiveAccommodation(db: Executor, id: number, at: string): Promise<Accommodation | undefined> {
  return db
    .updateTable('accommodations')
    .set((eb) => ({ archived_at: eb.fn.coalesce('archived_at', eb.val(at)), updated_at: at }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function updateAccommodation(
  db: Executor,
  id: number,
  values: AccommodationUpdate,
): Promise<Accommodation | undefined> {
  return db.updateTable('accommodations').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function countAccommodations(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('accommodations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n; // int8 counts are parsed to numbers on PostgreSQL (db/postgres.ts)
}

export async function accommodationHasBookings(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('accommodation_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes an accommodation with everything that only describes it: nightly prices, blocked and
 * imported nights, imported reservations and feeds. Bookings are never deleted here; the caller
 * refuses while any exists, and the bookings foreign key refuses one that arrives meanwhile.
 */
export async function deleteAccommodation(db: Executor, id: number): Promise<boolean> {
  await releaseAccommodationNights(db, id);
  await db.deleteFrom('external_reservations').where('accommodation_id', '=', id).execute();
  await db.deleteFrom('external_feeds').where('accommodation_id', '=', id).execute();
  await db.deleteFrom('nightly_prices').where('accommodation_id', '=', id).execute();
  const result = await db.deleteFrom('accommodations').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
