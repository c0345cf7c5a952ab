import { sql } from 'kysely';
import type { Accommodation } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import { RESERVED_TITLE, seesBooking, type Viewer } from '../http/viewer.ts';
import { holdsNothing, liveClaim } from '../occupancy/night-ledger.ts';
import { loadNightWindow, sooner, soonerHoldEnd, type NightWindow } from '../occupancy/night-window.ts';
import { decimalsOf, pricingRulesView } from '../pricing/accommodation-rules.ts';
import { addDays, compareDates, daysInMonth, diffDays, eachDate, firstOfMonth, todayIn } from '../shared/dates.ts';
import { toMajor } from '../shared/money.ts';
import { summarizeMonth, summaryWindow, type MonthSummary, type NightUse } from './calendar-summary.ts';
import type { CalendarBooking, CalendarView } from './calendar-schemas.ts';

type RowKind = 'claim' | 'price' | 'booking' | 'imported';

/** One row of the calendar query; which columns are set depends on `row_kind`. */
interface CalendarRow {
  row_kind: RowKind;
  night: string | null;
  claim_kind: string | null;
  booking_id: number | null;
  status: string | null;
  hold_expires_at: string | null;
  amount: number | null;
  code: string | null;
  source: string | null;
  checkin: string | null;
  checkout: string | null;
  adults: number | null;
  children: number | null;
  babies: number | null;
  color_index: number | null;
  notes: string | null;
  title: string | null;
  /** The API key that created the booking (booking rows only). */
  created_by: number | null;
}

// Typed nulls: PostgreSQL resolves a UNION's column types branch by branch, so an untyped null
// in an early branch would fix a column to text before a later branch brings a date.
const NULL_TEXT = sql<string | null>`cast(null as text)`;
const NULL_INT = sql<number | null>`cast(null as integer)`;
const NULL_DATE = sql<string | null>`cast(null as date)`;
const NULL_TIMESTAMP = sql<string | null>`cast(null as timestamptz)`;
/** The stay columns of the union (code to title), on the rows that are not stays: claims and prices. */
const NO_STAY = [
  NULL_TEXT.as('code'),
  NULL_TEXT.as('source'),
  NULL_DATE.as('checkin'),
  NULL_DATE.as('checkout'),
  NULL_INT.as('adults'),
  NULL_INT.as('children'),
  NULL_INT.as('babies'),
  NULL_INT.as('color_index'),
  NULL_TEXT.as('notes'),
  NULL_TEXT.as('title'),
  NULL_INT.as('created_by'),
] as const;

/**
 * Everything a month view reads, in one round trip (a UNION ALL of four reads):
 * - claims of [claimsFrom, claimsTo) with their booking's status and hold, to know taken nights;
 * - nightly prices of the month;
 * - bookings (not cancelled, not an expired draft) with a night in the month;
 * - reservations imported from other channels with a night in the month.
 */
const calendarQuery = prepared(
  (
    db: Executor,
    accommodationId: number,
    claimsFrom: string,
    claimsTo: string,
    from: string,
    to: string,
    now: string,
  ) => {
    const claims = db
      .selectFrom('night_claims as c')
      .leftJoin('bookings as b', 'b.id', 'c.booking_id')
      .select((eb) => [
        sql<RowKind>`'claim'`.as('row_kind'),
        eb.ref('c.night').$castTo<string | null>().as('night'),
        eb.ref('c.kind').$castTo<string | null>().as('claim_kind'),
        'c.booking_id',
        eb.ref('b.status').$castTo<string | null>().as('status'),
        'b.hold_expires_at',
        NULL_INT.as('amount'),
        ...NO_STAY,
      ])
      .where('c.accommodation_id', '=', accommodationId)
      .where('c.night', '>=', claimsFrom)
      .where('c.night', '<', claimsTo);
    const prices = db
      .selectFrom('nightly_prices as p')
      .select((eb) => [
        sql<RowKind>`'price'`.as('row_kind'),
        eb.ref('p.night').$castTo<string | null>().as('night'),
        NULL_TEXT.as('claim_kind'),
        NULL_INT.as('booking_id'),
        NULL_TEXT.as('status'),
        NULL_TIMESTAMP.as('hold_expires_at'),
        eb.ref('p.price').$castTo<number | null>().as('amount'),
        ...NO_STAY,
      ])
      .where('p.accommodation_id', '=', accommodationId)
      .where('p.night', '>=', from)
      .where('p.night', '<', to);
    const bookings = db
      .selectFrom('bookings as b')
      .select((eb) => [
        sql<RowKind>`'booking'`.as('row_kind'),
        NULL_DATE.as('night'),
        NULL_TEXT.as('claim_kind'),
        eb.ref('b.id').$castTo<number | null>().as('booking_id'),
        eb.ref('b.status').$castTo<string | null>().as('status'),
        NULL_TIMESTAMP.as('hold_expires_at'),
        eb.ref('b.total').$castTo<number | null>().as('amount'),
        eb.ref('b.confirmation_code').$castTo<string | null>().as('code'),
        eb.ref('b.source').$castTo<string | null>().as('source'),
        eb.ref('b.checkin').$castTo<string | null>().as('checkin'),
        eb.ref('b.checkout').$castTo<string | null>().as('checkout'),
        eb.ref('b.adults').$castTo<number | null>().as('adults'),
        eb.ref('b.children').$castTo<number | null>().as('children'),
        eb.ref('b.babies').$castTo<number | null>().as('babies'),
        eb.ref('b.color_index').$castTo<number | null>().as('color_index'),
        eb.ref('b.guest_notes').$castTo<string | null>().as('notes'),
        sql<string | null>`${eb.ref('b.guest_first_name')} || ' ' || ${eb.ref('b.guest_last_name')}`.as('title'),
        eb.ref('b.api_key_id').$castTo<number | null>().as('created_by'),
      ])
      .where('b.accommodation_id', '=', accommodationId)
      .where('b.status', '!=', 'cancelled')
      // A test booking takes no live night: no calendar shows it (docs/partners.md#test-mode).
      .where('b.mode', '=', 'live')
      .where('b.checkin', '<', to)
      .where('b.checkout', '>', from)
      // Not an expired card draft: the ledger's live-claim rule, read on the booking itself.
      .where(liveClaim(now));
    const imported = db
      .selectFrom('external_reservations as r')
      .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
      .select((eb) => [
        sql<RowKind>`'imported'`.as('row_kind'),
        NULL_DATE.as('night'),
        NULL_TEXT.as('claim_kind'),
        eb.ref('r.id').$castTo<number | null>().as('booking_id'),
        sql<string | null>`'confirmed'`.as('status'),
        NULL_TIMESTAMP.as('hold_expires_at'),
        sql<number | null>`0`.as('amount'),
        sql<string | null>`''`.as('code'),
        eb.ref('f.name').$castTo<string | null>().as('source'),
        eb.ref('r.start_date').$castTo<string | null>().as('checkin'),
        eb.ref('r.end_date').$castTo<string | null>().as('checkout'),
        sql<number | null>`0`.as('adults'),
        sql<number | null>`0`.as('children'),
        sql<number | null>`0`.as('babies'),
        NULL_INT.as('color_index'),
        sql<string | null>`''`.as('notes'),
        eb.ref('r.summary').$castTo<string | null>().as('title'),
        NULL_INT.as('created_by'),
      ])
      .where('r.accommodation_id', '=', accommodationId)
      // An echo of one of our own stays (src/ical/echoes.ts) is that stay, listed already.
      .where('r.echo_of', 'is', null)
      .where('r.start_date', '<', to)
      .where('r.end_date', '>', from);
    return claims.unionAll(prices).unionAll(bookings).unionAll(imported);
  },
);

/**
 * What a viewer who may not see a stay learns of it: its dates, status, channel and colour, as
 * taken nights titled "Reserved"; its code, party, amount and notes are null, not values it does
 * not have (docs/api.md#tenant-isolation).
 */
function reservedEntry(entry: CalendarBooking): CalendarBooking {
  return {
    ...entry,
    confirmation_code: null,
    title: RESERVED_TITLE,
    guest_count: null,
    composition: null,
    total_amount: null,
    notes: null,
  };
}

/** A calendar entry from a booking or imported row (their columns are all set). */
function stayEntry(r: CalendarRow, decimals: number): CalendarBooking {
  const id = r.booking_id ?? 0;
  const checkin = r.checkin ?? '';
  const checkout = r.checkout ?? '';
  const adults = r.adults ?? 0;
  const children = r.children ?? 0;
  return {
    id,
    confirmation_code: r.code ?? '',
    title: r.title ?? '',
    start_date: checkin,
    end_date: checkout,
    nights: diffDays(checkin, checkout),
    status: r.status ?? '',
    source: r.source ?? '',
    guest_count: adults + children,
    composition: { adults, children, babies: r.babies ?? 0 },
    total_amount: toMajor(r.amount ?? 0, decimals),
    // Imported reservations have no code to derive a colour from: their id picks one.
    color_index: r.color_index ?? id % 10,
    notes: r.notes ?? '',
  };
}

/** How far past the month (or today) the first load of claims reaches; most months find a free night in it. */
const FIRST_LOOKAHEAD_DAYS = 31;

function latest(a: string, b: string): string {
  return compareDates(a, b) >= 0 ? a : b;
}

/** A stay listed on a month, as the store has it, with who may read its details. */
export interface MonthStay {
  entry: CalendarBooking;
  /** The key that created the booking; null for the host's bookings and imported stays. */
  createdBy: number | null;
  /** A reservation imported from another channel (only the host's view shows its summary). */
  imported: boolean;
}

/**
 * One accommodation's month as every viewer shares it: what monthView() needs besides the
 * accommodation and the viewer. The calendar keeps it in memory (month-memory.ts).
 */
export interface MonthData {
  /** Stays with a night in the month, in date order. */
  stays: MonthStay[];
  blocked_dates: string[];
  daily_prices: Record<string, number>;
  availability_summary: MonthSummary;
  /**
   * The soonest end of a card draft's hold among the nights read (an ISO instant), null if none:
   * from then on the month differs with no change to any row, since the draft takes nothing.
   */
  nextHoldEnd: string | null;
}

/**
 * docs/api.md#calendar: one accommodation's month at `now`, for every viewer: every
 * taken night counts whoever holds it; monthView() then hides what the viewer may not see.
 */
export async function loadMonth(
  db: Executor,
  accommodation: Accommodation,
  year: number,
  month: number,
  now: Date,
): Promise<MonthData> {
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
  const [rows, lookahead] = await Promise.all([
    calendarQuery(db, accommodation.id, first, pastMonth ? end : loadedTo, first, end, nowIso),
    pastMonth ? loadNightWindow(db, accommodation.id, { from: start, to: loadedTo }, nowIso) : null,
  ]);
  const decimals = decimalsOf(accommodation.currency);
  const taken = new Map<string, NightUse>();
  const prices = new Map<string, number>();
  const stays: MonthStay[] = [];
  let nextHoldEnd = lookahead?.nextHoldEnd ?? null;
  for (const r of rows) {
    switch (r.row_kind) {
      case 'claim':
        if (r.night !== null && !holdsNothing(r, nowIso)) {
          taken.set(r.night, r.claim_kind === 'block' ? 'block' : 'stay');
          nextHoldEnd = soonerHoldEnd(nextHoldEnd, r);
        }
        break;
      case 'price':
        if (r.night !== null && r.amount !== null) prices.set(r.night, r.amount);
        break;
      case 'booking':
        stays.push({ entry: stayEntry(r, decimals), createdBy: r.created_by, imported: false });
        break;
      case 'imported':
        // Imported stays are not bookings: their ids are negated so they never meet a booking id.
        stays.push({ entry: { ...stayEntry(r, decimals), id: -(r.booking_id ?? 0) }, createdBy: null, imported: true });
        break;
    }
  }
  stays.sort((x, y) => compareDates(x.entry.start_date, y.entry.start_date));
  if (lookahead !== null) for (const [night, use] of takenMap(lookahead)) taken.set(night, use);
  let summary: MonthSummary = summarizeMonth({ year, month, today, taken });
  const next = summary.next_available_date;
  if (compareDates(loadedTo, window.to) < 0 && (next === null || compareDates(next, loadedTo) >= 0)) {
    // Nights past loadedTo only looked free because they were not loaded.
    const rest = await loadNightWindow(db, accommodation.id, { from: loadedTo, to: window.to }, nowIso);
    for (const [night, use] of takenMap(rest)) taken.set(night, use);
    nextHoldEnd = sooner(nextHoldEnd, rest.nextHoldEnd);
    summary = summarizeMonth({ year, month, today, taken });
  }

  // Every day at the base price, then the month's overrides (the query read only those):
  // overwriting keeps the keys in date order.
  const daily_prices: Record<string, number> = {};
  const basePrice = toMajor(accommodation.base_price, decimals);
  for (const date of eachDate(first, end)) daily_prices[date] = basePrice;
  for (const [date, price] of prices) daily_prices[date] = toMajor(price, decimals);
  const blocked_dates: string[] = [];
  for (const [night, use] of taken) if (use === 'block' && night >= first && night < end) blocked_dates.push(night);
  blocked_dates.sort();
  return { stays, blocked_dates, daily_prices, availability_summary: summary, nextHoldEnd };
}

/**
 * The month as `viewer` may see it: only the viewer's own bookings carry their details, and
 * imported stays only in the host's view (their summary may name the guest).
 */
export function monthView(
  data: MonthData,
  accommodation: Accommodation,
  year: number,
  month: number,
  viewer: Viewer,
): CalendarView {
  return {
    month,
    year,
    accommodation_id: accommodation.id,
    accommodation_name: accommodation.name,
    bookings: data.stays.map((s) =>
      (s.imported ? viewer.kind === 'all' : seesBooking(viewer, s.createdBy)) ? s.entry : reservedEntry(s.entry),
    ),
    blocked_dates: data.blocked_dates,
    daily_prices: data.daily_prices,
    availability_summary: data.availability_summary,
    pricing_rules: pricingRulesView(accommodation),
  };
}

function takenMap(window: NightWindow): Map<string, NightUse> {
  return new Map(window.taken.map((n) => [n.night, n.kind === 'block' ? 'block' : 'stay']));
}
