import { Type } from 'typebox';
import { findFeed } from './external-feed-repository.ts';
import { addFeed, editFeed, feedsOf, feedUrlRules } from './ical-feeds.ts';
import { removeFeed } from './remove-feed.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { exportUrl, rotateExportUrls } from './export-tokens.ts';
import { feedViews } from './feed-views.ts';
import { listAlerts } from './overbooking-alerts.ts';
import { pullFeed } from './pull-feed.ts';
import { FeedBody, FeedPatchBody } from './feed-schemas.ts';
import { adminRoute, DeletedSchema, IdParams, IdString, NullableString, toId } from '../http/admin-params.ts';

const Outcome = Type.Union(
  [Type.Literal('updated'), Type.Literal('not_modified'), Type.Literal('held'), Type.Literal('failed')],
  {
    description:
      'updated: read and applied; not_modified: a 304 or the same body as last time; ' +
      'held: the calendar came back empty while the feed had stays, ' +
      'which are kept until the next pull confirms it; ' +
      'failed: nothing changed',
  },
);

const PullLogSchema = Type.Object({
  started_at: Type.String(),
  outcome: Outcome,
  http_status: Type.Union([Type.Integer(), Type.Null()]),
  added: Type.Integer(),
  changed: Type.Integer(),
  removed: Type.Integer(),
  error: NullableString,
});

export const FeedSchema = Type.Object({
  id: Type.Integer(),
  accommodation_id: Type.Integer(),
  name: Type.String(),
  url: Type.String({ description: 'the feed URL without any user name or password' }),
  created_at: Type.String(),
  last_synced_at: NullableString,
  last_success_at: NullableString,
  last_status: Type.Union([Type.String({ description: 'ok, not_modified, held or failed' }), Type.Null()]),
  last_error: NullableString,
  consecutive_failures: Type.Integer(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()], {
    description: 'when the schedule pulls it next (interval, or backoff after failures)',
  }),
  export_url: Type.String({
    description: 'secret URL of this accommodation’s calendar without this feed’s own imports: give it to this channel',
  }),
  pulls: Type.Array(PullLogSchema, { description: 'the last pulls, newest first' }),
});

const PullResultSchema = Type.Object({
  feed_id: Type.Integer(),
  feed: Type.String(),
  outcome: Outcome,
  added: Type.Integer(),
  changed: Type.Integer(),
  removed: Type.Integer(),
  alerts: Type.Integer({ description: 'new overbooking alerts' }),
  error: NullableString,
});

const Side = Type.Object({
  kind: Type.Union([Type.Literal('booking'), Type.Literal('block'), Type.Literal('external')]),
  booking_id: Type.Union([Type.Integer(), Type.Null()]),
  confirmation_code: NullableString,
  feed: NullableString,
  start_date: NullableString,
  end_date: NullableString,
  reason: NullableString,
});

const AlertSchema = Type.Object({
  id: Type.Integer(),
  accommodation_id: Type.Integer(),
  created_at: Type.String(),
  first_night: Type.String(),
  nights: Type.Integer({ description: 'nights of the imported stay held by the other side' }),
  imported: Type.Object({
    feed_id: Type.Integer(),
    feed: Type.String(),
    uid: Type.String(),
    summary: Type.String(),
    start_date: Type.String(),
    end_date: Type.String(),
  }),
  other: Side,
});

const FeedParams = Type.Object({ id: IdString, feedId: IdString });

/** iCal feeds of an accommodation: add, list with their pull state, pull now, remove; overbooking alerts. */
export const icalFeedRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/accommodations/:id/ical-feeds',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Add an external calendar to import',
        params: IdParams,
        body: FeedBody,
        response: { 201: Envelope(FeedSchema), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const feed = await addFeed(ctx.db, toId(request.params.id), request.body, ctx.now(), feedUrlRules(ctx.config));
      const views = await feedViews(ctx.db, ctx.config, [feed]);
      return reply.code(201).send(ok(views[0] as (typeof views)[number], requestMetadata(request.id)));
    },
  );

  app.patch(
    '/accommodations/:id/ical-feeds/:feedId',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          "Change an external calendar's name or URL in place: " +
          'it keeps its export URL and its stays until the next pull reads the new URL',
        params: FeedParams,
        body: FeedPatchBody,
        response: { 200: Envelope(FeedSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const feed = await editFeed(
        ctx.db,
        toId(request.params.id),
        toId(request.params.feedId),
        request.body,
        feedUrlRules(ctx.config),
      );
      const views = await feedViews(ctx.db, ctx.config, [feed]);
      return ok(views[0] as (typeof views)[number], requestMetadata(request.id));
    },
  );

  app.get(
    '/accommodations/:id/ical-feeds',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "An accommodation's external calendars with their pull state and log",
        params: IdParams,
        response: { 200: Envelope(Type.Array(FeedSchema)), ...commonErrorResponses },
      },
    },
    async (request) =>
      ok(
        await feedViews(ctx.db, ctx.config, await feedsOf(ctx.db, toId(request.params.id))),
        requestMetadata(request.id),
      ),
  );

  app.post(
    '/accommodations/:id/ical-feeds/:feedId/sync',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Pull an external calendar now; answers what changed',
        params: FeedParams,
        response: { 200: Envelope(PullResultSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const accommodationId = toId(request.params.id);
      const feedId = toId(request.params.feedId);
      await requireAccommodation(ctx.db, accommodationId);
      const feed = await findFeed(ctx.db, accommodationId, feedId);
      if (feed === undefined)
        throw notFound('feed_not_found', `Accommodation ${accommodationId} has no feed ${feedId}.`, {
          parameter: 'feedId',
          received: feedId,
        });
      const pull = await pullFeed({ ctx }, feed);
      if (pull.outcome === 'failed')
        request.log.warn({ feed_id: feed.id, feed: feed.name, error: pull.error }, 'external calendar pull failed');
      return ok(pull, requestMetadata(request.id));
    },
  );

  app.get(
    '/accommodations/:id/overbooking-alerts',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Imported stays over nights a booking, block or another feed already holds, with both sides',
        params: IdParams,
        response: { 200: Envelope(Type.Array(AlertSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await requireAccommodation(ctx.db, id);
      return ok(await listAlerts(ctx.db, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/accommodations/:id/ical-export-url/rotate',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Replace the secret export URLs of an accommodation and of each of its feeds; the old ones stop working',
        params: IdParams,
        response: { 200: Envelope(Type.Object({ ical_export_url: Type.String() })), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const token = await rotateExportUrls(ctx.db, id, ctx.now());
      return ok({ ical_export_url: exportUrl(ctx.config, token) }, requestMetadata(request.id));
    },
  );

  app.delete(
    '/accommodations/:id/ical-feeds/:feedId',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Remove an external calendar and the reservations imported from it',
        params: FeedParams,
        response: { 200: Envelope(DeletedSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const feedId = toId(request.params.feedId);
      await removeFeed(ctx.db, toId(request.params.id), feedId, ctx.now());
      return ok({ deleted: true as const, id: feedId }, requestMetadata(request.id));
    },
  );
};
