import type { Db } from '../db/store.ts';
import { notFound } from '../http/errors.ts';
import { buildOccupancyReport, type OccupancyReport } from './occupancy-report.ts';
import type { Grouping } from './report-periods.ts';
import { readReportRows } from './report-repository.ts';

export interface ReportRequest {
  /** A checked range (report-range.ts). */
  from: string;
  to: string;
  group: Grouping | null;
  accommodationId?: number;
}

/**
 * The occupancy report of a range (docs/api.md#admin-reports), read in one snapshot (a
 * repeatable-read transaction on PostgreSQL; SQLite transactions always are one). An unknown
 * accommodation is a 404.
 */
export async function readOccupancyReport(db: Db, request: ReportRequest): Promise<OccupancyReport> {
  const rows = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) =>
      readReportRows(trx, {
        from: request.from,
        to: request.to,
        ...(request.accommodationId === undefined ? {} : { accommodationId: request.accommodationId }),
      }),
    );
  if (request.accommodationId !== undefined && rows.accommodations.length === 0) {
    throw notFound('accommodation_not_found', `No accommodation with id ${request.accommodationId}.`, {
      parameter: 'accommodation_id',
      expected: 'id of an existing accommodation',
      received: request.accommodationId,
    });
  }
  return buildOccupancyReport({ from: request.from, to: request.to, group: request.group, ...rows });
}
