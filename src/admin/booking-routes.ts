import { Type } from 'typebox';
import { listBookingEvents } from '../bookings/booking-lifecycle.ts';
import { BOOKING_STATUSES } from '../db/schema.ts';
import { realDate } from '../accommodations/night-range.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { FeatureRoutes } from '../app-context.ts';
import {
  adminRoute,
  DateString,
  IdParams,
  IdString,
  NullableString,
  page,
  PageQueryFields,
  toId,
} from './admin-params.ts';
import { findBookingRow, listBookings } from './booking-queries.ts';
import { bookingToJson } from './admin-booking-json.ts';

const Status = Type.Enum(BOOKING_STATUSES);

export const AdminBookingSchema = Type.Object({
  id: Type.Integer(),
  confirmation_code: Type.String(),
  accommodation_id: Type.Integer(),
  accommodation_name: Type.String(),
  status: Status,
  source: Type.String(),
  checkin_date: Type.String(),
  checkout_date: Type.String(),
  nights: Type.Integer(),
  adults: Type.Integer(),
  children: Type.Integer(),
  babies: Type.Integer(),
  guest_notes: Type.String(),
  payment_method: Type.String(),
  payment_intent_id: NullableString,
  currency: Type.String(),
  pricing: Type.Object({
    base_price: Type.Number(),
    discount: Type.Number(),
    cleaning_fee: Type.Number(),
    extras: Type.Record(Type.String(), Type.Number()),
    tax: Type.Number(),
    total: Type.Number(),
  }),
  total_amount: Type.Number(),
  hold_expires_at: NullableString,
  cancel_reason: NullableString,
  partner: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), phone: NullableString }),
  created_at: Type.String(),
  updated_at: Type.String(),
  confirmed_at: NullableString,
  cancelled_at: NullableString,
});

export const BookingEventSchema = Type.Object({
  event: Type.Enum(['created', 'confirmed', 'modified', 'cancelled', 'expired', 'reinstated'], {
    description: 'what happened',
  }),
  status: Status,
  actor: Type.Object({
    kind: Type.Enum(['api_key', 'webhook', 'payment_event', 'hold_expiry', 'host', 'system'], {
      description: 'who made the change',
    }),
    ref: Type.Union([Type.String(), Type.Null()], {
      description: 'the API key id, webhook delivery id or payment event id',
    }),
  }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'why: the payment, the cancellation reason, what was modified',
  }),
  at: Type.String(),
});

/** One booking with its history, oldest change first. */
export const AdminBookingDetailSchema = Type.Object({
  ...AdminBookingSchema.properties,
  events: Type.Array(BookingEventSchema),
});

const BookingQuery = Type.Object(
  {
    accommodation_id: Type.Optional(IdString),
    status: Type.Optional(Status),
    from: Type.Optional(DateString),
    to: Type.Optional(DateString),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);

/** Bookings, read-only: filtered list (newest first) and one booking. */
export const adminBookingRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/bookings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Bookings, newest first; from/to select those with a night in [from, to)',
        querystring: BookingQuery,
        response: { 200: Envelope(Type.Array(AdminBookingSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listBookings(ctx.db, {
        ...(q.accommodation_id === undefined ? {} : { accommodationId: toId(q.accommodation_id) }),
        ...(q.status === undefined ? {} : { status: q.status }),
        ...(q.from === undefined ? {} : { from: realDate(q.from, 'from') }),
        ...(q.to === undefined ? {} : { to: realDate(q.to, 'to') }),
        ...page(q),
      });
      return ok(rows.map(bookingToJson), requestMetadata(request.id));
    },
  );

  app.get(
    '/bookings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'One booking, with the history of its changes (who made each and why)',
        params: IdParams,
        response: { 200: Envelope(AdminBookingDetailSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const row = await findBookingRow(ctx.db, id);
      if (row === undefined)
        throw notFound('booking_not_found', `No booking with id ${id}.`, {
          parameter: 'id',
          expected: 'id of an existing booking',
          received: id,
        });
      const events = await listBookingEvents(ctx.db, id);
      return ok(
        {
          ...bookingToJson(row),
          events: events.map((e) => ({
            event: e.event,
            status: e.status,
            actor: { kind: e.actor_kind, ref: e.actor_ref },
            reason: e.reason,
            at: e.created_at,
          })),
        },
        requestMetadata(request.id),
      );
    },
  );
};
