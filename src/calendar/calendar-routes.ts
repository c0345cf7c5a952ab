import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { CalendarBody, CalendarData } from './calendar-schemas.ts';
import { monthView } from './month-calendar.ts';
import { rememberedMonth } from './month-memory.ts';
import { requestViewer } from '../auth/require-key.ts';

/** docs/api.md#calendar: the month calendar (its diagnostic endpoints are in src/diagnostics). */
export const calendarRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/calendar',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Month calendar of one accommodation',
        description:
          'month and year default to the current ones in the accommodation time zone. Callers may cache the answer for 5 minutes. ' +
          "A v1 key sees its own bookings in full; every other stay (other keys' bookings, bookings made by the host, imported reservations) " +
          'is listed with its dates, status and source, titled "Reserved", with no confirmation code, guest, amount, party or notes. Admin keys see everything.',
        security: [{ bearerKey: [] }],
        body: CalendarBody,
        response: { 200: Envelope(CalendarData), ...commonErrorResponses },
      },
    },
    async (request) => {
      const { accommodation, year, month, data } = await rememberedMonth(
        ctx,
        request.body.accommodation_id,
        request.body,
        ctx.now(),
      );
      return ok(monthView(data, accommodation, year, month, requestViewer(request)), requestMetadata(request.id));
    },
  );
};
