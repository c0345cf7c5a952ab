import { currencyDecimals } from '../shared/money.ts';
import { figuresOf, fixedNumber, type Figures } from './report-figures.ts';
import type { OccupancyReport, PeriodTally } from './occupancy-report.ts';
import type { OccupancyReportJson } from './report-schemas.ts';
import type { Tally } from './report-tally.ts';

/** The report as the admin API answers it (docs/api.md#admin-reports): amounts in major units. */

export function figuresJson(figures: Figures) {
  return {
    nights: figures.nights,
    nights_blocked: figures.nights_blocked,
    nights_available: figures.nights_available,
    nights_booked: figures.nights_booked,
    nights_imported: figures.nights_imported,
    occupancy_rate: fixedNumber(figures.occupancy_rate),
    revenue: fixedNumber(figures.revenue),
    adr: fixedNumber(figures.adr),
    revpar: fixedNumber(figures.revpar),
    bookings: figures.bookings,
    cancellations: figures.cancellations,
    avg_lead_time_days: fixedNumber(figures.avg_lead_time_days),
    avg_length_of_stay: fixedNumber(figures.avg_length_of_stay),
    sources: figures.sources,
  };
}

/** Minor-unit decimals of a currency (every stored currency is one Intl knows; 2 otherwise). */
export const decimalsOf = (currency: string): number => currencyDecimals(currency) ?? 2;

function rowJson(tally: Tally, periods: readonly PeriodTally[], currency: string, grouped: boolean) {
  const decimals = decimalsOf(currency);
  return {
    ...figuresJson(figuresOf(tally, decimals)),
    ...(grouped
      ? {
          periods: periods.map((p) => ({
            period: p.period.key,
            from: p.period.from,
            to: p.period.to,
            ...figuresJson(figuresOf(p.tally, decimals)),
          })),
        }
      : {}),
  };
}

export function reportJson(report: OccupancyReport): OccupancyReportJson {
  const grouped = report.group !== null;
  return {
    from: report.from,
    to: report.to,
    group: report.group,
    accommodations: report.accommodations.map(({ accommodation: a, tally, periods }) => ({
      id: a.id,
      name: a.name,
      currency: a.currency,
      ...rowJson(tally, periods, a.currency, grouped),
    })),
    totals: report.totals.map(({ currency, tally, periods }) => ({
      currency,
      ...rowJson(tally, periods, currency, grouped),
    })),
  };
}
