import { Type } from 'typebox';
import type { Accommodation } from '../db/schema.ts';
import { accommodationToJson } from '../accommodations/accommodation-mapper.ts';
import { listAccommodations } from '../accommodations/accommodation-repository.ts';
import {
  AccommodationCreateSchema,
  AccommodationPatchSchema,
  AccommodationSchema,
} from '../accommodations/accommodation-schemas.ts';
import {
  createAccommodation,
  editAccommodation,
  removeAccommodation,
  requireAccommodation,
} from '../accommodations/manage-accommodations.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { accommodationExportToken, exportUrl } from '../ical/export-tokens.ts';
import { adminRoute, IdParams, toId } from '../http/admin-params.ts';

const AccommodationDetailSchema = Type.Object({
  ...AccommodationSchema.properties,
  ical_export_url: Type.String({
    description:
      'absolute secret URL of every taken night, with no guest data, for other channels to import; rotatable',
  }),
});

const ListQuery = Type.Object(
  {
    include: Type.Optional(
      Type.Literal('archived', { description: 'also list the archived accommodations (left out by default)' }),
    ),
  },
  { additionalProperties: false },
);

const RemovedSchema = Type.Object({
  id: Type.Integer(),
  deleted: Type.Boolean({ description: 'true: it had no bookings and is gone' }),
  archived: Type.Boolean({
    description: 'true: it has bookings, so it is archived instead: listed nowhere, it takes no new booking',
  }),
});

const One = { 200: Envelope(AccommodationDetailSchema), ...commonErrorResponses };

/** Accommodations: create, list, read, change, delete. */
export const accommodationRoutes: FeatureRoutes = async (app, { ctx }) => {
  /** One accommodation as answered by create, read and change: with its calendar export URL. */
  const detail = async (accommodation: Accommodation) => ({
    ...accommodationToJson(accommodation),
    ical_export_url: exportUrl(ctx.config, await accommodationExportToken(ctx.db, accommodation.id, ctx.now())),
  });

  app.post(
    '/accommodations',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Create an accommodation',
        body: AccommodationCreateSchema,
        response: { 201: Envelope(AccommodationDetailSchema), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await createAccommodation(ctx.db, request.body, ctx.now());
      return reply.code(201).send(ok(await detail(created), requestMetadata(request.id)));
    },
  );

  app.get(
    '/accommodations',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'List accommodations (the archived ones only with include=archived)',
        querystring: ListQuery,
        response: { 200: Envelope(Type.Array(AccommodationSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const list = await listAccommodations(ctx.db, { archived: request.query.include === 'archived' });
      return ok(list.map(accommodationToJson), requestMetadata(request.id));
    },
  );

  app.get(
    '/accommodations/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Read an accommodation, with the secret URL of its calendar for other channels',
        params: IdParams,
        response: One,
      },
    },
    async (request) =>
      ok(await detail(await requireAccommodation(ctx.db, toId(request.params.id))), requestMetadata(request.id)),
  );

  app.patch(
    '/accommodations/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Change an accommodation (any subset of the create fields)',
        params: IdParams,
        body: AccommodationPatchSchema,
        response: One,
      },
    },
    async (request) => {
      const updated = await editAccommodation(ctx, toId(request.params.id), request.body, ctx.now());
      return ok(await detail(updated), requestMetadata(request.id));
    },
  );

  app.delete(
    '/accommodations/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Delete an accommodation without bookings, with its prices, blocks and feeds; one with bookings is archived',
        params: IdParams,
        response: { 200: Envelope(RemovedSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const removal = await removeAccommodation(ctx, id, ctx.now());
      return ok({ id, deleted: removal === 'deleted', archived: removal === 'archived' }, requestMetadata(request.id));
    },
  );
};
