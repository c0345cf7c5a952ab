import { addDays, compareDates, daysInMonth, firstOfMonth } from '../shared/dates.ts';

export type NightUse = 'stay' | 'block';

export interface MonthSummaryInput {
  year: number;
  month: number;
  today: string;
  /** Taken nights from min(today, first of month) for at least a year: date → what takes it. */
  taken: ReadonlyMap<string, NightUse>;
}

export interface MonthSummary {
  available_nights: number;
  booked_nights: number;
  occupancy_rate: number;
  next_available_date: string | null;
}

/** How far ahead next_available_date looks. */
export const LOOKAHEAD_DAYS = 365;

/**
 * docs/api.md#calendar: booked = nights of the month taken by stays (bookings and imported
 * reservations); available = days − booked − blocked; occupancy = booked / days, 4 decimals;
 * next available = first free night on or after max(today, first of month), within a year.
 */
export function summarizeMonth(input: MonthSummaryInput): MonthSummary {
  const days = daysInMonth(input.year, input.month);
  const first = firstOfMonth(input.year, input.month);
  const end = addDays(first, days);
  // Count from the taken nights (usually few) instead of walking every day of the month;
  // fixed-width dates compare as strings.
  let booked = 0;
  let blocked = 0;
  for (const [night, use] of input.taken) {
    if (night < first || night >= end) continue;
    if (use === 'stay') booked++;
    else blocked++;
  }
  const start = compareDates(input.today, first) > 0 ? input.today : first;
  let next: string | null = null;
  for (let i = 0; i < LOOKAHEAD_DAYS; i++) {
    const night = addDays(start, i);
    if (!input.taken.has(night)) {
      next = night;
      break;
    }
  }
  return {
    available_nights: days - booked - blocked,
    booked_nights: booked,
    occupancy_rate: Math.round((booked / days) * 10000) / 10000,
    next_available_date: next,
  };
}

/** Where the taken-night lookup must start and end to serve both the month and the look-ahead. */
export function summaryWindow(year: number, month: number, today: string): { from: string; to: string } {
  const first = firstOfMonth(year, month);
  const monthEnd = addDays(first, daysInMonth(year, month));
  const start = compareDates(today, first) > 0 ? today : first;
  const lookaheadEnd = addDays(start, LOOKAHEAD_DAYS);
  return {
    from: compareDates(first, start) < 0 ? first : start,
    to: compareDates(monthEnd, lookaheadEnd) > 0 ? monthEnd : lookaheadEnd,
  };
}
