import { badRequest } from '../http/errors.ts';
import { diffDays, eachDate, parseIsoDate } from '../shared/dates.ts';

/** Date ranges the admin sends for prices and blocks: nights [from, to). */

/** A real calendar day: the schema's pattern lets 2031-02-30 through, this does not. */
export function realDate(value: string, parameter: string): string {
  const date = parseIsoDate(value);
  if (date === null) {
    throw badRequest('invalid_date', `Invalid parameter "${parameter}": ${value} is not a real YYYY-MM-DD date.`, {
      parameter,
      expected: 'YYYY-MM-DD date',
      received: value,
    });
  }
  return date;
}

export const MAX_RANGE_NIGHTS = 731;

export interface NightRange {
  from: string;
  to: string;
  /** Every night of [from, to). */
  nights: readonly string[];
}

/** The nights [from, to) of an admin range, at least one and at most two years' worth. */
export function nightRange(from: string, to: string): NightRange {
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
  if (nights > MAX_RANGE_NIGHTS) {
    throw badRequest(
      'range_too_long',
      `A range may cover at most ${MAX_RANGE_NIGHTS} nights; this one covers ${nights}.`,
      {
        parameter: 'to',
        expected: `at most ${MAX_RANGE_NIGHTS} nights after from`,
        received: end,
      },
    );
  }
  return { from: start, to: end, nights: eachDate(start, end) };
}
