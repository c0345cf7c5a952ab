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

/** What one feed may cost to read: over any of them the whole feed is refused (its stays kept). */
export interface FeedLimits {
  /** Occurrences of recurring series (RRULE steps and RDATEs), over all series of the feed. */
  occurrences: number;
  /** Stays from today to the horizon. */
  stays: number;
  /** Nights of those stays, added up (overlapping stays count each). */
  nights: number;
}

export const FEED_LIMITS: FeedLimits = { occurrences: 50_000, stays: 5_000, nights: 20_000 };

export interface ParseOptions {
  /** The accommodation's IANA zone: a DATE-TIME is the night the guest sleeps there. */
  timeZone: string;
  /** Today in that zone; stays that ended before it are ignored. */
  today: string;
  /** How far ahead stays and recurring series are read (default 2 years). */
  horizonDays?: number;
  limits?: Partial<FeedLimits>;
  /**
   * False expands every series from its first occurrence instead of from just before today
   * (tests compare both).
   */
  fastForward?: boolean;
}

/** A calendar read: its stays, and how many events it had at all (an empty calendar has none). */
export interface ReadFeed {
  stays: ImportedStay[];
  events: number;
}

export const DEFAULT_HORIZON_DAYS = 730;
const MAX_SUMMARY = 200;

export { FeedParseError };

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type Event = InstanceType<typeof ICAL.Event>;
type Recur = InstanceType<typeof ICAL.Recur>;

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

function uidOf(component: Component): string | null {
  const value = component.getFirstPropertyValue('uid');
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
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

/** Seconds of one step of a rule whose occurrences repeat with that step; null for months and years. */
const STEP_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};

function wallSeconds(t: { year: number; month: number; day: number; hour: number; minute: number; second: number }) {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) / 1000;
}

/**
 * Where to start expanding a series so that only the import window is walked, whatever the
 * series start (a daily block since 2010 is not 6,000 steps before it reaches today). Shifting
 * the start by whole steps of the rule (interval × frequency, as wall-clock time, the way the
 * rule iterator counts) leaves every later occurrence where it was, for rules by second, minute,
 * hour, day and week: their BY parts only filter or expand inside one step. The new start itself
 * may not be an occurrence (a weekly rule by day from a Tuesday), so the expansion starts one
 * step earlier still, before the window, where the window's filter drops whatever it yields.
 * Not for COUNT (it counts from the first occurrence), months and years (their lengths vary;
 * they are few anyway), or several RRULEs. Null: expand from the start.
 */
function fastForwardStart(component: Component, start: Time, notBefore: string): Time | null {
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1) return null;
  const rule = rules[0]?.getFirstValue() as Recur | undefined;
  if (rule === undefined || rule.count !== null) return null;
  const unit = STEP_SECONDS[rule.freq];
  if (unit === undefined || (start.isDate && unit < 86_400)) return null;
  const step = unit * Math.max(1, rule.interval);
  const [year, month, day] = notBefore.split('-').map(Number);
  const target = wallSeconds({ year: year ?? 1970, month: month ?? 1, day: day ?? 1, hour: 0, minute: 0, second: 0 });
  const steps = Math.floor((target - wallSeconds(start)) / step) - 1;
  if (steps < 1) return null;
  const seconds = steps * step;
  const anchor = start.clone();
  anchor.adjust(Math.floor(seconds / 86_400), 0, 0, seconds % 86_400);
  return anchor;
}

interface Budget {
  limits: FeedLimits;
  occurrences: number;
}

function expandSeries(
  event: Event,
  component: Component,
  w: Window,
  budget: Budget,
  fastForward: boolean,
  push: (uid: string, stay: { start: string; end: string }, summary: string) => void,
): void {
  const tzid = tzidOf(component, 'dtstart');
  const endTzid = tzidOf(component, 'dtend');
  const hasEnd = endOf(component, event) !== null;
  const start = event.startDate;
  // An occurrence that began before today may still hold tonight: start the walk its length
  // (and two days for time zones) before today.
  const lengthDays = hasEnd ? Math.max(0, Math.ceil(event.duration.toSeconds() / 86_400)) : 0;
  const walkFrom = addDays(w.today, -lengthDays - 2);
  const walkTo = addDays(w.horizonEnd, 2);
  const anchor = fastForward ? fastForwardStart(component, start, walkFrom) : null;
  const iterator = event.iterator(anchor ?? undefined);
  const seen = new Set<string>();
  for (;;) {
    spend(budget);
    const next = iterator.next();
    if (!next) break;
    // The walk's own start is yielded whether or not the series has an occurrence there.
    if (anchor !== null && next.compare(anchor) === 0 && !isOccurrence(event, component, anchor, budget)) continue;
    seen.add(next.toString());
    // Far from the window by its wall-clock date (whatever the zones), an occurrence holds no
    // night of it, unless an exception moves it.
    const wallDay = `${pad(next.year, 4)}-${pad(next.month)}-${pad(next.day)}`;
    if (compareDates(wallDay, walkTo) > 0) break;
    if (compareDates(wallDay, walkFrom) < 0 && !mayMove(event, next)) continue;
    // The library's occurrenceDetails typedef does not resolve for the linter; its shape is this.
    const details = event.getOccurrenceDetails(next) as unknown as { item: Event; startDate: Time; endDate: Time };
    const item = details.item;
    const occurrenceNight = nightOf(next, tzid, w.timeZone);
    if (compareDates(occurrenceNight, w.horizonEnd) >= 0) break;
    if (isCancelled(item.component)) continue;
    const stay = nights(
      details.startDate,
      hasEnd || item !== event ? details.endDate : null,
      tzidOf(item.component, 'dtstart') ?? tzid,
      tzidOf(item.component, 'dtend') ?? endTzid,
      w,
    );
    if (stay !== null) push(`${event.uid}/${occurrenceNight}`, stay, summaryOf(item));
  }
  if (anchor === null) return;
  // An occurrence from before where the walk began, moved into the window: its own dates count,
  // if it is an occurrence of the series at all.
  for (const exception of Object.values(event.exceptions)) {
    const id = exception.recurrenceId;
    if (seen.has(id.toString()) || id.compare(anchor) >= 0 || isCancelled(exception.component)) continue;
    const stay = nights(
      exception.startDate,
      endOf(exception.component, exception),
      tzidOf(exception.component, 'dtstart') ?? tzid,
      tzidOf(exception.component, 'dtend') ?? endTzid,
      w,
    );
    if (stay === null || !isOccurrence(event, component, id, budget)) continue;
    const occurrenceNight = nightOf(id, tzidOf(exception.component, 'recurrence-id'), w.timeZone);
    push(`${event.uid}/${occurrenceNight}`, stay, summaryOf(exception));
  }
}

/** Whether an exception of the series may give this occurrence other dates. */
function mayMove(event: Event, occurrence: Time): boolean {
  return (
    event.rangeExceptions.length > 0 ||
    occurrence.toString() in event.exceptions ||
    occurrence.convertToZone(ICAL.Timezone.utcTimezone).toString() in event.exceptions
  );
}

/** Whether the series has an occurrence at `id`: a short walk from a step or two before it. */
function isOccurrence(event: Event, component: Component, id: Time, budget: Budget): boolean {
  const from = fastForwardStart(component, event.startDate, `${pad(id.year, 4)}-${pad(id.month)}-${pad(id.day)}`);
  const iterator = event.iterator(from ?? undefined);
  for (;;) {
    spend(budget);
    const next = iterator.next();
    if (!next) return false;
    const order = next.compare(id);
    if (order === 0) return true;
    if (order > 0) return false;
  }
}

function spend(budget: Budget): void {
  budget.occurrences += 1;
  if (budget.occurrences > budget.limits.occurrences)
    throw new FeedParseError(
      `the calendar's recurring events have more than ${budget.limits.occurrences} occurrences up to the horizon; at most ${budget.limits.occurrences} are read from one feed`,
    );
}

/** The number of the first line (after unfolding) that is not `NAME[;PARAMS]:VALUE`, for an error message. */
function firstBadLine(body: string): number | null {
  const lines = body.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const index = lines.findIndex((line) => line !== '' && !/^[A-Za-z0-9-]+[;:]/.test(line));
  return index === -1 ? null : index + 1;
}

/**
 * Reads an iCalendar text into stays, linear in its size: it is parsed once, and each event is
 * built once with its own exceptions (ical.js, given none, scans every other event of the
 * calendar for each one). Throws FeedParseError for anything that is not a calendar (an HTML
 * login page, garbage) and for a calendar over the limits; its message never quotes the feed,
 * which carries guest names and phone numbers. A valid calendar with no events yields no stays.
 *
 * A UID repeated with other nights keeps both (keyed `uid/first-night` after the first): feeds
 * that reuse UIDs exist, and dropping one would free nights that are taken.
 */
export function readFeed(text: string, options: ParseOptions): ReadFeed {
  // CR-only line ends (old Mac exports) are read like CRLF.
  const body = text.replace(/^\uFEFF/, '').replace(/\r(?!\n)/g, '\r\n');
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) throw new FeedParseError('not an iCalendar document');
  let root: Component;
  try {
    const parsed: unknown = ICAL.parse(body);
    root = new ICAL.Component(parsed as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch {
    const line = firstBadLine(body);
    throw new FeedParseError(`unreadable iCalendar${line === null ? '' : `: line ${line} is not a property`}`);
  }
  if (root.name !== 'vcalendar') throw new FeedParseError('not an iCalendar document');
  const limits: FeedLimits = { ...FEED_LIMITS, ...options.limits };
  const w: Window = {
    today: options.today,
    horizonEnd: addDays(options.today, options.horizonDays ?? DEFAULT_HORIZON_DAYS),
    timeZone: options.timeZone,
  };
  const byUid = new Map<string, ImportedStay[]>();
  let stays = 0;
  let stayNights = 0;
  const push = (uid: string, stay: { start: string; end: string }, summary: string): void => {
    const same = byUid.get(uid);
    if (same?.some((s) => s.start === stay.start && s.end === stay.end)) return;
    const entry: ImportedStay = { uid, summary, kind: classifySummary(summary), ...stay };
    if (same === undefined) byUid.set(uid, [entry]);
    else same.push({ ...entry, uid: `${uid}/${stay.start}` });
    stays += 1;
    stayNights += (Date.parse(stay.end) - Date.parse(stay.start)) / 86_400_000;
    if (stays > limits.stays)
      throw new FeedParseError(
        `the calendar has more than ${limits.stays} stays from today to the horizon; at most ${limits.stays} are read from one feed`,
      );
    if (stayNights > limits.nights)
      throw new FeedParseError(
        `the calendar's stays hold more than ${limits.nights} nights from today to the horizon, counting overlaps; at most ${limits.nights} are read from one feed`,
      );
  };

  const components = root.getAllSubcomponents('vevent');
  // Zones the feed defines itself (e.g. Windows zone names), for this feed only.
  const ownZones: string[] = [];
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    const tzid = tz.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !isIanaZone(tzid)) {
      ICAL.TimezoneService.register(tz);
      ownZones.push(tzid);
    }
  }
  try {
    return readEvents(components, options, w, limits, push, () =>
      [...byUid.values()]
        .flat()
        .sort((a, b) => compareDates(a.start, b.start) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)),
    );
  } finally {
    for (const tzid of ownZones) ICAL.TimezoneService.remove(tzid);
  }
}

function readEvents(
  components: Component[],
  options: ParseOptions,
  w: Window,
  limits: FeedLimits,
  push: (uid: string, stay: { start: string; end: string }, summary: string) => void,
  result: () => ImportedStay[],
): ReadFeed {
  // Exceptions (RECURRENCE-ID) grouped by UID, so each series is built once with its own.
  const exceptions = new Map<string, Component[]>();
  for (const component of components) {
    if (!component.hasProperty('recurrence-id')) continue;
    const uid = uidOf(component);
    if (uid === null) continue;
    const list = exceptions.get(uid);
    if (list === undefined) exceptions.set(uid, [component]);
    else list.push(component);
  }
  const masters = new Set<string>();
  for (const component of components) {
    if (component.hasProperty('recurrence-id') || !component.hasProperty('dtstart')) continue;
    const uid = uidOf(component);
    if (uid !== null && (component.hasProperty('rrule') || component.hasProperty('rdate'))) masters.add(uid);
  }

  const budget: Budget = { limits, occurrences: 0 };
  const fastForward = options.fastForward ?? true;
  for (const [index, component] of components.entries()) {
    if (!component.hasProperty('dtstart')) continue;
    const uid = uidOf(component);
    const isException = component.hasProperty('recurrence-id');
    // Expanded with its series.
    if (isException && uid !== null && masters.has(uid)) continue;
    if (isCancelled(component)) continue;
    try {
      const event = new ICAL.Event(component, {
        exceptions: !isException && uid !== null ? (exceptions.get(uid) ?? []) : [],
      });
      if (event.isRecurring()) {
        expandSeries(event, component, w, budget, fastForward, push);
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
      const recurrence = isException
        ? `/${nightOf(event.recurrenceId, tzidOf(component, 'recurrence-id'), w.timeZone)}`
        : '';
      // An event without a UID still gets a stable key: its nights.
      push(uid !== null ? `${uid}${recurrence}` : `nouid/${stay.start}/${stay.end}`, stay, summaryOf(event));
    } catch (error) {
      if (error instanceof FeedParseError) throw error;
      throw new FeedParseError(`unreadable iCalendar: event ${index + 1} has a date or rule that cannot be read`);
    }
  }

  return { stays: result(), events: components.length };
}

/** The stays of an iCalendar text (readFeed without the event count). */
export function parseFeed(text: string, options: ParseOptions): ImportedStay[] {
  return readFeed(text, options).stays;
}
