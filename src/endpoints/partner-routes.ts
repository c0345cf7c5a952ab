import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { requestKey } from '../auth/require-key.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { toId } from '../http/ids.ts';
import { integerQuery } from '../http/query-integers.ts';
import {
  EndpointIdParams,
  EndpointSchema,
  EventsPage,
  EventsQuery,
  NewEndpointBody,
  NewEndpointSchema,
  TestEventSent,
} from './endpoint-schemas.ts';
import { addEndpoint, catchUp, deleteEndpoint, endpointsOf } from './manage-endpoints.ts';
import { sendTestEvent } from './test-event.ts';

const v1 = { tags: ['v1'], security: [{ bearerKey: [] }] };

/** A partner's own endpoints and its catch-up feed (docs/api.md#events), under /api/v1/<slug>. */
export const partnerEventRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/webhook-endpoints',
    {
      config: { auth: 'api' },
      schema: {
        ...v1,
        summary: "Register an endpoint for this key's events; the answer shows its signing secret once",
        body: NewEndpointBody,
        response: { 201: Envelope(NewEndpointSchema), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await addEndpoint(ctx, { apiKeyId: requestKey(request).id, ...request.body });
      return reply.code(201).send(ok(created, requestMetadata(request.id)));
    },
  );

  app.get(
    '/webhook-endpoints',
    {
      config: { auth: 'api' },
      schema: {
        ...v1,
        summary: "This key's endpoints (never their secrets)",
        response: { 200: Envelope(Type.Array(EndpointSchema)), ...commonErrorResponses },
      },
    },
    async (request) => ok(await endpointsOf(ctx, { apiKeyId: requestKey(request).id }), requestMetadata(request.id)),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      config: { auth: 'api' },
      schema: {
        ...v1,
        summary: 'Remove one of this key’s endpoints',
        params: EndpointIdParams,
        response: {
          200: Envelope(Type.Object({ deleted: Type.Literal(true), id: Type.Integer() })),
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await deleteEndpoint(ctx, { apiKeyId: requestKey(request).id }, id);
      return ok({ deleted: true as const, id }, requestMetadata(request.id));
    },
  );

  app.get(
    '/events',
    {
      config: { auth: 'api' },
      preValidation: integerQuery('limit'),
      schema: {
        ...v1,
        summary: "This key's events, oldest first, from a cursor (kept 30 days)",
        querystring: EventsQuery,
        response: { 200: Envelope(EventsPage), ...commonErrorResponses },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 100;
      return ok(await catchUp(ctx, requestKey(request).id, request.query.after, limit), requestMetadata(request.id));
    },
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      config: { auth: 'api' },
      schema: {
        ...v1,
        summary: 'Send a test event to one of this key’s endpoints',
        description:
          'A signed booking.created with a sample booking (id 0) and livemode false, sent through the normal ' +
          'delivery path (retried, in the delivery log); not in the catch-up feed.',
        params: EndpointIdParams,
        response: { 200: Envelope(TestEventSent), ...commonErrorResponses },
      },
    },
    async (request) =>
      ok(
        await sendTestEvent(ctx, { apiKeyId: requestKey(request).id }, toId(request.params.id)),
        requestMetadata(request.id),
      ),
  );
};
