import { sql } from 'kysely';
import type { ClaimKind } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import type { TakenNight } from './night-claims.ts';

export interface NightWindow {
  /** Nights taken now (an expired card-payment hold takes nothing), in date order. */
  taken: TakenNight[];
  /** Drafts whose hold ran out but that still hold a night in the window (the expiry job has not run yet). */
  expiredHoldBookingIds: number[];
  /** Nightly price overrides in the price range: date → minor units. */
  prices: Map<string, number>;
}

export interface WindowRanges {
  claims: { from: string; to: string };
  prices: { from: string; to: string };
}

/**
 * Everything the hot paths need to know about a run of nights — who holds each night and
 * what each costs — in one round trip to the store (a UNION ALL of night_claims and
 * nightly_prices).
 */
const nightWindowQuery = prepared(
  (db: Executor, accommodationId: number, claimsFrom: string, claimsTo: string, pricesFrom: string, pricesTo: string) => {
    const claims = db
      .selectFrom('night_claims as c')
      .leftJoin('bookings as b', 'b.id', 'c.booking_id')
      .select((eb) => [
        'c.night',
        eb.ref('c.kind').$castTo<ClaimKind | 'price'>().as('kind'),
        'c.booking_id',
        'b.confirmation_code',
        'c.reason',
        eb.ref('b.status').$castTo<string | null>().as('status'),
        'b.hold_expires_at',
        sql<number | null>`null`.as('price'),
      ])
      .where('c.accommodation_id', '=', accommodationId)
      .where('c.night', '>=', claimsFrom)
      .where('c.night', '<', claimsTo);
    const prices = db
      .selectFrom('nightly_prices as p')
      .select((eb) => [
        'p.night',
        sql<ClaimKind | 'price'>`'price'`.as('kind'),
        sql<number | null>`null`.as('booking_id'),
        sql<string | null>`null`.as('confirmation_code'),
        sql<string | null>`null`.as('reason'),
        sql<string | null>`null`.as('status'),
        sql<string | null>`null`.as('hold_expires_at'),
        eb.ref('p.price').$castTo<number | null>().as('price'),
      ])
      .where('p.accommodation_id', '=', accommodationId)
      .where('p.night', '>=', pricesFrom)
      .where('p.night', '<', pricesTo);
    return claims.unionAll(prices);
  },
  [-1_000_001, '\u0001claims-from', '\u0001claims-to', '\u0001prices-from', '\u0001prices-to'],
);

export async function loadNightWindow(db: Executor, accommodationId: number, ranges: WindowRanges, now: string): Promise<NightWindow> {
  const rows = await nightWindowQuery(db, accommodationId, ranges.claims.from, ranges.claims.to, ranges.prices.from, ranges.prices.to);

  const window: NightWindow = { taken: [], expiredHoldBookingIds: [], prices: new Map() };
  for (const row of rows) {
    if (row.kind === 'price') {
      if (row.price !== null) window.prices.set(row.night, row.price);
      continue;
    }
    const expiredHold = row.status === 'draft' && row.hold_expires_at !== null && row.hold_expires_at <= now;
    if (expiredHold) {
      if (row.booking_id !== null && !window.expiredHoldBookingIds.includes(row.booking_id)) window.expiredHoldBookingIds.push(row.booking_id);
      continue;
    }
    window.taken.push({ night: row.night, kind: row.kind, booking_id: row.booking_id, confirmation_code: row.confirmation_code, reason: row.reason });
  }
  window.taken.sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : 0));
  return window;
}
