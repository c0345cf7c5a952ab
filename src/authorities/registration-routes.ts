import { Type } from 'typebox';
import { realDate } from '../accommodations/night-range.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { DateString, IdString, adminRoute, toId } from '../http/admin-params.ts';
import { commonErrorResponses } from '../http/envelope.ts';
import { conflict } from '../http/errors.ts';
import { alloggiatiFileOf, registrationsCsvOf } from './registration-files.ts';

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
      const result = await alloggiatiFileOf(ctx.db, date, only);
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
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="registrations-${from}-${to}.csv"`)
        .send(await registrationsCsvOf(ctx.db, from, to));
    },
  );
};
