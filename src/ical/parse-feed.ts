import ICAL from 'ical.js';
import { FeedParseError } from './feed-parse-error.ts';
import { addDays, compareDates } from '../shared/dates.ts';
import { classifySummary, type StayKind } from './stay-kind.ts';
import { dateIn, isIanaZone, wallTimeToInstant } from './zoned-time.ts';

/** A stay read from a feed: the nights [start, end) in the accommodation's time zone. */
export interface ImportedStay {
  uid: string;
  summary: string;
  kind: StayKind;
  start: string;
  end: string;
}

export interface ParseOptions {
  /** The accommodation's IANA zone: a DATE-TIME is the night the guest sleeps there. */
  timeZone: string;
  /** Today in that zone; stays that ended before it are ignored. */
  today: string;
  /** How far ahead stays and recurring series are read (default 2 years). */
  horizonDays?: number;
}

export const DEFAULT_HORIZON_DAYS = 730;
/** A runaway RRULE (daily since 1970) must not stall a pull. */
const MAX_OCCURRENCES_PER_SERIES = 5000;
const MAX_SUMMARY = 200;

export { FeedParseError };

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type Event = InstanceType<typeof ICAL.Event>;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The night a feed time falls on in the accommodation's zone. */
function nightOf(time: Time, tzid: string | null, timeZone: string): string {
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

function tzidOf(component: Component, property: string): string | null {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

function summaryOf(event: Event): string {
  const s = typeof event.summary === 'string' ? event.summary.trim() : '';
  return s.slice(0, MAX_SUMMARY);
}

function isCancelled(component: Component): boolean {
  const status = component.getFirstPropertyValue('status');
  return typeof status === 'string' && status.toUpperCase() === 'CANCELLED';
}

interface Window {
  today: string;
  horizonEnd: string;
  timeZone: string;
}

/** Nights of one occurrence, clipped to the horizon; null when wholly past or beyond it. */
function nights(
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

function endOf(component: Component, event: Event): Time | null {
  return component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : null;
}

function expandSeries(
  event: Event,
  component: Component,
  w: Window,
  push: (uid: string, stay: { start: string; end: string }, summary: string) => void,
): void {
  const tzid = tzidOf(component, 'dtstart');
  const endTzid = tzidOf(component, 'dtend');
  const hasEnd = endOf(component, event) !== null;
  const iterator = event.iterator();
  for (let i = 0; i < MAX_OCCURRENCES_PER_SERIES; i += 1) {
    const next = iterator.next();
    if (!next) break;
    // The library's occurrenceDetails typedef does not resolve for the linter; its shape is this.
    const details = event.getOccurrenceDetails(next) as unknown as { item: Event; startDate: Time; endDate: Time };
    const item = details.item;
    if (isCancelled(item.component)) continue;
    const stay = nights(
      details.startDate,
      hasEnd || item !== event ? details.endDate : null,
      tzidOf(item.component, 'dtstart') ?? tzid,
      tzidOf(item.component, 'dtend') ?? endTzid,
      w,
    );
    const occurrenceNight = nightOf(next, tzid, w.timeZone);
    if (compareDates(occurrenceNight, w.horizonEnd) >= 0) break;
    if (stay !== null) push(`${event.uid}/${occurrenceNight}`, stay, summaryOf(item));
  }
}

/**
 * Reads an iCalendar text into stays. Throws FeedParseError for anything that is not a calendar
 * (an HTML login page, garbage); a valid calendar with no events yields no stays.
 *
 * A UID repeated with other nights keeps both (keyed `uid/first-night` after the first): feeds
 * that reuse UIDs exist, and dropping one would free nights that are taken.
 */
export function parseFeed(text: string, options: ParseOptions): ImportedStay[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) throw new FeedParseError('not an iCalendar document');
  let root: Component;
  try {
    const parsed: unknown = ICAL.parse(body);
    root = new ICAL.Component(parsed as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch (error) {
    throw new FeedParseError(`unreadable iCalendar: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (root.name !== 'vcalendar') throw new FeedParseError('not an iCalendar document');
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    const tzid = tz.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !isIanaZone(tzid)) ICAL.TimezoneService.register(tz);
  }

  const w: Window = {
    today: options.today,
    horizonEnd: addDays(options.today, options.horizonDays ?? DEFAULT_HORIZON_DAYS),
    timeZone: options.timeZone,
  };
  const byUid = new Map<string, ImportedStay[]>();
  const push = (uid: string, stay: { start: string; end: string }, summary: string): void => {
    const same = byUid.get(uid);
    const entry: ImportedStay = { uid, summary, kind: classifySummary(summary), ...stay };
    if (same === undefined) {
      byUid.set(uid, [entry]);
    } else if (!same.some((s) => s.start === stay.start && s.end === stay.end)) {
      same.push({ ...entry, uid: `${uid}/${stay.start}` });
    }
  };

  const components = root.getAllSubcomponents('vevent');
  const masters = new Map<string, Event>();
  const exceptions: Component[] = [];
  for (const component of components) {
    if (!component.hasProperty('dtstart')) continue;
    if (component.hasProperty('recurrence-id')) {
      exceptions.push(component);
      continue;
    }
    const event = new ICAL.Event(component);
    if (event.isRecurring() && typeof event.uid === 'string') masters.set(event.uid, event);
  }
  for (const exception of exceptions) {
    const uid = exception.getFirstPropertyValue('uid');
    const master = typeof uid === 'string' ? masters.get(uid) : undefined;
    if (master !== undefined) master.relateException(exception);
  }

  for (const component of components) {
    if (!component.hasProperty('dtstart')) continue;
    const uidValue = component.getFirstPropertyValue('uid');
    const uid = typeof uidValue === 'string' && uidValue.trim() !== '' ? uidValue.trim() : null;
    if (component.hasProperty('recurrence-id')) {
      if (uid !== null && masters.has(uid)) continue; // expanded with its series
    }
    if (isCancelled(component)) continue;
    const master = uid !== null ? masters.get(uid) : undefined;
    if (master !== undefined && master.component === component) {
      expandSeries(master, component, w, push);
      continue;
    }
    const event = new ICAL.Event(component);
    if (event.isRecurring()) {
      expandSeries(event, component, w, push);
      continue;
    }
    const stay = nights(
      event.startDate,
      endOf(component, event),
      tzidOf(component, 'dtstart'),
      tzidOf(component, 'dtend'),
      w,
    );
    if (stay === null) continue;
    const recurrence = component.hasProperty('recurrence-id')
      ? `/${nightOf(event.recurrenceId, tzidOf(component, 'recurrence-id'), w.timeZone)}`
      : '';
    // An event without a UID still gets a stable key: its nights.
    push(uid !== null ? `${uid}${recurrence}` : `nouid/${stay.start}/${stay.end}`, stay, summaryOf(event));
  }

  return [...byUid.values()]
    .flat()
    .sort((a, b) => compareDates(a.start, b.start) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}
