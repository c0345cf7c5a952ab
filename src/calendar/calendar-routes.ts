import { Type } from 'typebox';
import { loadAccommodation } from '../accommodations/load-accommodation.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { currentYearMonthIn } from '../shared/dates.ts';
import { calendarDebug, calendarHealth } from '../diagnostics/diagnostics.ts';
import { CalendarBody, CalendarData } from './calendar-schemas.ts';
import { monthCalendar } from './month-calendar.ts';

const Anything = Type.Record(Type.String(), Type.Unknown());

/** api-v1.md 4.5 (the month calendar) and 4.6 (its diagnostic endpoints). */
export const calendarRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/calendar',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Month calendar of one accommodation',
        description: 'month and year default to the current ones in the accommodation time zone. Callers may cache the answer for 5 minutes.',
        security: [{ bearerKey: [] }],
        body: CalendarBody,
        response: { 200: Envelope(CalendarData), ...commonErrorResponses },
      },
    },
    async (request) => {
      const accommodation = await loadAccommodation(ctx, request.body.accommodation_id);
      const now = ctx.now();
      const current = currentYearMonthIn(accommodation.timezone, now);
      const view = await monthCalendar(ctx.db, accommodation, request.body.year ?? current.year, request.body.month ?? current.month, now);
      return ok(view, requestMetadata(request.id));
    },
  );

  app.post(
    '/calendar/health',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Calendar service health: store round trip, version, webhook signatures',
        security: [{ bearerKey: [] }],
        response: {
          200: Envelope(
            Type.Object({
              status: Type.String(),
              version: Type.String(),
              store: Type.String(),
              store_latency_ms: Type.Number(),
              webhook_signatures: Type.Union([Type.Literal('on'), Type.Literal('off')]),
              timestamp: Type.String(),
            }),
          ),
          ...commonErrorResponses,
        },
      },
    },
    async (request) => ok(await calendarHealth(ctx), requestMetadata(request.id)),
  );

  app.post(
    '/calendar/test',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Simple connectivity test',
        security: [{ bearerKey: [] }],
        response: { 200: Envelope(Type.Object({ status: Type.String(), message: Type.String(), timestamp: Type.String() })), ...commonErrorResponses },
      },
    },
    async (request) =>
      ok({ status: 'ok', message: 'The calendar service is reachable.', timestamp: new Date().toISOString() }, requestMetadata(request.id)),
  );

  app.post(
    '/calendar/debug',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Detailed diagnostics: version, store, accommodations, counts and non-secret configuration',
        security: [{ bearerKey: [] }],
        response: { 200: Envelope(Anything), ...commonErrorResponses },
      },
    },
    async (request) => ok(await calendarDebug(ctx), requestMetadata(request.id)),
  );
};
