import { BareEnvelope, Envelope, commonErrorResponses, endpointMetadata, ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { toId } from '../http/ids.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { BookingCreatedData, BookingIdParams, BookingViewSchema, CreateBookingBody } from './booking-schemas.ts';
import { findBookingView } from './booking-retrieval.ts';
import { createBooking } from './create-booking.ts';

/** api-v1.md 4.2 and 4.3. */
export const bookingRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/bookings',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Create a direct booking',
        description:
          'card_processor bookings start as draft and hold their nights for DRAFT_HOLD_SECONDS; bank_transfer and cash bookings are confirmed at once. ' +
          'A repeat with the same booking_data.idempotency_key and body returns the first answer.',
        security: [{ bearerKey: [] }],
        body: CreateBookingBody,
        response: { 200: Envelope(BookingCreatedData), ...commonErrorResponses },
      },
    },
    async (request) => {
      const apiKeyId = request.apiKey?.id ?? 0;
      const created = await createBooking(ctx, apiKeyId, request.body);
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
        security: [{ bearerKey: [] }],
        params: BookingIdParams,
        response: { 200: BareEnvelope(BookingViewSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.booking_id);
      const view = await findBookingView(ctx.db, id);
      if (view === undefined) {
        throw notFound('booking_not_found', `Booking ${request.params.booking_id} not found.`, { parameter: 'booking_id', received: request.params.booking_id });
      }
      return { success: true as const, data: view };
    },
  );
};
