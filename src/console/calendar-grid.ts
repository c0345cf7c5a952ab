import { isDraft } from '../bookings/booking-transitions.ts';
import type { Executor } from '../db/store.ts';
import { liveClaim } from '../occupancy/night-ledger.ts';
import { addDays, daysInMonth, eachDate, firstOfMonth } from '../shared/dates.ts';

/** What the console's calendar shows: every accommodation's nights of one month, read in four queries. */

export interface GridAccommodation {
  id: number;
  name: string;
  currency: string;
  base_price: number;
}

export type GridNight =
  | { kind: 'free' }
  | {
      kind: 'booking';
      bookingId: number;
      guest: string;
      code: string;
      status: string;
      /** A card draft holding its nights until paid (drawn apart). */
      draft: boolean;
      colorIndex: number;
      first: boolean;
    }
  | { kind: 'block'; reason: string | null; first: boolean }
  | { kind: 'external'; feed: string; summary: string; first: boolean };

export interface GridRow {
  accommodation: GridAccommodation;
  nights: { night: string; price: number; use: GridNight }[];
}

export interface MonthGrid {
  from: string;
  to: string;
  nights: string[];
  rows: GridRow[];
}

export function monthBounds(year: number, month: number): { from: string; to: string } {
  const from = firstOfMonth(year, month);
  return { from, to: addDays(from, daysInMonth(year, month)) };
}

/** A card draft past its hold holds nothing (the ledger's live-claim rule), so it is not shown. */
export async function loadMonthGrid(db: Executor, year: number, month: number, now: Date): Promise<MonthGrid> {
  const { from, to } = monthBounds(year, month);
  const nights = eachDate(from, to);
  const [accommodations, claims, prices] = await Promise.all([
    db
      .selectFrom('accommodations')
      .select(['id', 'name', 'currency', 'base_price', 'archived_at'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('night_claims as c')
      .leftJoin('bookings as b', 'b.id', 'c.booking_id')
      .leftJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
      .leftJoin('external_feeds as f', 'f.id', 'r.feed_id')
      .select([
        'c.accommodation_id',
        'c.night',
        'c.kind',
        'c.reason',
        'c.booking_id',
        'b.status',
        'b.confirmation_code',
        'b.guest_first_name',
        'b.guest_last_name',
        'b.color_index',
        'r.summary',
        'f.name as feed',
      ])
      .where('c.night', '>=', from)
      .where('c.night', '<', to)
      .where(liveClaim(now.toISOString()))
      .execute(),
    db
      .selectFrom('nightly_prices')
      .select(['accommodation_id', 'night', 'price'])
      .where('night', '>=', from)
      .where('night', '<', to)
      .execute(),
  ]);
  const claimAt = new Map(claims.map((c) => [`${c.accommodation_id}|${c.night}`, c]));
  const priceAt = new Map(prices.map((p) => [`${p.accommodation_id}|${p.night}`, p.price]));
  // An archived accommodation takes no new stay: it is shown only in a month where it holds nights.
  const shown = accommodations.filter((a) => a.archived_at === null || claims.some((c) => c.accommodation_id === a.id));
  const rows = shown.map((accommodation) => {
    let previous = '';
    return {
      accommodation,
      nights: nights.map((night) => {
        const c = claimAt.get(`${accommodation.id}|${night}`);
        const price = priceAt.get(`${accommodation.id}|${night}`) ?? accommodation.base_price;
        let use: GridNight = { kind: 'free' };
        let key = '';
        if (c?.kind === 'booking' && c.booking_id !== null) {
          key = `b${c.booking_id}`;
          use = {
            kind: 'booking',
            bookingId: c.booking_id,
            guest: `${c.guest_first_name ?? ''} ${c.guest_last_name ?? ''}`.trim(),
            code: c.confirmation_code ?? '',
            status: c.status ?? '',
            draft: c.status !== null && isDraft(c.status),
            colorIndex: c.color_index ?? 0,
            first: previous !== key,
          };
        } else if (c?.kind === 'block') {
          key = `k${c.reason ?? ''}`;
          use = { kind: 'block', reason: c.reason, first: previous !== key };
        } else if (c?.kind === 'external') {
          key = `e${c.feed ?? ''}|${c.summary ?? ''}`;
          use = {
            kind: 'external',
            feed: c.feed ?? 'another channel',
            summary: c.summary ?? '',
            first: previous !== key,
          };
        }
        previous = key;
        return { night, price, use };
      }),
    };
  });
  return { from, to, nights, rows };
}
