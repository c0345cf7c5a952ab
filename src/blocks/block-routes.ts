import { Type } from 'typebox';
import { blockNights, blockedNights, unblockNights } from './block-nights.ts';
import { nightRange, realDate } from '../accommodations/night-range.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, DateString, IdParams, NullableString, toId } from '../http/admin-params.ts';
import { BlockBody } from './block-schemas.ts';

const BlockResult = Type.Object({
  accommodation_id: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  nights: Type.Integer(),
  reason: NullableString,
});

const BlockedNightSchema = Type.Object({ date: Type.String(), reason: NullableString, created_at: Type.String() });

/** Blocked nights: block and unblock a range [from, to), list them. */
export const blockRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/accommodations/:id/blocks',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Block the nights from `from` up to, not including, `to`; 409 if any is taken',
        params: IdParams,
        body: BlockBody,
        response: { 201: Envelope(BlockResult), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const id = toId(request.params.id);
      const range = nightRange(request.body.from, request.body.to);
      const reason = request.body.reason?.trim() || null;
      await blockNights(ctx, id, range, reason, ctx.now());
      return reply
        .code(201)
        .send(
          ok(
            { accommodation_id: id, from: range.from, to: range.to, nights: range.nights.length, reason },
            requestMetadata(request.id),
          ),
        );
    },
  );

  app.delete(
    '/accommodations/:id/blocks',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Unblock the blocked nights from `from` up to, not including, `to`',
        params: IdParams,
        body: BlockBody,
        response: { 200: Envelope(Type.Object({ unblocked: Type.Integer() })), ...commonErrorResponses },
      },
    },
    async (request) => {
      const range = nightRange(request.body.from, request.body.to);
      const unblocked = await unblockNights(ctx, toId(request.params.id), range);
      return ok({ unblocked }, requestMetadata(request.id));
    },
  );

  app.get(
    '/accommodations/:id/blocks',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Blocked nights, optionally those from `from` up to, not including, `to`',
        params: IdParams,
        querystring: Type.Object(
          { from: Type.Optional(DateString), to: Type.Optional(DateString) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Array(BlockedNightSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const range = {
        ...(from === undefined ? {} : { from: realDate(from, 'from') }),
        ...(to === undefined ? {} : { to: realDate(to, 'to') }),
      };
      const nights = await blockedNights(ctx.db, toId(request.params.id), range);
      return ok(
        nights.map((n) => ({ date: n.night, reason: n.reason, created_at: n.created_at })),
        requestMetadata(request.id),
      );
    },
  );
};
