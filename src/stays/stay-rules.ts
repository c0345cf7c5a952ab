// Stay validation from docs/api.md#stay-rules, as a pure function: the caller supplies "today" in
// the accommodation's time zone (todayIn) so this stays deterministic and testable. The result
// maps directly onto a 400's `details` {parameter, expected, received, reason}.

import { isoDayNumber } from '../shared/dates.ts';

export interface StayRules {
  minStay: number;
  maxStay: number;
  maxGuests: number;
}

export interface StayRequest {
  checkin: unknown;
  checkout: unknown;
  guests: number;
  today: string; // todayIn(accommodation timezone)
}

export type StayViolation = {
  reason: 'invalid_date' | 'invalid_range' | 'past_date' | 'min_stay' | 'max_stay' | 'max_guests';
  parameter: string;
  expected: string;
  received: unknown;
  message: string;
};

export type StayCheckResult =
  { ok: true; checkin: string; checkout: string; nights: number } | { ok: false; violation: StayViolation };

/** Wire names of the three inputs; availability and bookings name them differently. */
export interface StayFieldNames {
  checkin: string;
  checkout: string;
  guests: string;
}

export const AVAILABILITY_FIELD_NAMES: StayFieldNames = {
  checkin: 'checkin',
  checkout: 'checkout',
  guests: 'guest_count',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function notADate(parameter: string, received: unknown): StayViolation {
  return {
    reason: 'invalid_date',
    parameter,
    expected: 'YYYY-MM-DD date',
    received,
    message: `${parameter} must be a real calendar date in YYYY-MM-DD format.`,
  };
}

function fail(violation: StayViolation): StayCheckResult {
  return { ok: false, violation };
}

/**
 * Checks, in this order, and reports the first failure: checkin is a real date, checkout is a
 * real date, checkout after checkin, checkin not in the past, min stay, max stay, max guests.
 * Stay-length violations are reported on the checkout field (the one that sets the length) with
 * the number of nights as `received`.
 */
export function checkStay(
  req: StayRequest,
  rules: StayRules,
  names: StayFieldNames = AVAILABILITY_FIELD_NAMES,
): StayCheckResult {
  const checkinDay = isoDayNumber(req.checkin);
  if (Number.isNaN(checkinDay)) {
    return fail(notADate(names.checkin, req.checkin));
  }
  const checkoutDay = isoDayNumber(req.checkout);
  if (Number.isNaN(checkoutDay)) {
    return fail(notADate(names.checkout, req.checkout));
  }
  // Both are real dates, so strings.
  const checkin = req.checkin as string;
  const checkout = req.checkout as string;

  const nights = checkoutDay - checkinDay;
  if (nights <= 0) {
    return fail({
      reason: 'invalid_range',
      parameter: names.checkout,
      expected: `date after ${names.checkin}`,
      received: checkout,
      message: `${names.checkout} (${checkout}) must be later than ${names.checkin} (${checkin}).`,
    });
  }

  if (checkin < req.today) {
    return fail({
      reason: 'past_date',
      parameter: names.checkin,
      expected: `date on or after ${req.today}`,
      received: checkin,
      message: `${names.checkin} (${checkin}) is in the past; today is ${req.today} in the accommodation's time zone.`,
    });
  }

  if (nights < rules.minStay || nights > rules.maxStay) {
    const short = nights < rules.minStay;
    const limit = short ? rules.minStay : rules.maxStay;
    return fail({
      reason: short ? 'min_stay' : 'max_stay',
      parameter: names.checkout,
      expected: `${short ? 'at least' : 'at most'} ${plural(limit, 'night')}`,
      received: nights,
      message:
        `A stay of ${plural(nights, 'night')} is ${short ? 'shorter' : 'longer'} ` +
        `than this accommodation's ${short ? 'minimum' : 'maximum'} stay of ${plural(limit, 'night')}.`,
    });
  }

  if (req.guests > rules.maxGuests) {
    return fail({
      reason: 'max_guests',
      parameter: names.guests,
      expected: `at most ${plural(rules.maxGuests, 'guest')}`,
      received: req.guests,
      message:
        `The stay is for ${plural(req.guests, 'guest')}, ` +
        `more than this accommodation's maximum of ${plural(rules.maxGuests, 'guest')}.`,
    });
  }

  return { ok: true, checkin, checkout, nights };
}
