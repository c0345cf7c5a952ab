import { firstOfMonth } from '../shared/dates.ts';

/**
 * The periods a report is broken into (docs/api.md#admin-reports): the months or the years of its
 * range, the first and the last cut to the range. Pure.
 */

export const GROUPINGS = ['month', 'year'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** Nights [from, to) of one period; `key` is `YYYY-MM` for a month, `YYYY` for a year. */
export interface Period {
  key: string;
  from: string;
  to: string;
}

function nextMonth(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1);
}

/** The months of [from, to), in order, each cut to the range. Empty when to <= from. */
export function monthsOf(from: string, to: string): Period[] {
  const months: Period[] = [];
  for (let start = from; start < to;) {
    // The last month ends at `to` (asking for the month after 9999-12 would throw).
    const end = start.slice(0, 7) === to.slice(0, 7) ? to : nextMonth(start);
    months.push({ key: start.slice(0, 7), from: start, to: end });
    start = end;
  }
  return months;
}

/**
 * The periods of a grouping made of consecutive months: each month, or each year's months
 * together. `members[i]` lists the indexes in `months` of period i's months.
 */
export function periodsOf(months: readonly Period[], grouping: Grouping): { period: Period; members: number[] }[] {
  if (grouping === 'month') return months.map((period, i) => ({ period, members: [i] }));
  const years: { period: Period; members: number[] }[] = [];
  months.forEach((month, i) => {
    const key = month.key.slice(0, 4);
    const last = years.at(-1);
    if (last !== undefined && last.period.key === key) {
      last.period.to = month.to;
      last.members.push(i);
    } else {
      years.push({ period: { key, from: month.from, to: month.to }, members: [i] });
    }
  });
  return years;
}

/** Index in monthsOf(from, …) of the month holding `date` (which is on or after from). */
export function monthIndex(from: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(from.slice(0, 4));
  return years * 12 + Number(date.slice(5, 7)) - Number(from.slice(5, 7));
}
