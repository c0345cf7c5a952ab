import { realDate } from '../accommodations/night-range.ts';
import { badRequest } from '../http/errors.ts';
import { addDays, diffDays } from '../shared/dates.ts';

/** How many days ahead a list of tasks reaches when no `to` is given: today and the 7 days after. */
export const TASK_DAYS_AHEAD = 7;
/** The longest range of departures one list covers. */
const MAX_TASK_DAYS = 366;

/**
 * The departures [from, to] (both included) a list of tasks covers: from `today` through
 * `TASK_DAYS_AHEAD` days later unless given; real dates (400 `invalid_date`), `to` not before
 * `from` (400 `invalid_range`), at most a year (400 `range_too_long`).
 */
export function taskRange(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const from = query.from === undefined ? today : realDate(query.from, 'from');
  const to = query.to === undefined ? addDays(from, TASK_DAYS_AHEAD) : realDate(query.to, 'to');
  const days = diffDays(from, to);
  if (days < 0)
    throw badRequest('invalid_range', `"to" (${to}) must not be before "from" (${from}).`, {
      parameter: 'to',
      expected: 'date on or after from',
      received: to,
    });
  if (days > MAX_TASK_DAYS)
    throw badRequest('range_too_long', `A list of tasks covers at most ${MAX_TASK_DAYS} days; this one ${days}.`, {
      parameter: 'to',
      expected: `at most ${MAX_TASK_DAYS} days after from`,
      received: to,
    });
  return { from, to };
}
