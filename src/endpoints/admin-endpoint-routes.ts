import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, DeletedSchema, page, PageQueryFields, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import {
  AdminNewEndpointBody,
  DeliveryParams,
  DeliverySchema,
  EndpointIdParams,
  EndpointSchema,
  NewEndpointSchema,
  TestEventSent,
} from './endpoint-schemas.ts';
import { sendTestEvent } from './test-event.ts';
import {
  addEndpoint,
  deleteEndpoint,
  deliveriesOf,
  endpointOf,
  endpointsOf,
  pauseEndpoint,
  redeliverOne,
  rotateSecret,
} from './manage-endpoints.ts';

const ListQuery = Type.Object(
  { api_key_id: Type.Optional(Type.String({ pattern: '^[0-9]{1,10}$', description: "only this key's endpoints" })) },
  { additionalProperties: false },
);
const PageQuery = Type.Object(PageQueryFields, { additionalProperties: false });

/** Every key's event endpoints, for the host (docs/api.md#admin-webhook-endpoints), under /admin/api. */
export const adminEndpointRoutes: FeatureRoutes = async (app, { ctx }) => {
  const one = { config: { auth: 'admin' as const }, schema: { ...adminRoute, params: EndpointIdParams } };

  app.get(
    '/webhook-endpoints',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Event endpoints of every key (never their secrets)',
        querystring: ListQuery,
        response: { 200: Envelope(Type.Array(EndpointSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const keyId = request.query.api_key_id;
      const owner = keyId === undefined ? ('host' as const) : { apiKeyId: toId(keyId) };
      return ok(await endpointsOf(ctx, owner), requestMetadata(request.id));
    },
  );

  app.post(
    '/webhook-endpoints',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "Add an endpoint for a key's events; the answer shows its signing secret once",
        body: AdminNewEndpointBody,
        response: { 201: Envelope(NewEndpointSchema), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const { api_key_id, ...rest } = request.body;
      const created = await addEndpoint(ctx, { apiKeyId: api_key_id, ...rest });
      return reply.code(201).send(ok(created, requestMetadata(request.id)));
    },
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      ...one,
      schema: {
        ...one.schema,
        summary: 'One event endpoint',
        response: { 200: Envelope(EndpointSchema), ...commonErrorResponses },
      },
    },
    async (request) => ok(await endpointOf(ctx, 'host', toId(request.params.id)), requestMetadata(request.id)),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      ...one,
      schema: {
        ...one.schema,
        summary: 'Remove an event endpoint and its delivery log',
        response: { 200: Envelope(DeletedSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await deleteEndpoint(ctx, 'host', id);
      return ok({ deleted: true as const, id }, requestMetadata(request.id));
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/webhook-endpoints/:id/${action}`,
      {
        ...one,
        schema: {
          ...one.schema,
          summary: paused
            ? 'Pause an event endpoint: its events wait until it is resumed'
            : 'Resume a paused or disabled event endpoint',
          response: { 200: Envelope(EndpointSchema), ...commonErrorResponses },
        },
      },
      async (request) => ok(await pauseEndpoint(ctx, toId(request.params.id), paused), requestMetadata(request.id)),
    );
  }

  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      ...one,
      schema: {
        ...one.schema,
        summary: 'A new signing secret, shown once; the previous one keeps signing beside it for 24 hours',
        response: { 200: Envelope(NewEndpointSchema), ...commonErrorResponses },
      },
    },
    async (request) => ok(await rotateSecret(ctx, toId(request.params.id)), requestMetadata(request.id)),
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      ...one,
      schema: {
        ...one.schema,
        summary: "An endpoint's deliveries, newest first, with the last answer of each (truncated)",
        querystring: PageQuery,
        response: { 200: Envelope(Type.Array(DeliverySchema)), ...commonErrorResponses },
      },
    },
    async (request) =>
      ok(await deliveriesOf(ctx, toId(request.params.id), page(request.query)), requestMetadata(request.id)),
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:delivery_id/redeliver',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Send a delivery again now (same webhook-id), whatever its state',
        params: DeliveryParams,
        response: {
          200: Envelope(Type.Object({ redelivered: Type.Literal(true), id: Type.Integer() })),
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const id = toId(request.params.delivery_id);
      await redeliverOne(ctx, toId(request.params.id), id);
      return ok({ redelivered: true as const, id }, requestMetadata(request.id));
    },
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      ...one,
      schema: {
        ...one.schema,
        summary: 'Send a test event to an endpoint (a sample booking.created, livemode false)',
        response: { 200: Envelope(TestEventSent), ...commonErrorResponses },
      },
    },
    async (request) => ok(await sendTestEvent(ctx, 'host', toId(request.params.id)), requestMetadata(request.id)),
  );
};
