import { Type } from 'typebox';
import { storedDecimals, toMinorOrFail } from '../accommodations/accommodation-mapper.ts';
import { realDate } from '../accommodations/night-range.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { requestKey } from '../auth/require-key.ts';
import type { BookingActor } from '../bookings/booking-lifecycle.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { createHostBooking } from '../bookings/create-host-booking.ts';
import { modifyBooking } from '../bookings/modify-booking.ts';
import { recordPayment, undoPayment } from '../bookings/record-payment.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { isAppError, notFound } from '../http/errors.ts';
import { todayIn } from '../shared/dates.ts';
import { MAX_AMOUNT_MINOR } from '../shared/money.ts';
import type { FastifyRequest } from 'fastify';
import { adminRoute, DateString, IdParams, IdString, toId } from './admin-params.ts';
import { findBookingRow } from './booking-queries.ts';
import { AdminBookingDetailSchema, bookingDetail, PaymentSchema } from './booking-routes.ts';

/**
 * The host's booking desk in the admin API (docs/api.md#admin-bookings): a booking by hand, an edit,
 * a cancellation, a payment recorded or undone. Each route only translates HTTP to a lifecycle
 * verb (src/bookings), with the admin key as the host acting, and answers with the booking.
 */

const Text = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description === undefined ? {} : { description }) });
const Count = (min: number) => Type.Integer({ minimum: min, maximum: 100 });
const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT_MINOR, description: 'major units' });

export const CreateHostBookingBody = Type.Object(
  {
    accommodation_id: Type.Integer({ minimum: 1 }),
    checkin_date: DateString,
    checkout_date: DateString,
    adults_count: Count(1),
    children_count: Type.Optional(Count(0)),
    babies_count: Type.Optional(Count(0)),
    guest: Type.Object(
      {
        first_name: Type.String({ minLength: 1, maxLength: 100 }),
        last_name: Type.String({ minLength: 1, maxLength: 100 }),
        email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
        phone: Type.Optional(Text(50)),
      },
      { additionalProperties: false },
    ),
    source: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: 'phone (default), walk_in, owner, another channel' }),
    ),
    payment_method: Type.Optional(Type.Enum(['bank_transfer', 'cash', 'card_processor', 'other'])),
    total_amount: Type.Optional(Amount),
    price_note: Type.Optional(Text(500, 'why the price was set by hand')),
    internal_note: Type.Optional(Text(2000, "the host's own note: never shown to the guest or mailed")),
    notify_guest: Type.Optional(Type.Boolean({ description: 'default: true when the guest has an e-mail' })),
    override_rules: Type.Optional(Type.Boolean({ description: 'skip the minimum and maximum stay only' })),
  },
  { additionalProperties: false },
);

export const EditBookingBody = Type.Object(
  {
    checkin_date: Type.Optional(DateString),
    checkout_date: Type.Optional(DateString),
    adults_count: Type.Optional(Count(1)),
    children_count: Type.Optional(Count(0)),
    babies_count: Type.Optional(Count(0)),
    internal_note: Type.Optional(Text(2000)),
    total_amount: Type.Optional(Amount),
    notify_guest: Type.Optional(Type.Boolean({ description: 'mail the guest what changed for them (default false)' })),
  },
  { additionalProperties: false },
);

const CancelBody = Type.Object(
  {
    reason: Type.Optional(Text(500)),
    notify_guest: Type.Optional(Type.Boolean({ description: 'default true' })),
  },
  { additionalProperties: false },
);

export const RecordPaymentBody = Type.Object(
  {
    amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT_MINOR, description: 'major units' }),
    method: Type.Enum(['cash', 'bank_transfer', 'card', 'other']),
    received_on: Type.Optional(DateString),
    reference: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);

const PaymentParams = Type.Object({ id: IdString, paymentId: IdString });

/** The admin key acting as the host. */
function hostOf(request: FastifyRequest): BookingActor {
  return { kind: 'host', apiKeyId: requestKey(request).id };
}

async function currencyOf(ctx: Parameters<FeatureRoutes>[1]['ctx'], id: number): Promise<string> {
  const row = await findBookingRow(ctx.db, id);
  if (row === undefined)
    throw notFound('booking_not_found', `No booking with id ${id}.`, { parameter: 'id', received: id });
  return row.currency;
}

const Detail = Envelope(AdminBookingDetailSchema);

/**
 * Runs a verb for the admin API: a refusal is answered in the plain error envelope (the verbs add
 * the webhook's `updated`/`new_status` fields, which only the webhook owes its callers).
 */
async function plainErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isAppError(error) ? error.plain() : error;
  }
}

export const bookingDeskRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/bookings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'A booking made by hand (phone, walk-in, owner stay): confirmed at once; taken nights are a 409',
        body: CreateHostBookingBody,
        response: { 201: Detail, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const email = b.guest.email?.trim();
      const id = await createHostBooking(
        ctx,
        {
          accommodationId: b.accommodation_id,
          checkin: b.checkin_date,
          checkout: b.checkout_date,
          adults: b.adults_count,
          children: b.children_count ?? 0,
          babies: b.babies_count ?? 0,
          guest: b.guest,
          source: b.source?.trim() || 'phone',
          paymentMethod: b.payment_method ?? 'bank_transfer',
          total: b.total_amount,
          priceNote: b.price_note,
          internalNote: b.internal_note,
          notifyGuest: b.notify_guest ?? (email !== undefined && email !== ''),
          overrideRules: b.override_rules ?? false,
        },
        hostOf(request),
      );
      return reply.code(201).send(ok(await bookingDetail(ctx.db, id), requestMetadata(request.id)));
    },
  );

  app.patch(
    '/bookings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Edit a booking: dates, guests, internal note, price (re-priced when absent); the guest mailed only if asked',
        params: IdParams,
        body: EditBookingBody,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const b = request.body;
      const currency = await currencyOf(ctx, id);
      const total =
        b.total_amount === undefined
          ? undefined
          : toMinorOrFail('total_amount', b.total_amount, currency, storedDecimals(currency));
      await plainErrors(
        modifyBooking(ctx, {
          bookingId: id,
          actor: hostOf(request),
          changes: {
            checkin_date: b.checkin_date,
            checkout_date: b.checkout_date,
            adults: b.adults_count,
            children: b.children_count,
            babies: b.babies_count,
            internal_note: b.internal_note,
            total,
          },
          notifyGuest: b.notify_guest ?? false,
          fields: { checkin: 'checkin_date', checkout: 'checkout_date', guests: 'adults_count' },
        }),
      );
      return ok(await bookingDetail(ctx.db, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Cancel a booking: its nights are free at once; the guest is mailed unless notify_guest is false',
        params: IdParams,
        body: CancelBody,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const b = request.body;
      await plainErrors(
        cancelBooking(ctx, { bookingId: id, actor: hostOf(request), reason: b.reason, notifyGuest: b.notify_guest }),
      );
      return ok(await bookingDetail(ctx.db, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/payments',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Record a payment the host received (amount, method, date, reference)',
        params: IdParams,
        body: RecordPaymentBody,
        response: {
          201: Envelope(Type.Object({ payment: PaymentSchema, booking: AdminBookingDetailSchema })),
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = toId(request.params.id);
      const b = request.body;
      const row = await findBookingRow(ctx.db, id);
      if (row === undefined)
        throw notFound('booking_not_found', `No booking with id ${id}.`, { parameter: 'id', received: id });
      const amount = toMinorOrFail('amount', b.amount, row.currency, storedDecimals(row.currency));
      const receivedOn =
        b.received_on === undefined ? todayIn(row.timezone, ctx.now()) : realDate(b.received_on, 'received_on');
      const paymentId = await plainErrors(
        recordPayment(ctx, {
          bookingId: id,
          actor: hostOf(request),
          amount,
          method: b.method,
          receivedOn,
          reference: b.reference,
        }),
      );
      const booking = await bookingDetail(ctx.db, id);
      const payment = booking.payments.find((p) => p.id === paymentId);
      if (payment === undefined) throw new Error(`payment ${paymentId} not found after it was recorded`);
      return reply.code(201).send(ok({ payment, booking }, requestMetadata(request.id)));
    },
  );

  app.delete(
    '/bookings/:id/payments/:paymentId',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Undo a payment recorded by mistake: it stays in the list, marked undone, and no longer counts',
        params: PaymentParams,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await plainErrors(
        undoPayment(ctx, { bookingId: id, actor: hostOf(request), paymentId: toId(request.params.paymentId) }),
      );
      return ok(await bookingDetail(ctx.db, id), requestMetadata(request.id));
    },
  );
};
