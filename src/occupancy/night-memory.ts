import type { BookingStatus, ClaimKind } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { windowOf, type NightWindow } from './night-window.ts';
import { addDays, todayIn } from '../shared/dates.ts';

/**
 * Availability from memory: per accommodation, every claim from yesterday (UTC) on with what
 * decides whether it takes its night at a given instant (its kind, its booking's status and
 * hold) and which API key created its booking (so a conflict named from memory keeps tenant
 * isolation). Kept in caches.ts's `nights` cache and dropped whenever a claim or a booking's
 * status or hold changes (migration 0007's announcements; a new booking's claims are announced by
 * its process after the commit, migration 0010), so a quote reads no store. The store stays
 * the judge: a booking still inserts its claims and the primary key refuses a taken night, so
 * memory that is behind can only turn into a 409, never a double booking.
 */

export interface RememberedClaim {
  night: string;
  kind: ClaimKind;
  booking_id: number | null;
  confirmation_code: string | null;
  reason: string | null;
  status: BookingStatus | null;
  hold_expires_at: string | null;
  /** The API key that created the booking, so answers from memory keep tenant isolation. */
  created_by: number | null;
}

export interface NightSnapshot {
  /** The first night kept; a range starting before it is read from the store. */
  from: string;
  /**
   * The first night not kept, or null when every claim from `from` on is kept: a range ending
   * after it (an accommodation with more claims than are kept) is read from the store.
   */
  until: string | null;
  /** In night order. */
  claims: readonly RememberedClaim[];
}

/**
 * At most this many claims (about three years of nights) are kept per accommodation: the nearest
 * ones, so quotes for the coming nights are still answered from memory while stays beyond the
 * last kept claim are read per request.
 */
export const MAX_REMEMBERED_CLAIMS = 1100;

/** True when every night of [from, to) lies in what the snapshot keeps. */
export function snapshotCovers(snapshot: NightSnapshot, range: { from: string; to: string }): boolean {
  return range.from >= snapshot.from && (snapshot.until === null || range.to <= snapshot.until);
}

/**
 * The accommodation's claims from yesterday (UTC) on, the nearest MAX_REMEMBERED_CLAIMS of them
 * when there are more (one claim per night: the primary key of night_claims).
 */
export async function loadNightSnapshot(db: Executor, accommodationId: number, now: Date): Promise<NightSnapshot> {
  // Stays start today or later in the accommodation's zone, which is never before yesterday in UTC.
  const from = addDays(todayIn('UTC', now), -1);
  const claims = await db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .select([
      'c.night',
      'c.kind',
      'c.booking_id',
      'b.confirmation_code',
      'c.reason',
      'b.status',
      'b.hold_expires_at',
      'b.api_key_id as created_by',
    ])
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .orderBy('c.night')
    .limit(MAX_REMEMBERED_CLAIMS + 1)
    .execute();
  if (claims.length <= MAX_REMEMBERED_CLAIMS) return { from, until: null, claims };
  // The first claim left out is on a later night than every kept one: memory is complete before it.
  return { from, until: claims[MAX_REMEMBERED_CLAIMS]?.night ?? null, claims: claims.slice(0, MAX_REMEMBERED_CLAIMS) };
}

/**
 * Who holds each night of [from, to) at `now` (ISO instant), from a snapshot: the rule of
 * night-window.ts (a card-payment draft whose hold has run out takes nothing) applied at read
 * time, so a hold that expires while kept frees its nights without any announcement.
 */
export function windowFromSnapshot(
  snapshot: NightSnapshot,
  range: { from: string; to: string },
  now: string,
): NightWindow {
  const claims = snapshot.claims;
  const start = firstAtOrAfter(claims, range.from);
  const end = start === claims.length ? start : firstAtOrAfter(claims, range.to);
  // Most quotes meet no claim: one frozen window answers them all.
  return start === end ? NO_CLAIMS : windowOf(claims.slice(start, end), now);
}

/** The window of a range no claim falls in. */
const NO_CLAIMS: NightWindow = Object.freeze({
  taken: Object.freeze([]) as unknown as NightWindow['taken'],
  expiredHoldBookingIds: Object.freeze([]) as unknown as number[],
  nextHoldEnd: null,
});

/** Binary search: the index of the first claim on or after `night`. */
function firstAtOrAfter(claims: readonly RememberedClaim[], night: string): number {
  let lo = 0;
  let hi = claims.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((claims[mid]?.night ?? '') < night) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
