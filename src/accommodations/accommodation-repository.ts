import type { Accommodation, AccommodationUpdate, NewAccommodation } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';

export async function insertAccommodation(db: Executor, values: NewAccommodation): Promise<Accommodation> {
  return db.insertInto('accommodations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findAccommodation(db: Executor, id: number): Promise<Accommodation | undefined> {
  return db.selectFrom('accommodations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAccommodations(db: Executor): Promise<Accommodation[]> {
  return db.selectFrom('accommodations').selectAll().orderBy('id').execute();
}

export async function updateAccommodation(db: Executor, id: number, values: AccommodationUpdate): Promise<Accommodation | undefined> {
  return db.updateTable('accommodations').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function countAccommodations(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('accommodations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n; // int8 counts are parsed to numbers on PostgreSQL (db/postgres.ts)
}
