import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import type { App } from '../http/types.ts';
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

/**
 * The contract shows these called with `{}` or with no body; some clients send no bytes while
 * still declaring JSON. Within this plugin only, empty bytes read as `{}`; anything else goes
 * through the framework's own JSON parser (prototype-poisoning checks included).
 */
function acceptEmptyJson(app: App): void {
  // The default parser is written in callback style (request, body, done).
  const json = app.getDefaultJsonParser('error', 'error') as unknown as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    json(request, text, done);
  });
  // A call with no body (and so no content type) validates as {} too.
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    request.body ??= {};
    done();
  });
}

/** POST /calendar/health, /calendar/test, /calendar/debug (docs/api.md#calendar-diagnostics). */
export const calendarDiagnosticsRoutes: FeatureRoutes = async (app, { ctx }) => {
  acceptEmptyJson(app);
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
