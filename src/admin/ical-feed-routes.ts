import { Type } from 'typebox';
import { addFeed, feedsOf, removeFeed } from '../accommodations/ical-feeds.ts';
import type { ExternalFeed } from '../accommodations/external-feed-repository.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, DeletedSchema, IdParams, IdString, NullableString, toId } from './admin-params.ts';

const FeedBody = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$', description: 'channel name reported as the source of imported bookings, e.g. airbnb; stored lower-case' }),
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'http(s) URL of the iCal feed' }),
  },
  { additionalProperties: false },
);

export const FeedSchema = Type.Object({
  id: Type.Integer(),
  accommodation_id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  created_at: Type.String(),
  last_synced_at: NullableString,
  last_status: NullableString,
  last_error: NullableString,
});

function feedJson(feed: ExternalFeed) {
  return {
    id: feed.id,
    accommodation_id: feed.accommodation_id,
    name: feed.name,
    url: feed.url,
    created_at: feed.created_at,
    last_synced_at: feed.last_synced_at,
    last_status: feed.last_status,
    last_error: feed.last_error,
  };
}

/** iCal feed records of an accommodation (importing them is the iCal feature's work). */
export const icalFeedRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/accommodations/:id/ical-feeds',
    {
      config: { auth: 'admin' },
      schema: { ...adminRoute, summary: 'Add an external calendar to import', params: IdParams, body: FeedBody, response: { 201: Envelope(FeedSchema), ...commonErrorResponses } },
    },
    async (request, reply) => {
      const feed = await addFeed(ctx.db, toId(request.params.id), request.body, ctx.now());
      return reply.code(201).send(ok(feedJson(feed), requestMetadata(request.id)));
    },
  );

  app.get(
    '/accommodations/:id/ical-feeds',
    {
      config: { auth: 'admin' },
      schema: { ...adminRoute, summary: "An accommodation's external calendars", params: IdParams, response: { 200: Envelope(Type.Array(FeedSchema)), ...commonErrorResponses } },
    },
    async (request) => ok((await feedsOf(ctx.db, toId(request.params.id))).map(feedJson), requestMetadata(request.id)),
  );

  app.delete(
    '/accommodations/:id/ical-feeds/:feedId',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Remove an external calendar and the reservations imported from it',
        params: Type.Object({ id: IdString, feedId: IdString }),
        response: { 200: Envelope(DeletedSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const feedId = toId(request.params.feedId);
      await removeFeed(ctx.db, toId(request.params.id), feedId);
      return ok({ deleted: true as const, id: feedId }, requestMetadata(request.id));
    },
  );
};
