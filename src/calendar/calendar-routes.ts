import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { CalendarBody, CalendarData } from './calendar-schemas.ts';
import { rememberedMonth } from './month-memory.ts';
import { viewedMonth } from './viewed-months.ts';
import { requestViewer } from '../auth/require-key.ts';

/** If-None-Match names this tag (or `*`); weak tags compare as their strong form (RFC 9110 13.1.2). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

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
          'month and year default to the current ones in the accommodation time zone. ' +
          'Callers may cache the answer for 5 minutes: it carries Cache-Control: private, max-age=300 and an ETag, ' +
          'and a request whose If-None-Match names that ETag gets 304 with no body while the month is unchanged. ' +
          'A v1 key sees its own bookings in full; ' +
          "every other stay (other keys' bookings, bookings made by the host, imported reservations) " +
          'is listed with its dates, status and source, titled "Reserved", ' +
          'with no confirmation code, guest, amount, party or notes. Admin keys see everything.',
        security: [{ bearerKey: [] }],
        body: CalendarBody,
        response: {
          200: Envelope(CalendarData),
          304: Type.Null({ description: 'Not modified: the If-None-Match ETag is still current; no body.' }),
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { accommodation, year, month, data } = await rememberedMonth(
        ctx,
        request.body.accommodation_id,
        request.body,
        ctx.now(),
      );
      const { view, etag } = viewedMonth(data, accommodation, year, month, requestViewer(request));
      // docs/api.md#calendar: callers may cache it 5 minutes, and ask again with the ETag.
      void reply.header('cache-control', 'private, max-age=300').header('etag', etag);
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return ok(view, requestMetadata(request.id));
    },
  );
};
