import { divideRounded } from '../shared/money.ts';

/**
 * How a report counts a booking's revenue (docs/api.md#admin-reports): its total spread evenly over
 * its nights in minor units, each night the total divided by the nights and rounded half away
 * from zero, the last night whatever remains, so a booking's nights always add up to its total
 * to the cent. A report sums the shares of the nights in its range. Pure.
 */
export interface Spread {
  nights: number;
  perNight: number;
  lastNight: number;
}

export function spreadTotal(total: number, nights: number): Spread {
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError(`a stay has at least one night, got ${nights}`);
  const perNight = divideRounded(total, nights);
  return { nights, perNight, lastNight: total - perNight * (nights - 1) };
}

/** The shares of nights [first, end) of the stay, night 0 being the night of arrival. */
export function revenueOfNights(spread: Spread, first: number, end: number): number {
  if (!(Number.isInteger(first) && Number.isInteger(end) && first >= 0 && first <= end && end <= spread.nights)) {
    throw new RangeError(`nights [${first}, ${end}) are not nights of a ${spread.nights}-night stay`);
  }
  if (first === end) return 0;
  const withLast = end === spread.nights;
  return (end - first) * spread.perNight + (withLast ? spread.lastNight - spread.perNight : 0);
}
