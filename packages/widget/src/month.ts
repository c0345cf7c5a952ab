/**
 * The calendar arithmetic of the month view, on `YYYY-MM-DD` strings (UTC days, no time zone):
 * pure functions, no DOM.
 */

const DAY_MS = 86_400_000;

export const toDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
export const isoOf = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (iso: string, days: number): string => isoOf(new Date(toDate(iso).getTime() + days * DAY_MS));
export const nightsBetween = (from: string, to: string): number =>
  Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);

/** Today on the visitor's clock, as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `YYYY-MM` of a day. */
export const monthOf = (iso: string): string => iso.slice(0, 7);

export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return isoOf(new Date(Date.UTC(y, m - 1 + count, 1))).slice(0, 7);
}

/** The first day of the week in a language (1 = Monday … 7 = Sunday), Monday when the browser cannot say. */
export function firstDayOfWeek(lang: string): number {
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/**
 * The weeks of a month as rows of seven cells, each a day of the month or null (padding), the
 * first column being `firstDay` (1 = Monday … 7 = Sunday).
 */
export function monthWeeks(month: string, firstDay: number): (string | null)[][] {
  const first = toDate(`${month}-01`);
  const weekday = first.getUTCDay() === 0 ? 7 : first.getUTCDay();
  const lead = (weekday - firstDay + 7) % 7;
  const days = nightsBetween(`${month}-01`, `${addMonths(month, 1)}-01`);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < days; d++) cells.push(addDays(`${month}-01`, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Whether every night of `[from, to)` is free; `isTaken` answers for one night. */
export function rangeIsFree(from: string, to: string, isTaken: (night: string) => boolean): boolean {
  for (let d = from; d < to; d = addDays(d, 1)) if (isTaken(d)) return false;
  return true;
}

export interface Selection {
  checkin: string | null;
  checkout: string | null;
}

export type Pick =
  | { kind: 'checkin'; selection: Selection }
  | { kind: 'checkout'; selection: Selection }
  | { kind: 'refused'; why: 'past' | 'taken' | 'blocked_range' };

/**
 * What choosing a day does: the first choice is the arrival (its night must be free and not
 * past); the next, when later, is the departure (every night between must be free; the
 * departure day's own night may be taken); an earlier day, or any day once both are chosen,
 * starts again.
 */
export function pickDay(current: Selection, day: string, today: string, isTaken: (night: string) => boolean): Pick {
  const startAgain = (): Pick => {
    if (day < today) return { kind: 'refused', why: 'past' };
    if (isTaken(day)) return { kind: 'refused', why: 'taken' };
    return { kind: 'checkin', selection: { checkin: day, checkout: null } };
  };
  if (current.checkin === null || current.checkout !== null || day <= current.checkin) return startAgain();
  if (!rangeIsFree(current.checkin, day, isTaken)) return { kind: 'refused', why: 'blocked_range' };
  return { kind: 'checkout', selection: { checkin: current.checkin, checkout: day } };
}

/** `day`, or `earliest` when `day` comes before it. */
export const notBefore = (day: string, earliest: string): string => (day < earliest ? earliest : day);

/** Where a key moves the focused day, or null when the key is not a move. */
export function moveBy(key: string, day: string, firstDay: number): string | null {
  const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() || 7) - firstDay + 7) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
    case 'PageDown':
      return sameDayIn(day, key === 'PageUp' ? -1 : 1);
    default:
      return null;
  }
}

/** The same day of another month, or that month's last day when it is shorter. */
function sameDayIn(day: string, months: number): string {
  const month = addMonths(monthOf(day), months);
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const wanted = `${month}-${day.slice(8)}`;
  return wanted > last ? last : wanted;
}
