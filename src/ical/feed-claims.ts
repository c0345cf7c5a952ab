import type { Executor } from '../db/store.ts';

/**
 * The one place the iCal import writes and frees nights in night_claims. An imported stay takes
 * every night that is free and leaves the others to whoever holds them (those become overbooking
 * alerts), so its insert skips taken nights instead of failing the pull's transaction.
 */

export interface ExternalClaim {
  accommodationId: number;
  reservationId: number;
  night: string;
}

const CHUNK = 500;

/** Claims the nights that are free; returns the claims it got. */
export async function claimFreeNights(db: Executor, claims: readonly ExternalClaim[], now: Date): Promise<ExternalClaim[]> {
  const created_at = now.toISOString();
  const got: ExternalClaim[] = [];
  for (let i = 0; i < claims.length; i += CHUNK) {
    const rows = await db
      .insertInto('night_claims')
      .values(
        claims.slice(i, i + CHUNK).map((c) => ({
          accommodation_id: c.accommodationId,
          night: c.night,
          kind: 'external' as const,
          booking_id: null,
          external_reservation_id: c.reservationId,
          reason: null,
          created_at,
        })),
      )
      .onConflict((oc) => oc.columns(['accommodation_id', 'night']).doNothing())
      .returning(['accommodation_id', 'night', 'external_reservation_id'])
      .execute();
    for (const r of rows) got.push({ accommodationId: r.accommodation_id, night: r.night, reservationId: r.external_reservation_id ?? 0 });
  }
  return got;
}

/** Frees the nights of an imported stay outside [start, end); with no range, all of them. */
export async function releaseReservationNights(db: Executor, reservationId: number, keep?: { start: string; end: string }): Promise<void> {
  let query = db.deleteFrom('night_claims').where('external_reservation_id', '=', reservationId);
  if (keep !== undefined) query = query.where((eb) => eb.or([eb('night', '<', keep.start), eb('night', '>=', keep.end)]));
  await query.execute();
}

/** Frees every night imported from a feed (the feed is being removed). */
export async function releaseFeedNights(db: Executor, feedId: number): Promise<void> {
  const reservations = db.selectFrom('external_reservations').select('id').where('feed_id', '=', feedId);
  await db.deleteFrom('night_claims').where('external_reservation_id', 'in', reservations).execute();
}
