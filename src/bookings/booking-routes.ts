import {
  BareEnvelope,
  Envelope,
  commonErrorResponses,
  endpointMetadata,
  ok,
  requestMetadata,
} from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { toId } from '../http/ids.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { BookingCreatedData, BookingIdParams, BookingViewSchema, CreateBookingBody } from './booking-schemas.ts';
import { findBookingView } from './booking-retrieval.ts';
import { requestKey, requestViewer } from '../auth/require-key.ts';
import { createBooking } from './create-booking.ts';
import { cancelBooking } from './cancel-booking.ts';
import { isReplayed } from './idempotency.ts';

/** docs/api.md#bookings-create and docs/api.md#bookings-get. */
export const bookingRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/bookings',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Create a direct booking',
        description:
          'card_processor bookings start as draft and hold their nights for DRAFT_HOLD_SECONDS; ' +
          'bank_transfer and cash bookings are confirmed at once. ' +
          'A repeat with the same booking_data.idempotency_key and body returns the first answer ' +
          '(the same booking_id), marked Idempotent-Replayed: true; ' +
          'the same key with another body is a 409 idempotency_key_reused. ' +
          'Keys are remembered per API key for 7 days, and only for a booking that was made: ' +
          'a refused attempt (400, 409, 429) stores nothing, ' +
          'so the same key may be sent again (docs/api.md#idempotency). ' +
          'A 409 dates_unavailable names the conflicting booking (conflicting_booking) ' +
          'only when the calling key created it or is an admin key.',
        security: [{ bearerKey: [] }],
        body: CreateBookingBody,
        response: { 200: Envelope(BookingCreatedData), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await createBooking(ctx, requestKey(request), request.body);
      if (isReplayed(created)) void reply.header('idempotent-replayed', 'true');
      return ok(created, endpointMetadata());
    },
  );

  app.get(
    '/bookings/:booking_id',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Retrieve a booking',
        description:
          'A v1 key reads only the bookings it created: ' +
          'any other booking answers 404, exactly as an unknown id does. ' +
          'Admin keys read every booking.',
        security: [{ bearerKey: [] }],
        params: BookingIdParams,
        response: { 200: BareEnvelope(BookingViewSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.booking_id);
      // Another key's booking answers exactly as a missing id does (docs/api.md#tenant-isolation).
      const view = await findBookingView(ctx.db, id, requestViewer(request));
      if (view === undefined) {
        throw notFound('booking_not_found', `Booking ${request.params.booking_id} not found.`, {
          parameter: 'booking_id',
          received: request.params.booking_id,
        });
      }
      return { success: true as const, data: view };
    },
  );

  app.post(
    '/bookings/:booking_id/cancel',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: "Release this key's own draft at once",
        description:
          'A draft awaiting card payment made by this key is cancelled (reason released_by_partner) ' +
          'and its nights are free at once. ' +
          "Any other state is a 409 booking_not_draft; another key's booking answers 404, as an unknown id does.",
        security: [{ bearerKey: [] }],
        params: BookingIdParams,
        response: { 200: Envelope(BookingViewSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.booking_id);
      const key = requestKey(request);
      // Another key's booking answers exactly as a missing id does, with nothing about its state.
      if ((await findBookingView(ctx.db, id, { kind: 'key', apiKeyId: key.id })) === undefined)
        throw notFound('booking_not_found', `Booking ${request.params.booking_id} not found.`, {
          parameter: 'booking_id',
          received: request.params.booking_id,
        });
      await cancelBooking(ctx, {
        bookingId: id,
        actor: { kind: 'api_key', apiKeyId: key.id },
        reason: 'released_by_partner',
        draftOfKey: key.id,
      });
      const view = await findBookingView(ctx.db, id, requestViewer(request));
      if (view === undefined) throw new Error(`booking ${id} vanished after its release`);
      return ok(view, requestMetadata(request.id));
    },
  );
};
