// Calendar dates are plain `YYYY-MM-DD` strings throughout Staydesk: a night is named by its date,
// and a date has no time zone. All arithmetic goes through "epoch days" (days since 1970-01-01),
// computed without Date, so the server's local time zone can never shift a date by one.

// Nobody books a holiday before 1900, so the supported range is 1900..9999 (four digits, which
// keeps string order == date order).
const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

// Dates are parsed and formatted by hand and converted with the proleptic Gregorian
// days-from-civil algorithm (H. Hinnant, "chrono-compatible low-level date algorithms"):
// the hot paths walk every night of a stay or a month, and building a Date and matching a
// regular expression per night cost more than the rest of the request's date work together.
const CODE_0 = 48;
const CODE_DASH = 45;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const PAD2 = Array.from({ length: 32 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function monthLength(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

function format(year: number, month: number, day: number): string {
  // Years are 1900..9999 here, always four digits.
  return `${year}-${PAD2[month] ?? ''}-${PAD2[day] ?? ''}`;
}

function checkYearMonth(year: number, month: number): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`year must be an integer in ${MIN_YEAR}..${MAX_YEAR}, got ${year}`);
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be an integer in 1..12, got ${month}`);
  }
}

/** The value of `count` ASCII digits of `s` from `at`, or -1 if any is not a digit. */
function digits(s: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const d = s.charCodeAt(i) - CODE_0;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/** Days since 1970-01-01 of a valid `YYYY-MM-DD`, or NaN if it is not one. */
function epochDayOf(s: string): number {
  if (s.length !== 10 || s.charCodeAt(4) !== CODE_DASH || s.charCodeAt(7) !== CODE_DASH) return Number.NaN;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return Number.NaN;
  return daysFromCivil(year, month, day);
}

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * The day number (days since 1970-01-01) of `s` when it is exactly `YYYY-MM-DD` and a real
 * calendar day, else NaN: parseIsoDate and diffDays in one reading.
 */
export function isoDayNumber(s: unknown): number {
  return typeof s === 'string' ? epochDayOf(s) : Number.NaN;
}

/** Strict parse: exactly `YYYY-MM-DD` and a real calendar day, else null. */
export function parseIsoDate(s: unknown): string | null {
  return typeof s === 'string' && !Number.isNaN(epochDayOf(s)) ? s : null;
}

// Internal functions below take dates the caller already validated; a bad one is a programming
// error, so it throws instead of quietly producing a wrong date.
function toEpochDay(date: string): number {
  const epochDay = epochDayOf(date);
  if (Number.isNaN(epochDay)) throw new RangeError(`not a valid YYYY-MM-DD date: ${date}`);
  return epochDay;
}

function fromEpochDay(epochDay: number): string {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`date out of the supported range ${MIN_YEAR}..${MAX_YEAR}`);
  }
  return format(year, month, day);
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
  return monthLength(year, month);
}

export function firstOfMonth(year: number, month: number): string {
  checkYearMonth(year, month);
  return format(year, month, 1);
}

/** Every date from `from` (inclusive) to `to` (exclusive): the nights of a stay. Empty if to <= from. */
export function eachDate(from: string, to: string): string[] {
  const count = toEpochDay(to) - toEpochDay(from);
  const out: string[] = [];
  if (count <= 0) return out;
  // Step day by day from the parsed start, rolling months and years over by hand.
  let year = digits(from, 0, 4);
  let month = digits(from, 5, 2);
  let day = digits(from, 8, 2);
  let length = monthLength(year, month);
  for (let i = 0; i < count; i++) {
    out.push(format(year, month, day));
    if (++day > length) {
      day = 1;
      if (++month > 12) {
        month = 1;
        year++;
      }
      length = monthLength(year, month);
    }
  }
  return out;
}

/** -1, 0 or 1. The fixed-width format makes string order the same as date order. */
export function compareDates(a: string, b: string): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

// One formatter per zone and shape: building Intl.DateTimeFormat is slow and todayIn runs per request.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for `timeZone`: `date` gives year, month and day; `dateTime` adds the 24-hour time. */
export function zoneFormatter(timeZone: string, shape: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`;
  let f = formatters.get(key);
  if (f === undefined) {
    // Gregorian calendar and latin digits are forced so the parts are always plain numbers.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
      ...(shape === 'dateTime' ? { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * The canonical spelling Intl uses for a zone (`utc` → `UTC`, `europe/paris` → `Europe/Paris`), or
 * null for a name Intl does not know; UTC offsets like `+01:00` are refused.
 */
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
  for (const part of zoneFormatter(timeZone, 'date').formatToParts(now)) {
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

let lastIsoMs = Number.NaN;
let lastIso = '';

/**
 * `at.toISOString()`, kept for the last millisecond asked: requests that arrive together read
 * the same clock millisecond, and V8 formats an ISO string through printf.
 */
export function isoInstant(at: Date): string {
  const ms = at.getTime();
  if (ms !== lastIsoMs) {
    lastIso = at.toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}
