import { figuresOf, fixedText, type Figures } from './report-figures.ts';
import type { OccupancyReport, PeriodTally } from './occupancy-report.ts';
import { decimalsOf } from './report-json.ts';
import type { Period } from './report-periods.ts';
import type { Tally } from './report-tally.ts';
import { csvNumber, writeCsv, type CsvCell } from '../shared/csv.ts';

/**
 * The occupancy report as CSV (docs/api.md#admin-reports-csv), written by the service's one CSV
 * writer (src/shared/csv.ts: RFC 4180, UTF-8 with a byte order mark, a header row, every text
 * cell that a spreadsheet would read as a formula guarded, an accommodation's name too). One row
 * per accommodation and one per currency's total, for each period when the report is grouped
 * (else for the range); amounts in major units written with every decimal of their currency
 * ("1234.50"), rates with 4, per-night amounts and averages with 2, a point as the decimal
 * separator, all written as numbers.
 */

export const CSV_COLUMNS = [
  'row',
  'period',
  'from',
  'to',
  'accommodation_id',
  'accommodation',
  'currency',
  'nights',
  'nights_blocked',
  'nights_available',
  'nights_booked',
  'nights_imported',
  'occupancy_rate',
  'revenue',
  'adr',
  'revpar',
  'bookings',
  'cancellations',
  'avg_lead_time_days',
  'avg_length_of_stay',
] as const;

function figureCells(f: Figures): CsvCell[] {
  return [
    f.nights,
    f.nights_blocked,
    f.nights_available,
    f.nights_booked,
    f.nights_imported,
    csvNumber(fixedText(f.occupancy_rate)),
    csvNumber(fixedText(f.revenue)),
    csvNumber(fixedText(f.adr)),
    csvNumber(fixedText(f.revpar)),
    f.bookings,
    f.cancellations,
    csvNumber(fixedText(f.avg_lead_time_days)),
    csvNumber(fixedText(f.avg_length_of_stay)),
  ];
}

interface Line {
  kind: 'accommodation' | 'total';
  id: number | '';
  name: string;
  currency: string;
  tally: Tally;
  periods: readonly PeriodTally[];
}

export function reportCsv(report: OccupancyReport): string {
  const lines: Line[] = [
    ...report.accommodations.map(({ accommodation: a, tally, periods }) => ({
      kind: 'accommodation' as const,
      id: a.id,
      name: a.name,
      currency: a.currency,
      tally,
      periods,
    })),
    ...report.totals.map(({ currency, tally, periods }) => ({
      kind: 'total' as const,
      id: '' as const,
      name: '',
      currency,
      tally,
      periods,
    })),
  ];
  const row = (line: Line, period: Period | null, tally: Tally): CsvCell[] => [
    line.kind,
    period?.key ?? '',
    period?.from ?? report.from,
    period?.to ?? report.to,
    line.id,
    line.name,
    line.currency,
    ...figureCells(figuresOf(tally, decimalsOf(line.currency))),
  ];
  const records: CsvCell[][] =
    report.group === null
      ? lines.map((line) => row(line, null, line.tally))
      : (lines[0]?.periods ?? []).flatMap((_, i) =>
          lines.flatMap((line) => {
            const p = line.periods[i];
            return p === undefined ? [] : [row(line, p.period, p.tally)];
          }),
        );
  return writeCsv(CSV_COLUMNS, records);
}

/** The file name a download of the report is saved under. */
export function reportFileName(report: Pick<OccupancyReport, 'from' | 'to'>): string {
  return `occupancy-${report.from}-${report.to}.csv`;
}
