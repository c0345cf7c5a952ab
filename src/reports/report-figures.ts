import { roundDiv, toMajor } from '../shared/money.ts';
import type { Tally } from './report-tally.ts';

/**
 * The figures of a tally as docs/api.md#admin-reports defines them. Rates, per-night amounts and
 * averages are computed exactly from the integer sums and rounded once, half away from zero, as
 * money is (docs/api.md#money); a figure whose divisor is 0 is 0. Pure.
 */

/** A decimal held as an integer and its decimals: `{value: 7534, decimals: 4}` is 0.7534. */
export interface Fixed {
  value: number;
  decimals: number;
}

export interface SourceFigures {
  source: string;
  bookings: number;
  cancellations: number;
}

export interface Figures {
  nights: number;
  nights_blocked: number;
  nights_available: number;
  nights_booked: number;
  nights_imported: number;
  /** (booked + imported) / available, 4 decimals. */
  occupancy_rate: Fixed;
  /** In the currency's minor units. */
  revenue: Fixed;
  /** Revenue per booked night, 2 decimals of the major unit. */
  adr: Fixed;
  /** Revenue per available night, 2 decimals of the major unit. */
  revpar: Fixed;
  bookings: number;
  cancellations: number;
  avg_lead_time_days: Fixed;
  avg_length_of_stay: Fixed;
  /** Most bookings first, then by name. */
  sources: SourceFigures[];
}

const RATE_DECIMALS = 4;
const PER_NIGHT_DECIMALS = 2;
const AVERAGE_DECIMALS = 2;

/** numerator / denominator to `decimals` places, half away from zero; 0 when the denominator is. */
function quotient(numerator: bigint, denominator: bigint, decimals: number): Fixed {
  if (denominator === 0n) return { value: 0, decimals };
  return { value: Number(roundDiv(numerator * 10n ** BigInt(decimals), denominator)), decimals };
}

export function figuresOf(tally: Tally, currencyDecimals: number): Figures {
  const available = tally.nights - tally.nightsBlocked;
  const revenue = BigInt(tally.revenue);
  const minorPerMajor = 10n ** BigInt(currencyDecimals);
  return {
    nights: tally.nights,
    nights_blocked: tally.nightsBlocked,
    nights_available: available,
    nights_booked: tally.nightsBooked,
    nights_imported: tally.nightsImported,
    occupancy_rate: quotient(BigInt(tally.nightsBooked + tally.nightsImported), BigInt(available), RATE_DECIMALS),
    revenue: { value: tally.revenue, decimals: currencyDecimals },
    adr: quotient(revenue, BigInt(tally.nightsBooked) * minorPerMajor, PER_NIGHT_DECIMALS),
    revpar: quotient(revenue, BigInt(available) * minorPerMajor, PER_NIGHT_DECIMALS),
    bookings: tally.bookings,
    cancellations: tally.cancellations,
    avg_lead_time_days: quotient(BigInt(tally.leadTimeDays), BigInt(tally.leadTimeCount), AVERAGE_DECIMALS),
    avg_length_of_stay: quotient(BigInt(tally.stayNights), BigInt(tally.stayCount), AVERAGE_DECIMALS),
    sources: [...tally.sources]
      .map(([source, counts]) => ({ source, ...counts }))
      .sort((a, b) => b.bookings - a.bookings || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0)),
  };
}

/** The JSON number of a decimal (7534, 4 → 0.7534), with no float noise. */
export function fixedNumber(fixed: Fixed): number {
  return toMajor(fixed.value, fixed.decimals);
}

/** The decimal written out with all its places (7500, 4 → "0.7500"; -5, 2 → "-0.05"), for a CSV. */
export function fixedText(fixed: Fixed): string {
  const digits = String(Math.abs(fixed.value)).padStart(fixed.decimals + 1, '0');
  const sign = fixed.value < 0 ? '-' : '';
  if (fixed.decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -fixed.decimals)}.${digits.slice(-fixed.decimals)}`;
}
