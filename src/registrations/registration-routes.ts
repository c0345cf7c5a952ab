import { adminRoute, IdParams, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { RoutesWith } from '../http/types.ts';
import { loadRegistration } from './registration-repository.ts';
import { registrationJson, RegistrationSchema } from './registration-json.ts';
import type { RegistrationContext } from './registration-post.ts';

/** The admin API's view of a booking's check-in (docs/api.md#bookings). */
export const registrationRoutes: RoutesWith<RegistrationContext> = async (app, { ctx }) => {
  app.get(
    '/bookings/:id/registration',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "A booking's online check-in: its state, each registered guest and the arrival time",
        params: IdParams,
        response: { 200: Envelope(RegistrationSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      // Live bookings only, as the other booking routes of the admin API.
      const booking = await ctx.db
        .selectFrom('bookings')
        .select(['adults', 'children'])
        .where('id', '=', id)
        .where('mode', '=', 'live')
        .executeTakeFirst();
      if (booking === undefined)
        throw notFound('booking_not_found', `No booking with id ${id}.`, {
          parameter: 'id',
          expected: 'id of an existing booking',
          received: id,
        });
      const stored = await loadRegistration(ctx.db, id);
      return ok(registrationJson(booking.adults + booking.children, stored), requestMetadata(request.id));
    },
  );
};
