import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import { findTestClaims, holdsNothing, type TakenNight } from './night-ledger.ts';

export interface NightWindow {
  /** Nights taken now (an expired card-payment hold takes nothing), in date order. */
  taken: TakenNight[];
  /** Drafts whose hold ran out but that still hold a night in the window (the expiry job has not run yet). */
  expiredHoldBookingIds: number[];
  /** The soonest end of a hold that still takes a night here: when this window stops being true by itself. */
  nextHoldEnd: string | null;
}

/**
 * Who holds each night of a run of nights, in one round trip: the claims with their booking's
 * code, status, hold and
 * creating key. Compiled once; the hot paths (availability, a booking that met a taken
 * night, the calendar's look-ahead) run it with new values.
 */
const nightWindowQuery = prepared((db: Executor, accommodationId: number, from: string, to: string) =>
  db
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
    .where('c.night', '<', to)
    .orderBy('c.night'),
);

export async function loadNightWindow(
  db: Executor,
  accommodationId: number,
  range: { from: string; to: string },
  now: string,
): Promise<NightWindow> {
  return windowOf(await nightWindowQuery(db, accommodationId, range.from, range.to), now);
}

/**
 * The window a test key's booking meets (docs/partners.md#test-mode): the live claims, and the
 * test nights of that key. Only the key's own test drafts whose hold ran out are named to be
 * expired; a live draft's expired hold holds nothing for it either way.
 */
export async function loadTestNightWindow(
  db: Executor,
  apiKeyId: number,
  accommodationId: number,
  range: { from: string; to: string },
  now: string,
): Promise<NightWindow> {
  const live = windowOf(await nightWindowQuery(db, accommodationId, range.from, range.to), now);
  const test = windowOf(await findTestClaims(db, apiKeyId, accommodationId, range.from, range.to), now);
  return {
    taken: [...live.taken, ...test.taken].sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : 0)),
    expiredHoldBookingIds: test.expiredHoldBookingIds,
    nextHoldEnd: sooner(live.nextHoldEnd, test.nextHoldEnd),
  };
}

/** A claim as the window reads it: the night, who holds it, and its booking's status and hold. */
export interface WindowClaim extends TakenNight {
  status: string | null;
  hold_expires_at: string | null;
}

/** Claims in night order → the window at `now`, by the one live-claim rule (holdsNothing). */
export function windowOf(claims: Iterable<WindowClaim>, now: string): NightWindow {
  const window: NightWindow = { taken: [], expiredHoldBookingIds: [], nextHoldEnd: null };
  for (const row of claims) {
    if (holdsNothing(row, now)) {
      if (row.booking_id !== null && !window.expiredHoldBookingIds.includes(row.booking_id))
        window.expiredHoldBookingIds.push(row.booking_id);
      continue;
    }
    window.nextHoldEnd = soonerHoldEnd(window.nextHoldEnd, row);
    window.taken.push({
      night: row.night,
      kind: row.kind,
      booking_id: row.booking_id,
      confirmation_code: row.confirmation_code,
      reason: row.reason,
      created_by: row.created_by,
    });
  }
  return window;
}

/** The sooner of `current` and the end of `claim`'s hold, if it is a card draft's (one not run out yet). */
export function soonerHoldEnd(
  current: string | null,
  claim: { status: string | null; hold_expires_at: string | null },
): string | null {
  return claim.status === 'draft' ? sooner(current, claim.hold_expires_at) : current;
}

/** The sooner of two ISO instants, either of which may be missing. */
export function sooner(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  return b === null || a <= b ? a : b;
}
