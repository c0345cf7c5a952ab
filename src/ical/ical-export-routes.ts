import { Type } from 'typebox';
import { findAccommodation } from '../accommodations/accommodation-repository.ts';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { notModified } from './conditional-get.ts';
import { exportCalendar } from './export-calendar.ts';
import { exportEtag, exportStays } from './export-stays.ts';
import { exportVersionTime, findExportTarget } from './export-tokens.ts';

/**
 * GET /<slug>/ical/<token>.ics: an accommodation's taken nights for other channels to import.
 * The token is the credential. Channels poll often, so the answer carries an ETag and
 * Last-Modified, and an unchanged calendar is a 304 with no write.
 */
export const icalExportRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ical'],
        summary:
          "An accommodation's calendar as iCalendar, with no guest data (the token in the URL is the credential)",
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{43}\\.ics$' }) }),
        response: {
          200: { description: 'The calendar', content: { 'text/calendar': { schema: Type.String() } } },
          304: {
            description:
              'Unchanged since the ETag sent in If-None-Match (compared weakly) or the If-Modified-Since date',
            type: 'null',
          },
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const target = await findExportTarget(ctx.db, token);
      if (target === undefined) throw notFound('calendar_not_found', 'No calendar at this address.');
      const accommodation = await findAccommodation(ctx.db, target.accommodationId);
      if (accommodation === undefined) throw notFound('calendar_not_found', 'No calendar at this address.');
      const now = ctx.now();
      const stays = await exportStays(ctx.db, target, accommodation.timezone, now);
      const etag = exportEtag(accommodation.name, stays);
      const modified = new Date(await exportVersionTime(ctx.db, target, etag, now));
      reply
        .header('etag', etag)
        .header('last-modified', modified.toUTCString())
        .header('cache-control', 'private, max-age=300');
      if (notModified(request.headers, etag, modified.toISOString())) return reply.code(304).send(null);
      // The body depends on the version only (DTSTAMP is when it last changed), so one ETag is one body.
      return reply
        .type('text/calendar; charset=utf-8')
        .send(exportCalendar(stays, { name: accommodation.name, stamp: modified }));
    },
  );
};
