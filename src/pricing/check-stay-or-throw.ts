import type { Accommodation } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { stayRulesOf } from './accommodation-rules.ts';
import { todayIn } from '../shared/dates.ts';
import { checkStay, type StayFieldNames } from '../stays/stay-rules.ts';

/** The stay rules of docs/api.md#stay-rules as a 400, named with the caller's field names. */
export function checkStayOrThrow(
  accommodation: Accommodation,
  stay: { checkin: unknown; checkout: unknown; guests: number },
  names: StayFieldNames,
  now: Date,
  /** The first date a stay may start; defaults to today in the accommodation's time zone. */
  earliest: string = todayIn(accommodation.timezone, now),
): { checkin: string; checkout: string; nights: number } {
  const request = { checkin: stay.checkin, checkout: stay.checkout, guests: stay.guests, today: earliest };
  const result = checkStay(request, stayRulesOf(accommodation), names);
  if (!result.ok) {
    const { message, reason, ...details } = result.violation;
    throw badRequest(reason, message, details);
  }
  return result;
}
