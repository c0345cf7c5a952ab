import { realDate } from '../accommodations/night-range.ts';
import { badRequest } from '../http/errors.ts';
import { diffDays } from '../shared/dates.ts';

/** Five years of nights, leap days included: the longest range a report covers. */
export const MAX_REPORT_NIGHTS = 5 * 365 + 2;

/**
 * The nights [from, to) of a report: real dates (400 `invalid_date`), `to` after `from` (400
 * `invalid_range`), at most five years (400 `range_too_long`).
 */
export function reportRange(from: string, to: string): { from: string; to: string } {
  const start = realDate(from, 'from');
  const end = realDate(to, 'to');
  const nights = diffDays(start, end);
  if (nights <= 0) {
    throw badRequest('invalid_range', `"to" (${end}) must be later than "from" (${start}).`, {
      parameter: 'to',
      expected: 'date after from',
      received: end,
    });
  }
  if (nights > MAX_REPORT_NIGHTS) {
    throw badRequest(
      'range_too_long',
      `A report covers at most ${MAX_REPORT_NIGHTS} nights (five years); this range covers ${nights}.`,
      { parameter: 'to', expected: `at most ${MAX_REPORT_NIGHTS} nights after from`, received: end },
    );
  }
  return { from: start, to: end };
}
