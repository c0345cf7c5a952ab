import { zoneFormatter } from './dates.ts';

/** Wall-clock fields of a DATE-TIME (a feed's DATE-TIME, a message's local send time). */
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

/**
 * Instants already worked out, by zone, date and time: a turnover planning works out the same
 * stays' instants again for each new booking of the home, and each costs four of the formatter's
 * `formatToParts` (docs/benchmarks.md). Forgotten all at once when full.
 */
const knownInstants = new Map<string, number>();
const KNOWN_INSTANTS_MAX = 10_000;

/** The instant of `HH:MM` on `YYYY-MM-DD` in an IANA zone. */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${date} ${time}`;
  let ms = knownInstants.get(key);
  if (ms === undefined) {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    ms = wallTimeToInstant({ year, month, day, hour, minute, second: 0 }, timeZone).getTime();
    if (knownInstants.size >= KNOWN_INSTANTS_MAX) knownInstants.clear();
    knownInstants.set(key, ms);
  }
  return new Date(ms);
}

/** The wall-clock date `YYYY-MM-DD` and time `HH:MM` of an instant in a zone. */
export function wallClockOf(instant: Date, timeZone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const p of zoneFormatter(timeZone, 'dateTime').formatToParts(instant)) parts[p.type] = p.value;
  const hour = parts.hour === '24' ? '00' : (parts.hour ?? '00');
  return {
    date: `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`,
    time: `${hour}:${parts.minute ?? '00'}`,
  };
}
