import ICAL from 'ical.js';
import { FeedParseError } from './feed-parse-error.ts';
import { addDays, compareDates } from '../shared/dates.ts';
import {
  endOf,
  isCancelled,
  nightOf,
  nights,
  summaryOf,
  tzidOf,
  uidOf,
  type Component,
  type Window,
} from './event-nights.ts';
import { expandSeries, type Budget } from './expand-series.ts';
import { classifySummary, type StayKind } from './stay-kind.ts';
import { isIanaZone } from './zoned-time.ts';

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

export { FeedParseError };

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
        `the calendar has more than ${limits.stays} stays from today to the horizon; ` +
          `at most ${limits.stays} are read from one feed`,
      );
    if (stayNights > limits.nights)
      throw new FeedParseError(
        `the calendar's stays hold more than ${limits.nights} nights ` +
          'from today to the horizon, counting overlaps; ' +
          `at most ${limits.nights} are read from one feed`,
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

/** @internal The stays of an iCalendar text (readFeed without the event count), for tests and the bench. */
export function parseFeed(text: string, options: ParseOptions): ImportedStay[] {
  return readFeed(text, options).stays;
}
