import type { Accommodation } from '../db/schema.ts';
import { isForeignKeyViolation } from '../db/dialect.ts';
import type { Db, Executor, StoreContext } from '../db/store.ts';
import { badRequest, conflict, notFound, type AppError } from '../http/errors.ts';
import { toMajor } from '../shared/money.ts';
import { applyAccommodationInput, newAccommodationFields, storedDecimals } from './accommodation-mapper.ts';
import {
  accommodationHasBookings,
  archiveAccommodation,
  deleteAccommodation,
  findAccommodation,
  insertAccommodation,
  updateAccommodation,
} from './accommodation-repository.ts';
import type { AccommodationCreateInput, AccommodationPatchInput } from './accommodation-schemas.ts';
import { rescaleNightlyPrices } from './nightly-price-repository.ts';

/**
 * Admin use cases on accommodations; each owns its transaction, and a change to one that the
 * caches keep is applied to this process's caches once committed (the triggers tell the others).
 */

function accommodationChanged(ctx: StoreContext, id: number): void {
  ctx.store.changes.committed({ table: 'accommodations', id: String(id) });
}

export async function requireAccommodation(db: Executor, id: number): Promise<Accommodation> {
  const accommodation = await findAccommodation(db, id);
  if (accommodation === undefined) {
    throw notFound('accommodation_not_found', `No accommodation with id ${id}.`, {
      parameter: 'id',
      expected: 'id of an existing accommodation',
      received: id,
    });
  }
  return accommodation;
}

function hasBookingsConflict(id: number, action: string): AppError {
  return conflict('has_bookings', `Accommodation ${id} has bookings, so it cannot ${action}.`, {
    parameter: 'id',
    received: id,
  });
}

export async function createAccommodation(db: Db, input: AccommodationCreateInput, now: Date): Promise<Accommodation> {
  const fields = newAccommodationFields(input);
  const at = now.toISOString();
  return insertAccommodation(db, { ...fields, created_at: at, updated_at: at });
}

/**
 * Applies a partial update. A currency change re-expresses the stored amounts and nightly
 * prices in the new currency; it is refused once bookings exist, whose amounts were agreed in
 * the old one.
 */
export async function editAccommodation(
  ctx: StoreContext,
  id: number,
  input: AccommodationPatchInput,
  now: Date,
): Promise<Accommodation> {
  const edited = await ctx.db.transaction().execute(async (trx) => {
    const current = await requireAccommodation(trx, id);
    const fields = applyAccommodationInput(current, input);
    if (fields.currency !== current.currency) {
      if (await accommodationHasBookings(trx, id)) throw hasBookingsConflict(id, 'change its currency');
      const fromDecimals = storedDecimals(current.currency);
      const lossy = await rescaleNightlyPrices(trx, id, fromDecimals, storedDecimals(fields.currency));
      if (lossy !== null) {
        throw badRequest(
          'invalid_amount',
          `The price set for ${lossy.night} (${toMajor(lossy.price, fromDecimals)} ${current.currency}) ` +
            `cannot be expressed in ${fields.currency}; change or clear it first.`,
          {
            parameter: 'currency',
            expected: `a currency that can hold the nightly prices`,
            received: fields.currency,
            night: lossy.night,
          },
        );
      }
    }
    const updated = await updateAccommodation(trx, id, { ...fields, updated_at: now.toISOString() });
    if (updated === undefined) throw new Error(`accommodation ${id} vanished inside its transaction`);
    return updated;
  });
  accommodationChanged(ctx, id);
  return edited;
}

/** What removing an accommodation did: deleted it, or archived it because it has bookings. */
export type Removal = 'deleted' | 'archived';

/**
 * Removes an accommodation. Without bookings it is deleted, with its prices, blocks and feeds.
 * With bookings (cancelled ones count: they are its history) it is archived instead: it leaves
 * every list and takes no new booking, while its bookings stay as they are (docs/decisions.md,
 * "Archived accommodations"). Removing an archived one again changes nothing.
 */
export async function removeAccommodation(ctx: StoreContext, id: number, now: Date): Promise<Removal> {
  const archive = async (): Promise<Removal> => {
    const archived = await archiveAccommodation(ctx.db, id, now.toISOString());
    if (archived === undefined) await requireAccommodation(ctx.db, id);
    return 'archived';
  };
  let removal: Removal;
  try {
    removal = await ctx.db.transaction().execute(async (trx) => {
      await requireAccommodation(trx, id);
      if (await accommodationHasBookings(trx, id)) return 'archived';
      await deleteAccommodation(trx, id);
      return 'deleted';
    });
    if (removal === 'archived') removal = await archive();
  } catch (error) {
    // A booking committed between the check and the delete: its foreign key refused the delete.
    if (!isForeignKeyViolation(error)) throw error;
    removal = await archive();
  }
  accommodationChanged(ctx, id);
  return removal;
}

/** Refuses a new stay at an archived accommodation (409 `accommodation_archived`). */
export function refuseIfArchived(accommodation: Accommodation, parameter: string): void {
  if (accommodation.archived_at === null) return;
  throw conflict(
    'accommodation_archived',
    `Accommodation ${accommodation.id} (${accommodation.name}) is archived and takes no new bookings.`,
    { parameter, received: accommodation.id },
  );
}
