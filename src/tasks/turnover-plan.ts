import { addDays } from '../shared/dates.ts';
import { localInstant as localInstantIn } from '../shared/zoned-time.ts';

/**
 * The turnover plan of one home (pure): one task after every departure, due from the departing
 * stay's checkout time until the next arrival's check-in time, or, when no one is known to
 * arrive, until the end of the day after the departure; a same-day turnover when the next
 * arrival is on the day of the departure (docs/team-and-tasks.md).
 */

/** Which stay a task follows: a booking or an imported stay. */
export type StayRef = { booking_id: number } | { external_reservation_id: number };

/** A live stay of the home: a confirmed booking or an imported reservation that is not an echo. */
export interface PlannedStay {
  ref: StayRef;
  /** Arrival and departure dates, `YYYY-MM-DD`. */
  start: string;
  end: string;
  /** How many guests come; null when not known (an imported stay). */
  guests: number | null;
}

export interface HomeClock {
  timeZone: string;
  /** `HH:MM`, local to the home. */
  checkinTime: string;
  checkoutTime: string;
}

export interface PlannedTurnover {
  ref: StayRef;
  departure_on: string;
  /** ISO instants. */
  due_from: string;
  due_by: string;
  next_arrival_on: string | null;
  next_guest_count: number | null;
}

/** The instant of a local date and `HH:MM` in a zone, as an ISO string. */
function localInstant(date: string, time: string, timeZone: string): string {
  return localInstantIn(date, time, timeZone).toISOString();
}

/** A stay's key, to tell two stays apart and to find a stay's task again. */
export function refKey(ref: StayRef): string {
  return 'booking_id' in ref ? `booking:${ref.booking_id}` : `external:${ref.external_reservation_id}`;
}

/** The turnovers of the departures among `stays` that fall on or after `from`. */
export function planTurnovers(stays: readonly PlannedStay[], clock: HomeClock, from: string): PlannedTurnover[] {
  const arrivals = [...stays].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const plan: PlannedTurnover[] = [];
  for (const stay of stays) {
    if (stay.end < from) continue;
    const key = refKey(stay.ref);
    const next = arrivals.find((a) => a.start >= stay.end && refKey(a.ref) !== key);
    const dueFrom = localInstant(stay.end, clock.checkoutTime, clock.timeZone);
    const dueBy =
      next === undefined
        ? localInstant(addDays(stay.end, 2), '00:00', clock.timeZone)
        : localInstant(next.start, clock.checkinTime, clock.timeZone);
    plan.push({
      ref: stay.ref,
      departure_on: stay.end,
      due_from: dueFrom,
      // A check-in set earlier in the day than the checkout leaves no time: the task is due at once.
      due_by: dueBy < dueFrom ? dueFrom : dueBy,
      next_arrival_on: next?.start ?? null,
      next_guest_count: next?.guests ?? null,
    });
  }
  return plan.sort((a, b) => (a.due_from < b.due_from ? -1 : a.due_from > b.due_from ? 1 : 0));
}

/** Whether a turnover is a same-day one: someone arrives on the day of the departure. */
export function isSameDay(task: { departure_on: string; next_arrival_on: string | null }): boolean {
  return task.next_arrival_on === task.departure_on;
}
