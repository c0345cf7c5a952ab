import { sql } from 'kysely';
import type { Accommodation } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import { loadNightWindow, type NightWindow } from '../occupancy/night-window.ts';
import { decimalsOf, pricingRulesView } from '../pricing/accommodation-rules.ts';
import { addDays, compareDates, daysInMonth, diffDays, eachDate, firstOfMonth, todayIn } from '../shared/dates.ts';
import { toMajor } from '../shared/money.ts';
import { summarizeMonth, summaryWindow, type MonthSummary, type NightUse } from './calendar-summary.ts';
import type { CalendarBooking, CalendarView } from './calendar-schemas.ts';

/**
 * Bookings (not cancelled, not an expired draft) and imported reservations with a night in
 * [from, to), in one query. Imported ones have no guest, amount or code.
 */
const staysQuery = prepared(
  (db: Executor, accommodationId: number, from: string, to: string, now: string) => {
    const bookings = db
      .selectFrom('bookings as b')
      .innerJoin('partners as p', 'p.id', 'b.partner_id')
      .select((eb) => [
        'b.id',
        'b.confirmation_code',
        eb.ref('b.status').$castTo<string>().as('status'),
        'b.source',
        'b.checkin',
        'b.checkout',
        'b.adults',
        'b.children',
        'b.babies',
        'b.total',
        'b.color_index',
        'b.guest_notes',
        sql<string>`${eb.ref('p.first_name')} || ' ' || ${eb.ref('p.last_name')}`.as('title'),
      ])
      .where('b.accommodation_id', '=', accommodationId)
      .where('b.status', '!=', 'cancelled')
      .where('b.checkin', '<', to)
      .where('b.checkout', '>', from)
      .where((eb) => eb.or([eb('b.status', '!=', 'draft'), eb('b.hold_expires_at', '>', now)]));
    const imported = db
      .selectFrom('external_reservations as r')
      .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
      .select([
        'r.id',
        sql<string>`''`.as('confirmation_code'),
        sql<string>`'confirmed'`.as('status'),
        'f.name as source',
        'r.start_date as checkin',
        'r.end_date as checkout',
        sql<number>`0`.as('adults'),
        sql<number>`0`.as('children'),
        sql<number>`0`.as('babies'),
        sql<number>`0`.as('total'),
        sql<number>`-1`.as('color_index'),
        sql<string>`''`.as('guest_notes'),
        'r.summary as title',
      ])
      .where('r.accommodation_id', '=', accommodationId)
      .where('r.start_date', '<', to)
      .where('r.end_date', '>', from);
    return bookings.unionAll(imported);
  },
  [-1_000_001, '\u0001from', '\u0001to', '\u0001now'],
);

async function staysOverlapping(db: Executor, accommodation: Accommodation, from: string, to: string, now: string): Promise<CalendarBooking[]> {
  const decimals = decimalsOf(accommodation.currency);
  const rows = await staysQuery(db, accommodation.id, from, to, now);
  return rows
    .map((r) => ({
      id: r.id,
      confirmation_code: r.confirmation_code,
      title: r.title,
      start_date: r.checkin,
      end_date: r.checkout,
      nights: diffDays(r.checkin, r.checkout),
      status: r.status,
      source: r.source,
      guest_count: r.adults + r.children,
      composition: { adults: r.adults, children: r.children, babies: r.babies },
      total_amount: toMajor(r.total, decimals),
      // Imported reservations have no code to derive a colour from: their id picks one.
      color_index: r.color_index >= 0 ? r.color_index : r.id % 10,
      notes: r.guest_notes,
    }))
    .sort((a, b) => compareDates(a.start_date, b.start_date));
}

/** How far past the month (or today) the first load of claims reaches; most months find a free night in it. */
const FIRST_LOOKAHEAD_DAYS = 31;

function latest(a: string, b: string): string {
  return compareDates(a, b) >= 0 ? a : b;
}

/** api-v1.md 4.5 with decisions.md 6: one accommodation's month. */
export async function monthCalendar(db: Executor, accommodation: Accommodation, year: number, month: number, now: Date): Promise<CalendarView> {
  const nowIso = now.toISOString();
  const today = todayIn(accommodation.timezone, now);
  const first = firstOfMonth(year, month);
  const end = addDays(first, daysInMonth(year, month));
  const window = summaryWindow(year, month, today);
  const start = latest(today, first);
  // Claims for the month and the first weeks of the look-ahead; the rest of the year is read
  // only when every night loaded from the look-ahead's start is taken. For a past month the
  // two ranges are read apart, so the years between them are never loaded.
  const loadedTo = latest(end, addDays(start, FIRST_LOOKAHEAD_DAYS));
  const pastMonth = compareDates(start, end) >= 0;
  const [nights, bookings, lookahead] = await Promise.all([
    loadNightWindow(db, accommodation.id, { claims: { from: first, to: pastMonth ? end : loadedTo }, prices: { from: first, to: end } }, nowIso),
    staysOverlapping(db, accommodation, first, end, nowIso),
    pastMonth ? loadNightWindow(db, accommodation.id, { claims: { from: start, to: loadedTo }, prices: { from: first, to: first } }, nowIso) : null,
  ]);
  const taken = takenMap(nights);
  if (lookahead !== null) for (const [night, use] of takenMap(lookahead)) taken.set(night, use);
  let summary: MonthSummary = summarizeMonth({ year, month, today, taken });
  const next = summary.next_available_date;
  if (compareDates(loadedTo, window.to) < 0 && (next === null || compareDates(next, loadedTo) >= 0)) {
    // Nights past loadedTo only looked free because they were not loaded.
    const rest = await loadNightWindow(db, accommodation.id, { claims: { from: loadedTo, to: window.to }, prices: { from: first, to: first } }, nowIso);
    for (const [night, use] of takenMap(rest)) taken.set(night, use);
    summary = summarizeMonth({ year, month, today, taken });
  }

  const decimals = decimalsOf(accommodation.currency);
  const daily_prices: Record<string, number> = {};
  const blocked_dates: string[] = [];
  for (const date of eachDate(first, end)) {
    daily_prices[date] = toMajor(nights.prices.get(date) ?? accommodation.base_price, decimals);
    if (taken.get(date) === 'block') blocked_dates.push(date);
  }

  return {
    month,
    year,
    accommodation_id: accommodation.id,
    accommodation_name: accommodation.name,
    bookings,
    blocked_dates,
    daily_prices,
    availability_summary: summary,
    pricing_rules: pricingRulesView(accommodation),
  };
}

function takenMap(window: NightWindow): Map<string, NightUse> {
  return new Map(window.taken.map((n) => [n.night, n.kind === 'block' ? 'block' : 'stay']));
}
