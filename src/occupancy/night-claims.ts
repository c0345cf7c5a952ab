import { isUniqueViolation } from '../db/dialect.ts';
import type { ClaimKind } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { conflict } from '../http/errors.ts';
import { expireDrafts } from '../payments/draft-expiry.ts';

/**
 * Occupied nights. Every booking, block and imported reservation writes one row per night
 * into night_claims, whose primary key (accommodation_id, night) lets the database itself
 * refuse a second claim on a night, however many transactions race for it.
 */

export interface ClaimInput {
  accommodationId: number;
  nights: readonly string[];
  kind: ClaimKind;
  bookingId?: number | null;
  externalReservationId?: number | null;
  reason?: string | null;
}

export class NightTakenError extends Error {
  override readonly name = 'NightTakenError';
}

/** Claims every night or none; a night already taken throws NightTakenError (the caller's transaction must roll back). */
export async function claimNights(db: Executor, input: ClaimInput): Promise<void> {
  if (input.nights.length === 0) return;
  const created_at = new Date().toISOString();
  try {
    await db
      .insertInto('night_claims')
      .values(
        input.nights.map((night) => ({
          accommodation_id: input.accommodationId,
          night,
          kind: input.kind,
          booking_id: input.bookingId ?? null,
          external_reservation_id: input.externalReservationId ?? null,
          reason: input.reason ?? null,
          created_at,
        })),
      )
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new NightTakenError('night already taken', { cause: error });
    throw error;
  }
}

/** The 409 a caller sees when it lost a race for a night. */
export function nightsTakenConflict(): ReturnType<typeof conflict> {
  return conflict('Some of these nights were just booked by someone else.', { reason: 'dates_unavailable' });
}

export async function releaseBookingNights(db: Executor, bookingId: number): Promise<void> {
  await db.deleteFrom('night_claims').where('booking_id', '=', bookingId).execute();
}

export interface TakenNight {
  night: string;
  kind: ClaimKind;
  booking_id: number | null;
  confirmation_code: string | null;
  reason: string | null;
}

/**
 * Nights in [from, to) that are taken right now. A card-payment draft whose hold has expired
 * takes nothing, even before the expiry job has cancelled it.
 */
export function findTakenNights(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
  now: string,
  excludeBookingId?: number,
): Promise<TakenNight[]> {
  let query = db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .select(['c.night', 'c.kind', 'c.booking_id', 'b.confirmation_code', 'c.reason'])
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .where('c.night', '<', to)
    .where((eb) => eb.or([eb('b.status', 'is', null), eb('b.status', '!=', 'draft'), eb('b.hold_expires_at', '>', now)]));
  if (excludeBookingId !== undefined) {
    query = query.where((eb) => eb.or([eb('c.booking_id', 'is', null), eb('c.booking_id', '!=', excludeBookingId)]));
  }
  return query.orderBy('c.night').execute();
}

/**
 * Within a booking transaction: cancels card-payment drafts whose hold has run out and that
 * hold any night in [from, to), and frees their nights, so a new stay can take them at once.
 * Returns the ids of the drafts it cancelled.
 */
export async function expireHoldsOverlapping(db: Executor, accommodationId: number, from: string, to: string, now: string): Promise<number[]> {
  const expired = await db
    .selectFrom('night_claims as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select('b.id')
    .distinct()
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .where('c.night', '<', to)
    .where('b.status', '=', 'draft')
    .where('b.hold_expires_at', '<=', now)
    .execute();
  return expireDrafts(
    db,
    expired.map((r) => r.id),
    now,
  );
}
