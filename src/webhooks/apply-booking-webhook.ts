import type { AppContext } from '../app-context.ts';
import type { BookingActor } from '../bookings/booking-lifecycle.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { modifyBooking } from '../bookings/modify-booking.ts';
import { lockRows } from '../db/row-locks.ts';
import { isAppError, notFound } from '../http/errors.ts';
import { answerOfRefusal, answerOfResult, replayAnswer } from './delivery-answer.ts';
import { DuplicateDeliveryError, finishDelivery, recordDelivery, recordRefusal, rememberedAnswer } from './webhook-events.ts';
import type { UpdateBody, UpdateResult } from './webhook-schemas.ts';

const REMEMBERED_REFUSALS: ReadonlySet<number> = new Set([400, 404, 409]);

export interface Delivery {
  /** SHA-256 of the exact body bytes. */
  key: string;
  /** How long the delivery and its answer are remembered (decisions.md 7). */
  retentionMs: number;
}

/**
 * POST /webhook/update (api-v1.md 4.7, decisions.md 7). One transaction records the delivery,
 * locks the booking and applies the event, so an identical body delivered again — even at the
 * same moment to another process — is applied once. A refusal (404, 409, 400 on new_data) is
 * remembered too, with its answer: the same bytes get the same answer for the whole retention,
 * never a later, different outcome.
 */
export async function applyBookingWebhook(ctx: AppContext, body: UpdateBody, delivery: Delivery): Promise<UpdateResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const record = {
    source: 'service' as const,
    dedupeKey: delivery.key,
    eventType: body.event_type,
    receivedAt: nowIso,
    expiresAt: new Date(now.getTime() + delivery.retentionMs).toISOString(),
  };
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const deliveryId = await recordDelivery(trx, record);
      const booking = await lockRows(trx, trx.selectFrom('bookings').selectAll().where('id', '=', body.booking_id)).executeTakeFirst();
      if (booking === undefined) {
        throw notFound('booking_not_found', `Booking ${body.booking_id} not found.`, { parameter: 'booking_id', received: body.booking_id }).withBody({
          updated: false,
          message: `Booking ${body.booking_id} not found.`,
          booking_id: body.booking_id,
          new_status: null,
        });
      }
      const actor: BookingActor = { kind: 'webhook', deliveryId };
      try {
        const outcome =
          body.event_type === 'cancelled'
            ? await cancelBooking(trx, ctx.config, booking, body.reason, actor, nowIso)
            : await modifyBooking(trx, ctx.config, booking, body.new_data ?? {}, actor, now);
        const answer: UpdateResult = { success: true, ...outcome };
        await finishDelivery(trx, deliveryId, {
          outcome: outcome.updated ? outcome.new_status : 'unchanged',
          bookingId: booking.id,
          detail: outcome.message,
          answer: answerOfResult(answer),
        });
        return answer;
      } catch (error) {
        // The webhook's callers read `updated`, `booking_id` and the status beside the error.
        if (isAppError(error)) throw error.withBody({ updated: false, message: error.message, booking_id: booking.id, new_status: booking.status });
        throw error;
      }
    });
    ctx.metrics.webhooksReceived.labels('service', result.updated ? result.new_status : 'unchanged').inc();
    return result;
  } catch (error) {
    if (error instanceof DuplicateDeliveryError) return repeatOf(ctx, body, delivery, nowIso);
    if (!isAppError(error)) throw error;
    ctx.metrics.webhooksReceived.labels('service', 'refused').inc();
    // Only a refusal about the booking is an answer; a store that is away (503) is retried.
    if (!REMEMBERED_REFUSALS.has(error.status)) throw error;
    await recordRefusal(ctx.db, { ...record, bookingId: error.status === 404 ? null : body.booking_id, detail: error.message }, answerOfRefusal(error));
    throw error;
  }
}

/** A repeat of remembered bytes gets the first answer: the same status and body. */
async function repeatOf(ctx: AppContext, body: UpdateBody, delivery: Delivery, nowIso: string): Promise<UpdateResult> {
  ctx.metrics.webhooksReceived.labels('service', 'duplicate').inc();
  const answer = await rememberedAnswer(ctx.db, 'service', delivery.key, nowIso);
  const replayed = answer === null ? null : replayAnswer(answer);
  if (replayed !== null) return replayed;
  // Recorded before answers were kept (or unreadable): say it was applied, as it then was.
  const booking = await ctx.db.selectFrom('bookings').select(['status']).where('id', '=', body.booking_id).executeTakeFirstOrThrow();
  return { success: true, updated: false, message: 'This exact delivery was already applied; nothing changed.', booking_id: body.booking_id, new_status: booking.status };
}
