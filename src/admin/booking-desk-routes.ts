import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { FeatureRoutes } from '../app-context.ts';
import { requestKey } from '../auth/require-key.ts';
import type { BookingActor } from '../bookings/booking-lifecycle.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { adminRoute, IdParams, IdString, toId } from '../http/admin-params.ts';
import {
  CancelBody,
  cancelByHost,
  createBookingByHand,
  CreateHostBookingBody,
  DepositBody,
  moveDeposit,
  RefundBody,
  refundBooking,
  editBooking,
  EditBookingBody,
  recordBookingPayment,
  RecordPaymentBody,
  ReinstateBody,
  reinstateByHost,
  renewGuestUrlByHost,
  undoBookingPayment,
} from './booking-desk.ts';
import { AdminBookingDetailSchema, bookingDetail, PaymentSchema, RefundSchema } from './admin-booking-routes.ts';

/**
 * The host's booking desk in the admin API (docs/api.md#admin-bookings): a booking by hand, an
 * edit, a cancellation and its undoing, a payment recorded or undone, the damage deposit, a refund.
 * Each route hands its body to booking-desk.ts (which calls the lifecycle verbs of src/bookings)
 * with the admin key as the host acting, and answers with the booking.
 */

const PaymentParams = Type.Object({ id: IdString, paymentId: IdString });

/** The admin key acting as the host. */
function hostOf(request: FastifyRequest): Extract<BookingActor, { kind: 'host' }> {
  return { kind: 'host', apiKeyId: requestKey(request).id };
}

const Detail = Envelope(AdminBookingDetailSchema);

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
      const id = await createBookingByHand(ctx, request.body, hostOf(request));
      return reply.code(201).send(ok(await bookingDetail(ctx, id), requestMetadata(request.id)));
    },
  );

  app.patch(
    '/bookings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Edit a booking: dates, guests, internal note, price (re-priced when absent), guest and billing details; ' +
          'the guest mailed only if asked',
        params: IdParams,
        body: EditBookingBody,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await editBooking(ctx, id, request.body, hostOf(request));
      return ok(await bookingDetail(ctx, id), requestMetadata(request.id));
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
      await cancelByHost(ctx, id, request.body, hostOf(request));
      return ok(await bookingDetail(ctx, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/reinstate',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Undo a cancellation while every night of the stay is still free (taken meanwhile: 409); ' +
          'the guest is mailed the confirmation',
        params: IdParams,
        body: ReinstateBody,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await reinstateByHost(ctx, id, hostOf(request));
      return ok(await bookingDetail(ctx, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/guest-url',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          "Give the guest's page a new address (guest_url): the old one answers 404 from now on; " +
          'the guest is not mailed',
        params: IdParams,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await renewGuestUrlByHost(ctx, id, hostOf(request));
      return ok(await bookingDetail(ctx, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/payments',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Record a payment the host received, or a refund given back (a negative amount)',
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
      const paymentId = await recordBookingPayment(ctx, id, request.body, hostOf(request));
      const booking = await bookingDetail(ctx, id);
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
      await undoBookingPayment(ctx, id, toId(request.params.paymentId), hostOf(request));
      return ok(await bookingDetail(ctx, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/deposit',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Collect, return or keep (with a reason) the damage deposit: its own ledger, outside price and revenue',
        params: IdParams,
        body: DepositBody,
        response: { 200: Detail, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      await moveDeposit(ctx, id, request.body, hostOf(request));
      return ok(await bookingDetail(ctx, id), requestMetadata(request.id));
    },
  );

  app.post(
    '/bookings/:id/refunds',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Give money back: lowering the price (reduce_price) or only returning money, which is then due again',
        params: IdParams,
        body: RefundBody,
        response: {
          201: Envelope(Type.Object({ refund: RefundSchema, booking: AdminBookingDetailSchema })),
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = toId(request.params.id);
      const refundId = await refundBooking(ctx, id, request.body, hostOf(request));
      const booking = await bookingDetail(ctx, id);
      const refund = booking.refunds.find((r) => r.id === refundId);
      if (refund === undefined) throw new Error(`refund ${refundId} not found after it was recorded`);
      return reply.code(201).send(ok({ refund, booking }, requestMetadata(request.id)));
    },
  );
};
