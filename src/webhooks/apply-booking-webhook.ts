import type { AppContext } from '../app-context.ts';
import type { BookingActor } from '../bookings/booking-lifecycle.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { modifyBooking } from '../bookings/modify-booking.ts';
import { lockRows } from '../db/row-locks.ts';
import { isAppError, notFound } from '../http/errors.ts';
import { DuplicateDeliveryError, finishDelivery, recordDelivery } from './webhook-events.ts';
import type { UpdateBody, UpdateResult } from './webhook-schemas.ts';

/**
 * POST /webhook/update (api-v1.md 4.7, decisions.md 7). One transaction records the delivery,
 * locks the booking and applies the event, so an identical body delivered again — even at the
 * same moment to another process — is applied once. A refusal (404, 409, 400) records nothing,
 * so the sender may retry once the cause is fixed.
 */
export async function applyBookingWebhook(ctx: AppContext, body: UpdateBody, deliveryKey: string): Promise<UpdateResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const deliveryId = await recordDelivery(trx, { source: 'service', dedupeKey: deliveryKey, eventType: body.event_type, receivedAt: nowIso });
      const booking = await lockRows(trx, trx.selectFrom('bookings').selectAll().where('id', '=', body.booking_id)).executeTakeFirst();
      if (booking === undefined) {
        throw notFound('booking_not_found', `Booking ${body.booking_id} not found.`, { parameter: 'booking_id', received: body.booking_id });
      }
      const actor: BookingActor = { kind: 'webhook', deliveryId };
      try {
        const outcome =
          body.event_type === 'cancelled'
            ? await cancelBooking(trx, ctx.config, booking, body.reason, actor, nowIso)
            : await modifyBooking(trx, ctx.config, booking, body.new_data ?? {}, actor, now);
        await finishDelivery(trx, deliveryId, { outcome: outcome.updated ? outcome.new_status : 'unchanged', bookingId: booking.id, detail: outcome.message });
        return outcome;
      } catch (error) {
        // The webhook's callers read `updated`, `booking_id` and the status beside the error.
        if (isAppError(error)) throw error.withBody({ updated: false, message: error.message, booking_id: booking.id, new_status: booking.status });
        throw error;
      }
    });
    ctx.metrics.webhooksReceived.labels('service', result.updated ? result.new_status : 'unchanged').inc();
    return { success: true, ...result };
  } catch (error) {
    if (error instanceof DuplicateDeliveryError) {
      ctx.metrics.webhooksReceived.labels('service', 'duplicate').inc();
      const booking = await ctx.db.selectFrom('bookings').select(['status']).where('id', '=', body.booking_id).executeTakeFirstOrThrow();
      return {
        success: true,
        updated: false,
        message: 'This exact delivery was already applied; nothing changed.',
        booking_id: body.booking_id,
        new_status: booking.status,
      };
    }
    if (isAppError(error)) {
      ctx.metrics.webhooksReceived.labels('service', 'refused').inc();
      if (error.status === 404) throw error.withBody({ updated: false, message: error.message, booking_id: body.booking_id, new_status: null });
    }
    throw error;
  }
}
