import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { readOccupancyReport } from './read-occupancy-report.ts';
import { reportJson } from './report-json.ts';
import { reportRange } from './report-range.ts';
import { OccupancyReportSchema, ReportQuery } from './report-schemas.ts';
import type { Db } from '../db/store.ts';

/** The report a query asks for: a checked range, the grouping, maybe one accommodation. */
function reportFor(db: Db, query: ReportQuery) {
  return readOccupancyReport(db, {
    ...reportRange(query.from, query.to),
    group: query.group ?? null,
    ...(query.accommodation_id === undefined ? {} : { accommodationId: toId(query.accommodation_id) }),
  });
}

/** GET /admin/api/reports/occupancy and its CSV (docs/api.md#admin-reports). */
export const reportRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/reports/occupancy',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Occupancy and revenue of the nights [from, to) ' +
          'per accommodation and per currency, by month or year with `group`',
        querystring: ReportQuery,
        response: { 200: Envelope(OccupancyReportSchema), ...commonErrorResponses },
      },
    },
    async (request) => ok(reportJson(await reportFor(ctx.db, request.query)), requestMetadata(request.id)),
  );

  app.get(
    '/reports/occupancy.csv',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'The same report as CSV (RFC 4180, UTF-8 with a byte order mark, a header row)',
        querystring: ReportQuery,
        response: {
          200: {
            description: 'The report, one row per accommodation and currency total (per period with `group`)',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const report = await reportFor(ctx.db, request.query);
      // csv-stringify is loaded by the first download.
      const { reportCsv, reportFileName } = await import('./report-csv.ts');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
        .send(reportCsv(report));
    },
  );
};
