import { Type } from 'typebox';
import { realDate } from '../accommodations/night-range.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { DateString, IdString, adminRoute, toId } from '../http/admin-params.ts';
import { commonErrorResponses } from '../http/envelope.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { diffDays } from '../shared/dates.ts';
import { alloggiatiExport } from './alloggiati-export.ts';
import { loadCodeTables } from './import-alloggiati-tables.ts';
import { arrivalsOf, arrivingStays, isItalianHome } from './registration-queries.ts';
import { registrationsCsv } from './registrations-csv.ts';

/** The longest range of arrivals one registrations CSV covers. */
const MAX_RANGE_DAYS = 366;

const AlloggiatiQuery = Type.Object(
  { date: DateString, accommodation_id: Type.Optional(IdString) },
  { additionalProperties: false },
);
const RangeQuery = Type.Object({ from: DateString, to: DateString }, { additionalProperties: false });

/** Registrations for the authorities (docs/registrations.md, docs/api.md#admin-registrations). */
export const registrationRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/registrations/alloggiati',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          "Italy's Alloggiati Web file of the guests arriving on `date` in homes in Italy: one 168-character record " +
          'per guest, CR LF between records',
        querystring: AlloggiatiQuery,
        response: {
          200: {
            description: 'The file to upload on the portal (empty when nobody arrives)',
            content: { 'text/plain': { schema: Type.String() } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const date = realDate(request.query.date, 'date');
      const only = request.query.accommodation_id === undefined ? undefined : toId(request.query.accommodation_id);
      if (only !== undefined && !isItalianHome(await requireAccommodation(ctx.db, only)))
        throw badRequest('not_in_italy', `Accommodation ${only} is not in Italy: its registration number is no CIN.`, {
          parameter: 'accommodation_id',
          expected: 'a home whose registration number is an Italian CIN (IT…)',
          received: only,
        });
      const tables = await loadCodeTables(ctx.db);
      if (tables === null)
        throw conflict(
          'alloggiati_tables_missing',
          'The Alloggiati Web code tables are not loaded: download them from the portal and run ' +
            '`staydesk alloggiati-tables import FOLDER`.',
        );
      const { stays, guests } = await arrivingStays(ctx.db, {
        from: date,
        to: date,
        ...(only === undefined ? {} : { accommodationId: only }),
      });
      const result = alloggiatiExport(tables, arrivalsOf(stays.filter(isItalianHome), guests));
      if (!result.ok)
        throw conflict(
          'registrations_blocking',
          `${result.blocking.length} problem(s) keep the Alloggiati Web file of ${date} from being written: ` +
            'see details.blocking.',
          { blocking: result.blocking },
        );
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="alloggiati-${date}.txt"`)
        .send(result.file);
    },
  );

  app.get(
    '/registrations.csv',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Every registration of the stays arriving from `from` through `to`, for the authorities of any country ' +
          '(RFC 4180, UTF-8 with a byte order mark, a header row)',
        querystring: RangeQuery,
        response: {
          200: {
            description: 'One row per registered guest; a stay without a check-in has one row with the guest empty',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const from = realDate(request.query.from, 'from');
      const to = realDate(request.query.to, 'to');
      if (to < from)
        throw badRequest('invalid_range', `"to" (${to}) must not be before "from" (${from}).`, {
          parameter: 'to',
          expected: 'date not before from',
          received: to,
        });
      if (diffDays(from, to) >= MAX_RANGE_DAYS)
        throw badRequest('range_too_long', `One file covers at most ${MAX_RANGE_DAYS} days of arrivals.`, {
          parameter: 'to',
          expected: `at most ${MAX_RANGE_DAYS - 1} days after from`,
          received: to,
        });
      const { stays, guests } = await arrivingStays(ctx.db, { from, to });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="registrations-${from}-${to}.csv"`)
        .send(registrationsCsv(stays, guests));
    },
  );
};
