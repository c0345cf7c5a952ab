import { Type } from 'typebox';
import { nightRange } from './night-range.ts';
import { listPrices, setPrices } from './nightly-prices.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { adminRoute, DateString, IdParams, toId } from '../http/admin-params.ts';
import type { StoreContext } from '../db/store.ts';
import type { RoutesWith } from '../http/types.ts';
import { SetPricesBody } from './accommodation-schemas.ts';

const SetPricesResult = Type.Object({
  accommodation_id: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  nights: Type.Integer(),
  price: Type.Union([Type.Number(), Type.Null()]),
});

const NightPriceSchema = Type.Object({
  date: Type.String(),
  price: Type.Number(),
  source: Type.Union([Type.Literal('override'), Type.Literal('base')]),
});

/** Nightly prices: set or clear over a range [from, to), and list them. */
export const priceRoutes: RoutesWith<StoreContext> = async (app, { ctx }) => {
  app.put(
    '/accommodations/:id/prices',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Set (or with price null, clear) the nightly price of every night from `from` up to, not including, `to`',
        params: IdParams,
        body: SetPricesBody,
        response: { 200: Envelope(SetPricesResult), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const range = nightRange(request.body.from, request.body.to);
      await setPrices(ctx, id, range, request.body.price);
      return ok(
        {
          accommodation_id: id,
          from: range.from,
          to: range.to,
          nights: range.nights.length,
          price: request.body.price,
        },
        requestMetadata(request.id),
      );
    },
  );

  app.get(
    '/accommodations/:id/prices',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'The price of each night from `from` up to, not including, `to` (at most 731 nights)',
        params: IdParams,
        querystring: Type.Object({ from: DateString, to: DateString }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Array(NightPriceSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const range = nightRange(request.query.from, request.query.to);
      return ok(await listPrices(ctx.db, toId(request.params.id), range), requestMetadata(request.id));
    },
  );
};
