import ICAL from 'ical.js';
import { addDays, compareDates } from '../shared/dates.ts';
import { wallTimeToInstant } from '../shared/zoned-time.ts';
import { dateIn, isIanaZone } from './zoned-time.ts';

/** What an event of a feed says about nights: its times read in the accommodation's zone. */

const MAX_SUMMARY = 200;

export type Time = InstanceType<typeof ICAL.Time>;
export type Component = InstanceType<typeof ICAL.Component>;
export type Event = InstanceType<typeof ICAL.Event>;
export type Recur = InstanceType<typeof ICAL.Recur>;

export function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The night a feed time falls on in the accommodation's zone. */
export function nightOf(time: Time, tzid: string | null, timeZone: string): string {
  const wall = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return wall;
  if (time.zone?.tzid === 'UTC') return dateIn(time.toJSDate(), timeZone);
  if (tzid !== null && isIanaZone(tzid)) {
    return dateIn(
      wallTimeToInstant(
        {
          year: time.year,
          month: time.month,
          day: time.day,
          hour: time.hour,
          minute: time.minute,
          second: time.second,
        },
        tzid,
      ),
      timeZone,
    );
  }
  // A zone the feed defines itself in a VTIMEZONE (e.g. a Windows zone name).
  if (time.zone !== undefined && time.zone.tzid !== 'floating' && time.zone.component !== null)
    return dateIn(time.toJSDate(), timeZone);
  // Floating time: already the accommodation's local time.
  return wall;
}

export function tzidOf(component: Component, property: string): string | null {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

export function summaryOf(event: Event): string {
  const s = typeof event.summary === 'string' ? event.summary.trim() : '';
  return s.slice(0, MAX_SUMMARY);
}

export function isCancelled(component: Component): boolean {
  const status = component.getFirstPropertyValue('status');
  return typeof status === 'string' && status.toUpperCase() === 'CANCELLED';
}

export function uidOf(component: Component): string | null {
  const value = component.getFirstPropertyValue('uid');
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export interface Window {
  today: string;
  horizonEnd: string;
  timeZone: string;
}

/** Nights of one occurrence, clipped to the horizon; null when wholly past or beyond it. */
export function nights(
  start: Time,
  end: Time | null,
  tzid: string | null,
  endTzid: string | null,
  w: Window,
): { start: string; end: string } | null {
  const first = nightOf(start, tzid, w.timeZone);
  let last = end === null ? first : nightOf(end, endTzid ?? tzid, w.timeZone);
  // No DTEND, or an end on the same night: one night.
  if (compareDates(last, first) <= 0) last = addDays(first, 1);
  if (compareDates(last, w.today) <= 0) return null;
  if (compareDates(first, w.horizonEnd) >= 0) return null;
  if (compareDates(last, w.horizonEnd) > 0) last = w.horizonEnd;
  return { start: first, end: last };
}

export function endOf(component: Component, event: Event): Time | null {
  return component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : null;
}
