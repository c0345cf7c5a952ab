import ICAL from 'ical.js';
import { FeedParseError } from './feed-parse-error.ts';
import { addDays, compareDates } from '../shared/dates.ts';
import {
  endOf,
  isCancelled,
  nightOf,
  nights,
  pad,
  summaryOf,
  tzidOf,
  type Component,
  type Event,
  type Recur,
  type Time,
  type Window,
} from './event-nights.ts';
import type { FeedLimits } from './parse-feed.ts';

/** The occurrences of a recurring event (RRULE, RDATE, EXDATE, moved occurrences) in the import window. */

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

export interface Budget {
  limits: FeedLimits;
  occurrences: number;
}

export function expandSeries(
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
      `the calendar's recurring events have more than ${budget.limits.occurrences} occurrences up to the horizon; ` +
        `at most ${budget.limits.occurrences} are read from one feed`,
    );
}
