import { Type } from 'typebox';
import { createApiKey, listApiKeys, setEndpointLimit } from '../auth/api-key-repository.ts';
import { revokeKey } from '../auth/revoke-api-key.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, IdParams, NullableString, toId } from '../http/admin-params.ts';
import { giveKeyWebhookSecret } from './key-webhook-secret.ts';
import { CreateBody, EndpointLimit, KeyMode } from './api-key-schemas.ts';

const Scope = Type.Union([Type.Literal('api'), Type.Literal('admin')]);
/** What may be shown of a key: never the secret or its hash. */
const ApiKeySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'the first characters of the key, to recognise it' }),
  scope: Scope,
  mode: KeyMode,
  created_at: Type.String(),
  last_used_at: NullableString,
  revoked_at: NullableString,
  endpoint_limit: Type.Union([Type.Integer(), Type.Null()], {
    description: 'how many event endpoints the key may have; null: the ENDPOINTS_PER_KEY of the server',
  }),
});

const KeyChangesBody = Type.Object({ endpoint_limit: EndpointLimit }, { additionalProperties: false });

const NewApiKeySchema = Type.Object({
  ...ApiKeySummarySchema.properties,
  key: Type.String({ description: 'the secret, shown this once' }),
});

/** A test key calls the v1 API only. */
export function testAdminKey() {
  return badRequest('test_admin_key', 'A test key cannot have admin scope: test keys call the v1 API only.', {
    parameter: 'mode',
    expected: "'live' with scope 'admin'",
    received: 'test',
  });
}

/** API keys: list, create (the secret shown once), change the endpoint limit, revoke. */
export const apiKeyRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api-keys',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'API keys (never their secrets)',
        response: { 200: Envelope(Type.Array(ApiKeySummarySchema)), ...commonErrorResponses },
      },
    },
    async (request) => ok(await listApiKeys(ctx.db), requestMetadata(request.id)),
  );

  app.post(
    '/api-keys',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Create an API key; the answer shows the secret once',
        body: CreateBody,
        response: { 201: Envelope(NewApiKeySchema), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (name === '')
        throw badRequest('blank', 'name must not be blank.', {
          parameter: 'name',
          expected: 'non-blank string',
          received: request.body.name,
        });
      const scope = request.body.scope ?? 'api';
      const mode = request.body.mode ?? 'live';
      if (mode === 'test' && scope === 'admin') throw testAdminKey();
      const { key, record } = await createApiKey(ctx.db, {
        name,
        scope,
        mode,
        endpointLimit: request.body.endpoint_limit ?? null,
      });
      return reply.code(201).send(ok({ ...record, key }, requestMetadata(request.id)));
    },
  );

  app.patch(
    '/api-keys/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Change an API key: how many event endpoints it may have',
        params: IdParams,
        body: KeyChangesBody,
        response: { 200: Envelope(ApiKeySummarySchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const changed = await setEndpointLimit(ctx.db, id, request.body.endpoint_limit);
      return ok(changed ?? noSuchKey(id), requestMetadata(request.id));
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Revoke an API key',
        params: IdParams,
        response: { 200: Envelope(ApiKeySummarySchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const revoked = await revokeKey(ctx, id);
      return ok(revoked ?? noSuchKey(id), requestMetadata(request.id));
    },
  );

  app.post(
    '/api-keys/:id/webhook-secret',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Give a key its own inbound webhook secret (shown once): ' +
          "signed with it, /webhook/update touches only that key's bookings",
        params: IdParams,
        response: {
          200: Envelope(
            Type.Object({
              id: Type.Integer(),
              webhook_secret: Type.String({ description: 'the secret, shown this once; it replaces any earlier one' }),
            }),
          ),
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const secret = await giveKeyWebhookSecret(ctx.db, id);
      return ok({ id, webhook_secret: secret }, requestMetadata(request.id));
    },
  );
};

/** The 404 of a route naming an API key that does not exist. */
function noSuchKey(id: number): never {
  throw notFound('api_key_not_found', `No API key with id ${id}.`, {
    parameter: 'id',
    expected: 'id of an existing API key',
    received: id,
  });
}
