import type { Accommodation } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import { loadNightWindow } from '../occupancy/night-window.ts';
import { decimalsOf, pricingRulesView } from '../pricing/accommodation-rules.ts';
import { addDays, daysInMonth, eachDate, firstOfMonth, todayIn } from '../shared/dates.ts';
import { toMajor } from '../shared/money.ts';
import { summarizeMonth, summaryWindow, type NightUse } from './calendar-summary.ts';
import type { CalendarBooking, CalendarView } from './calendar-schemas.ts';

const bookingsQuery = prepared(
  (db: Executor, accommodationId: number, from: string, to: string, now: string) =>
    db
      .selectFrom('bookings as b')
      .innerJoin('partners as p', 'p.id', 'b.partner_id')
      .select([
        'b.id',
        'b.confirmation_code',
        'b.checkin',
        'b.checkout',
        'b.nights',
        'b.status',
        'b.source',
        'b.adults',
        'b.children',
        'b.babies',
        'b.total',
        'b.color_index',
        'b.guest_notes',
        'p.first_name',
        'p.last_name',
      ])
      .where('b.accommodation_id', '=', accommodationId)
      .where('b.status', '!=', 'cancelled')
      .where('b.checkin', '<', to)
      .where('b.checkout', '>', from)
      .where((eb) => eb.or([eb('b.status', '!=', 'draft'), eb('b.hold_expires_at', '>', now)]))
      .orderBy('b.checkin'),
  [-1_000_001, '\u0001from', '\u0001to', '\u0001now'],
);

const externalQuery = prepared(
  (db: Executor, accommodationId: number, from: string, to: string) =>
    db
      .selectFrom('external_reservations as r')
      .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
      .select(['r.id', 'r.uid', 'r.summary', 'r.start_date', 'r.end_date', 'f.name as feed_name'])
      .where('r.accommodation_id', '=', accommodationId)
      .where('r.start_date', '<', to)
      .where('r.end_date', '>', from)
      .orderBy('r.start_date'),
  [-1_000_001, '\u0001from', '\u0001to'],
);

/** Bookings (not cancelled, not an expired draft) and imported reservations with a night in [from, to). */
async function staysOverlapping(db: Executor, accommodation: Accommodation, from: string, to: string, now: string): Promise<CalendarBooking[]> {
  const decimals = decimalsOf(accommodation.currency);
  const [bookings, external] = await Promise.all([
    bookingsQuery(db, accommodation.id, from, to, now),
    externalQuery(db, accommodation.id, from, to),
  ]);
  const entries: CalendarBooking[] = bookings.map((b) => ({
    id: b.id,
    confirmation_code: b.confirmation_code,
    title: `${b.first_name} ${b.last_name}`,
    start_date: b.checkin,
    end_date: b.checkout,
    nights: b.nights,
    status: b.status,
    source: b.source,
    guest_count: b.adults + b.children,
    composition: { adults: b.adults, children: b.children, babies: b.babies },
    total_amount: toMajor(b.total, decimals),
    color_index: b.color_index,
    notes: b.guest_notes,
  }));
  for (const r of external) {
    entries.push({
      id: r.id,
      confirmation_code: '',
      title: r.summary,
      start_date: r.start_date,
      end_date: r.end_date,
      nights: eachDate(r.start_date, r.end_date).length,
      status: 'confirmed',
      source: r.feed_name,
      guest_count: 0,
      composition: { adults: 0, children: 0, babies: 0 },
      total_amount: 0,
      color_index: r.id % 10,
      notes: '',
    });
  }
  return entries.sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

/** api-v1.md 4.5 with decisions.md 6: one accommodation's month. */
export async function monthCalendar(db: Executor, accommodation: Accommodation, year: number, month: number, now: Date): Promise<CalendarView> {
  const nowIso = now.toISOString();
  const today = todayIn(accommodation.timezone, now);
  const first = firstOfMonth(year, month);
  const end = addDays(first, daysInMonth(year, month));
  const window = summaryWindow(year, month, today);

  const [nights, bookings] = await Promise.all([
    loadNightWindow(db, accommodation.id, { claims: window, prices: { from: first, to: end } }, nowIso),
    staysOverlapping(db, accommodation, first, end, nowIso),
  ]);
  const takenRows = nights.taken;
  const overrides = nights.prices;

  const taken = new Map<string, NightUse>(takenRows.map((n) => [n.night, n.kind === 'block' ? 'block' : 'stay']));
  const decimals = decimalsOf(accommodation.currency);
  const daily_prices: Record<string, number> = {};
  const blocked_dates: string[] = [];
  for (const date of eachDate(first, end)) {
    daily_prices[date] = toMajor(overrides.get(date) ?? accommodation.base_price, decimals);
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
    availability_summary: summarizeMonth({ year, month, today, taken }),
    pricing_rules: pricingRulesView(accommodation),
  };
}
