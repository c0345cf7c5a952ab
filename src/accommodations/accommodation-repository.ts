import type { Accommodation, AccommodationUpdate, NewAccommodation } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { releaseAccommodationNights } from '../occupancy/night-ledger.ts';

export async function insertAccommodation(db: Executor, values: NewAccommodation): Promise<Accommodation> {
  return db.insertInto('accommodations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findAccommodation(db: Executor, id: number): Promise<Accommodation | undefined> {
  return db.selectFrom('accommodations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAccommodations(db: Executor): Promise<Accommodation[]> {
  return db.selectFrom('accommodations').selectAll().orderBy('id').execute();
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
