import type { AppContext } from '../app-context.ts';
import type { BookingActor } from '../bookings/booking-lifecycle.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { modifyBooking } from '../bookings/modify-booking.ts';
import { lockRows } from '../db/row-locks.ts';
import type { Executor } from '../db/store.ts';
import { sql } from 'kysely';
import { isAppError, notFound, type AppError } from '../http/errors.ts';
import { answerOfRefusal, answerOfResult, replayAnswer } from './delivery-answer.ts';
import { DuplicateDeliveryError, finishDelivery, recordDelivery, rememberedAnswer } from './webhook-events.ts';
import type { UpdateBody, UpdateResult } from './webhook-schemas.ts';

const REMEMBERED_REFUSALS: ReadonlySet<number> = new Set([400, 404, 409]);

export interface Delivery {
  /** SHA-256 of the exact body bytes. */
  key: string;
  /** How long the delivery and its answer are remembered (docs/api.md#webhook-replay). */
  retentionMs: number;
  /** A webhook secret is set, so the delivery's signature was checked. */
  signed: boolean;
}

/**
 * POST /webhook/update (docs/api.md#webhook-update). One transaction records the delivery,
 * locks the booking and applies the event, so an identical body delivered again — even at the
 * same moment to another process — is applied once. A refusal (404, 409, 400 on new_data) is
 * remembered too, with its answer: the same bytes get the same answer for the whole retention,
 * never a later, different outcome.
 */
export async function applyBookingWebhook(
  ctx: AppContext,
  body: UpdateBody,
  delivery: Delivery,
): Promise<UpdateResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const record = {
    source: 'service' as const,
    dedupeKey: delivery.key,
    eventType: body.event_type,
    receivedAt: nowIso,
    expiresAt: new Date(now.getTime() + delivery.retentionMs).toISOString(),
  };
  let outcome: { answer: UpdateResult } | { refusal: AppError };
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      // The delivery's row comes first: a concurrent copy of the same bytes waits on its unique
      // key until this transaction ends, then finds the answer recorded here, applied or refused.
      const deliveryId = await recordDelivery(trx, record);
      await sql`savepoint webhook_change`.execute(trx);
      try {
        return { answer: await applyChange(ctx, trx, body, deliveryId, now) };
      } catch (error) {
        // Only a refusal about the booking is an answer; a store that is away (503) is retried.
        if (!isAppError(error) || !REMEMBERED_REFUSALS.has(error.status)) throw error;
        // Undo the change's writes, keep the delivery, and remember the refusal with it.
        await sql`rollback to savepoint webhook_change`.execute(trx);
        await finishDelivery(trx, deliveryId, {
          outcome: 'refused',
          bookingId: error.status === 404 ? null : body.booking_id,
          detail: error.message,
          answer: answerOfRefusal(error),
        });
        return { refusal: error };
      }
    });
  } catch (error) {
    if (error instanceof DuplicateDeliveryError) return repeatOf(ctx, body, delivery, nowIso);
    if (isAppError(error)) ctx.metrics.webhooksReceived.labels('service', 'refused').inc();
    throw error;
  }
  if ('refusal' in outcome) {
    ctx.metrics.webhooksReceived.labels('service', 'refused').inc();
    throw outcome.refusal;
  }
  ctx.metrics.webhooksReceived
    .labels('service', outcome.answer.updated ? outcome.answer.new_status : 'unchanged')
    .inc();
  return outcome.answer;
}

/** Locks the booking and applies the event inside the delivery's transaction. */
async function applyChange(
  ctx: AppContext,
  trx: Executor,
  body: UpdateBody,
  deliveryId: number,
  now: Date,
): Promise<UpdateResult> {
  const nowIso = now.toISOString();
  const booking = await lockRows(
    trx,
    trx.selectFrom('bookings').selectAll().where('id', '=', body.booking_id),
  ).executeTakeFirst();
  if (booking === undefined) {
    throw notFound('booking_not_found', `Booking ${body.booking_id} not found.`, {
      parameter: 'booking_id',
      received: body.booking_id,
    }).withBody({
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
    if (isAppError(error))
      throw error.withBody({
        updated: false,
        message: error.message,
        booking_id: booking.id,
        new_status: booking.status,
      });
    throw error;
  }
}

/** A repeat of remembered bytes gets the first answer: the same status and body. */
async function repeatOf(ctx: AppContext, body: UpdateBody, delivery: Delivery, nowIso: string): Promise<UpdateResult> {
  ctx.metrics.webhooksReceived.labels('service', 'duplicate').inc();
  const answer = await rememberedAnswer(ctx.db, 'service', delivery.key, nowIso);
  const replayed = answer === null ? null : replayAnswer(answer);
  if (replayed !== null && 'updated' in replayed) return replayed;
  // Recorded before answers were kept (or unreadable): say it was applied, as it then was.
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['status'])
    .where('id', '=', body.booking_id)
    .executeTakeFirstOrThrow();
  return {
    success: true,
    updated: false,
    message: 'This exact delivery was already applied; nothing changed.',
    booking_id: body.booking_id,
    new_status: booking.status,
  };
}
