import { todayIn, zoneFormatter } from './dates.ts';

/** Wall-clock fields of a DATE-TIME as written in a feed. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Milliseconds that `timeZone` is ahead of UTC at `instantMs`. */
function offsetAt(timeZone: string, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(timeZone, 'dateTime').formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a wall-clock time in an IANA zone denotes. Two passes settle the offset across a
 * daylight-saving change; a time inside a spring-forward gap lands on the later offset.
 */
export function wallTimeToInstant(t: WallTime, timeZone: string): Date {
  const guess = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const first = guess - offsetAt(timeZone, guess);
  const second = guess - offsetAt(timeZone, first);
  return new Date(second);
}

/** The calendar date of an instant in a zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return todayIn(timeZone, instant);
}

export function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
