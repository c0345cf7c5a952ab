// Calendar dates are plain `YYYY-MM-DD` strings throughout Staydesk: a night is named by its date,
// and a date has no time zone. All arithmetic goes through "epoch days" (days since 1970-01-01,
// computed with Date.UTC) so the server's local time zone can never shift a date by one.

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

// Date.UTC maps years 0..99 to 1900..1999, and nobody books a holiday before 1900, so the
// supported range is 1900..9999 (four digits, which keeps string order == date order).
const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function format(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function checkYearMonth(year: number, month: number): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`year must be an integer in ${MIN_YEAR}..${MAX_YEAR}, got ${year}`);
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be an integer in 1..12, got ${month}`);
  }
}

/** Strict parse: exactly `YYYY-MM-DD` and a real calendar day, else null. */
export function parseIsoDate(s: unknown): string | null {
  if (typeof s !== 'string') return null;
  const m = ISO_DATE.exec(s);
  if (m === null) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return s;
}

// Internal functions below take dates the caller already validated; a bad one is a programming
// error, so it throws instead of quietly producing a wrong date.
function toEpochDay(date: string): number {
  if (parseIsoDate(date) === null) throw new RangeError(`not a valid YYYY-MM-DD date: ${date}`);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

function fromEpochDay(epochDay: number): string {
  const d = new Date(epochDay * MS_PER_DAY);
  const year = d.getUTCFullYear();
  if (Number.isNaN(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`date out of the supported range ${MIN_YEAR}..${MAX_YEAR}`);
  }
  return format(year, d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`day count must be an integer, got ${n}`);
  return fromEpochDay(toEpochDay(date) + n);
}

/** Number of days from `from` to `to` (to − from); negative when `to` is earlier. */
export function diffDays(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** month is 1..12. */
export function daysInMonth(year: number, month: number): number {
  checkYearMonth(year, month);
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function firstOfMonth(year: number, month: number): string {
  checkYearMonth(year, month);
  return format(year, month, 1);
}

/** Every date from `from` (inclusive) to `to` (exclusive): the nights of a stay. Empty if to <= from. */
export function eachDate(from: string, to: string): string[] {
  const start = toEpochDay(from);
  const end = toEpochDay(to);
  const out: string[] = [];
  for (let d = start; d < end; d++) out.push(fromEpochDay(d));
  return out;
}

/** -1, 0 or 1. The fixed-width format makes string order the same as date order. */
export function compareDates(a: string, b: string): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

// One formatter per zone: building Intl.DateTimeFormat is slow and todayIn runs per request.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    // Gregorian calendar and latin digits are forced so the parts are always plain numbers.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a time zone name Intl knows (IANA names and aliases such as `UTC`); UTC offsets like `+01:00` are refused. */
export function isValidTimeZone(tz: string): boolean {
  return canonicalTimeZone(tz) !== null;
}

/** The canonical spelling Intl uses for a zone (`utc` → `UTC`, `europe/paris` → `Europe/Paris`), or null if invalid. */
export function canonicalTimeZone(tz: string): string | null {
  // Intl accepts bare offsets since ES2024, but they are not IANA zones and ignore DST.
  if (typeof tz !== 'string' || tz === '' || /^[+-]/.test(tz)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

// Every zone in use today is offset from UTC by whole minutes, so the date in a zone cannot
// change within a UTC minute: one Intl call per zone per minute serves every request.
const todayCache = new Map<string, { minute: number; date: string }>();

/** The calendar date it is in `timeZone` at instant `now`. Throws RangeError for an unknown zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = todayCache.get(timeZone);
  if (cached !== undefined && cached.minute === minute) return cached.date;
  const date = computeTodayIn(timeZone, now);
  if (todayCache.size > 1000) todayCache.clear();
  todayCache.set(timeZone, { minute, date });
  return date;
}

function computeTodayIn(timeZone: string, now: Date): string {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return format(year, month, day);
}

export function currentYearMonthIn(timeZone: string, now: Date = new Date()): { year: number; month: number } {
  const today = todayIn(timeZone, now);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** `HH:MM`, 00:00 to 23:59 (check-in/check-out times). */
export function isValidTime(s: unknown): s is string {
  return typeof s === 'string' && HH_MM.test(s);
}
