import type { BookingStatus } from '../db/schema.ts';
import { diffDays, todayIn } from '../shared/dates.ts';
import { monthIndex, monthsOf, periodsOf, type Grouping, type Period } from './report-periods.ts';
import { revenueOfNights, spreadTotal } from './revenue-spread.ts';
import { emptyTally, sourceTally, sumTallies, type Tally } from './report-tally.ts';

/**
 * The occupancy report (docs/api.md#admin-reports), computed from the rows the repository reads
 * (report-repository.ts). Pure: no I/O, no clock.
 *
 * Nights are counted month by month and accommodation by accommodation; every other figure is a
 * sum of those tallies (a year of its months, a currency of its accommodations, the range of its
 * periods), so they always agree with one another.
 */

export interface ReportAccommodation {
  id: number;
  name: string;
  currency: string;
  timezone: string;
}

/** A booking with at least one night in the range or its arrival in it. */
export interface ReportBooking {
  accommodation_id: number;
  status: BookingStatus;
  source: string;
  checkin: string;
  checkout: string;
  /**
   * What it earned, minor units of the accommodation's currency: its total less the city tax, collected
   * for the city.
   */
  revenue: number;
  /** When it was made, in whole seconds since 1970-01-01T00:00:00Z. */
  booked_at: number;
  /** Whether it was ever confirmed (a card draft cancelled unpaid was not). */
  was_confirmed: boolean;
}

/** Nights of the range held by blocks or by imported stays, per accommodation and month (`YYYY-MM`). */
export interface ReportClaimCount {
  accommodation_id: number;
  month: string;
  kind: 'block' | 'external';
  nights: number;
}

/** A stay imported from a channel's calendar, arriving in the range; `source` is its feed's name. */
export interface ReportImportedStay {
  accommodation_id: number;
  source: string;
  start_date: string;
  end_date: string;
}

export interface ReportInput {
  from: string;
  to: string;
  group: Grouping | null;
  accommodations: readonly ReportAccommodation[];
  bookings: readonly ReportBooking[];
  claims: readonly ReportClaimCount[];
  importedStays: readonly ReportImportedStay[];
}

export interface PeriodTally {
  period: Period;
  tally: Tally;
}

export interface OccupancyReport {
  from: string;
  to: string;
  group: Grouping | null;
  accommodations: { accommodation: ReportAccommodation; tally: Tally; periods: PeriodTally[] }[];
  /** One per currency, in code order. */
  totals: { currency: string; tally: Tally; periods: PeriodTally[] }[];
}

/** A booking's nights count as booked, and its revenue (total less city tax), while it is confirmed or modified. */
export function isBooked(status: BookingStatus): boolean {
  return status === 'confirmed' || status === 'modified';
}

/** A cancellation is a booking cancelled after it was confirmed (not a card draft that was never paid). */
export function isCancellation(booking: Pick<ReportBooking, 'status' | 'was_confirmed'>): boolean {
  return booking.status === 'cancelled' && booking.was_confirmed;
}

const SECONDS_PER_DAY = 86_400;

/** Days from the booking (its date where the home is) to arrival; 0 for a stay recorded after it began. */
export function leadTimeDays(bookedAt: number, checkin: string, timezone: string): number {
  // In UTC (the default zone) the day of an instant is plain arithmetic; elsewhere Intl knows the zone's offsets.
  const days =
    timezone === 'UTC'
      ? diffDays('1970-01-01', checkin) - Math.floor(bookedAt / SECONDS_PER_DAY)
      : diffDays(todayIn(timezone, new Date(bookedAt * 1000)), checkin);
  return Math.max(0, days);
}

class MonthTallies {
  readonly months: Period[];
  readonly byAccommodation = new Map<number, Tally[]>();
  private readonly from: string;
  private readonly to: string;

  constructor(from: string, to: string, accommodations: readonly ReportAccommodation[]) {
    this.from = from;
    this.to = to;
    this.months = monthsOf(from, to);
    for (const a of accommodations) {
      this.byAccommodation.set(
        a.id,
        this.months.map((m) => emptyTally(diffDays(m.from, m.to))),
      );
    }
  }

  inRange(date: string): boolean {
    return date >= this.from && date < this.to;
  }

  /** The tally of the month holding `date` (in the range) for an accommodation of the report, else undefined. */
  at(accommodationId: number, date: string): Tally | undefined {
    return this.byAccommodation.get(accommodationId)?.[monthIndex(this.from, date)];
  }

  /** Counts a booked stay's nights of the range, and their revenue, into the months they fall in. */
  addNights(booking: ReportBooking): void {
    const months = this.byAccommodation.get(booking.accommodation_id);
    if (months === undefined) return;
    const start = booking.checkin > this.from ? booking.checkin : this.from;
    const end = booking.checkout < this.to ? booking.checkout : this.to;
    if (start >= end) return;
    const spread = spreadTotal(booking.revenue, diffDays(booking.checkin, booking.checkout));
    for (let i = monthIndex(this.from, start); i < this.months.length; i++) {
      const month = this.months[i];
      const tally = months[i];
      if (month === undefined || tally === undefined || month.from >= end) break;
      const first = diffDays(booking.checkin, month.from > start ? month.from : start);
      const last = diffDays(booking.checkin, month.to < end ? month.to : end);
      tally.nightsBooked += last - first;
      tally.revenue += revenueOfNights(spread, first, last);
    }
  }
}

function countArrival(tally: Tally, source: string, nights: number): void {
  tally.bookings += 1;
  tally.stayNights += nights;
  tally.stayCount += 1;
  sourceTally(tally, source).bookings += 1;
}

function grouped(months: readonly Tally[], periods: Period[], group: Grouping | null): PeriodTally[] {
  if (group === null) return [];
  return periodsOf(periods, group).map(({ period, members }) => ({
    period,
    tally: sumTallies(members.flatMap((i) => months[i] ?? [])),
  }));
}

export function buildOccupancyReport(input: ReportInput): OccupancyReport {
  const tallies = new MonthTallies(input.from, input.to, input.accommodations);
  const timezones = new Map(input.accommodations.map((a) => [a.id, a.timezone]));

  for (const booking of input.bookings) {
    if (isBooked(booking.status)) tallies.addNights(booking);
    if (!tallies.inRange(booking.checkin)) continue;
    const tally = tallies.at(booking.accommodation_id, booking.checkin);
    if (tally === undefined) continue;
    if (isBooked(booking.status)) {
      countArrival(tally, booking.source, diffDays(booking.checkin, booking.checkout));
      const zone = timezones.get(booking.accommodation_id) ?? 'UTC';
      tally.leadTimeDays += leadTimeDays(booking.booked_at, booking.checkin, zone);
      tally.leadTimeCount += 1;
    } else if (isCancellation(booking)) {
      tally.cancellations += 1;
      sourceTally(tally, booking.source).cancellations += 1;
    }
  }
  for (const stay of input.importedStays) {
    if (!tallies.inRange(stay.start_date)) continue;
    const tally = tallies.at(stay.accommodation_id, stay.start_date);
    if (tally !== undefined) countArrival(tally, stay.source, diffDays(stay.start_date, stay.end_date));
  }
  for (const claims of input.claims) {
    const tally = tallies.at(claims.accommodation_id, `${claims.month}-01`);
    if (tally === undefined) continue;
    if (claims.kind === 'block') tally.nightsBlocked += claims.nights;
    else tally.nightsImported += claims.nights;
  }

  const accommodations = input.accommodations.map((accommodation) => {
    const months = tallies.byAccommodation.get(accommodation.id) ?? [];
    return {
      accommodation,
      tally: sumTallies(months),
      periods: grouped(months, tallies.months, input.group),
    };
  });
  const currencies = [...new Set(input.accommodations.map((a) => a.currency))].sort();
  const totals = currencies.map((currency) => {
    const members = input.accommodations.filter((a) => a.currency === currency);
    const months = tallies.months.map((_, i) =>
      sumTallies(members.flatMap((a) => tallies.byAccommodation.get(a.id)?.[i] ?? [])),
    );
    return { currency, tally: sumTallies(months), periods: grouped(months, tallies.months, input.group) };
  });
  return { from: input.from, to: input.to, group: input.group, accommodations, totals };
}
