import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { calendarDebug, calendarHealth, calendarTest } from './diagnostics.ts';

const Anything = Type.Record(Type.String(), Type.Unknown());
const Signatures = Type.Union([Type.Literal('on'), Type.Literal('off')], {
  description: 'off: webhook calls are accepted unsigned',
});

/** The contract shows `{}` or no body (docs/api.md#calendar-diagnostics) at all; whatever is sent is ignored. */
const IgnoredBody = Type.Object(
  {},
  { additionalProperties: true, description: 'Ignored. Clients send {} or no body at all.' },
);

/** POST /calendar/health, /calendar/test, /calendar/debug (docs/api.md#calendar-diagnostics). */
export const calendarDiagnosticsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const route = (summary: string, data: Parameters<typeof Envelope>[0]) => ({
    config: { auth: 'api' as const, optionalBody: true },
    schema: {
      tags: ['v1'],
      summary,
      security: [{ bearerKey: [] }],
      body: IgnoredBody,
      response: { 200: Envelope(data), ...commonErrorResponses },
    },
  });

  app.post(
    '/calendar/health',
    route(
      'Calendar service health: store round trip, version, webhook signatures',
      Type.Object({
        status: Type.String(),
        version: Type.String(),
        store: Type.String(),
        store_latency_ms: Type.Number(),
        webhook_signatures: Signatures,
        timestamp: Type.String(),
      }),
    ),
    async (request) => ok(await calendarHealth(ctx), requestMetadata(request.id)),
  );

  app.post(
    '/calendar/test',
    route(
      'Simple connectivity test; says whether webhook signatures are checked',
      Type.Object({
        status: Type.String(),
        message: Type.String(),
        webhook_signatures: Signatures,
        timestamp: Type.String(),
      }),
    ),
    async (request) => ok(await calendarTest(ctx), requestMetadata(request.id)),
  );

  app.post(
    '/calendar/debug',
    route('Detailed diagnostics: version, store, accommodations, counts and non-secret configuration', Anything),
    async (request) => ok(await calendarDebug(ctx), requestMetadata(request.id)),
  );
};
