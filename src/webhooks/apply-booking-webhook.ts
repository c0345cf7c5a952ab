import type { AppContext } from '../app-context.ts';
import { findBookingStatus, findBookingView } from '../bookings/booking-retrieval.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { modifyBooking } from '../bookings/modify-booking.ts';
import { undoable, type Unit } from '../db/unit-of-work.ts';
import { isAppError, notFound, type AppError } from '../http/errors.ts';
import { outcomeUnknown, settleUncertain } from '../http/uncertain-commit.ts';
import { answerOfRefusal, answerOfResult, replayAnswer } from './delivery-answer.ts';
import { DuplicateDeliveryError, finishDelivery, inDelivery, rememberedAnswer } from './webhook-events.ts';
import type { UpdateBody, UpdateResult } from './webhook-schemas.ts';

const REMEMBERED_REFUSALS: ReadonlySet<number> = new Set([400, 404, 409]);

export interface Delivery {
  /** SHA-256 of the exact body bytes. */
  key: string;
  /** How long the delivery and its answer are remembered (docs/api.md#webhook-replay). */
  retentionMs: number;
  /** A webhook secret is set, so the delivery's signature was checked. */
  signed: boolean;
  /** Signed with this API key's own secret: only that key's bookings may be touched (others: 404). */
  apiKeyId: number | null;
}

/**
 * POST /webhook/update (docs/api.md#webhook-update). One unit of work records the delivery and
 * applies the event through a lifecycle verb (which locks the booking), so an identical body
 * delivered again — even at the same moment to another process — is applied once. A refusal
 * (404, 409, 400 on new_data) is remembered too, with its answer: the same bytes get the same
 * answer for the whole retention, never a later, different outcome.
 */
export function applyBookingWebhook(ctx: AppContext, body: UpdateBody, delivery: Delivery): Promise<UpdateResult> {
  // The connection broke during the commit (docs/api.md#failures): the delivery runs again, and
  // answers as the first time if that one was stored (a repeat of the same bytes), or applies now.
  return settleUncertain(
    ctx.store.health,
    () => applyOnce(ctx, body, delivery),
    () => applyOnce(ctx, body, delivery),
    () => outcomeUnknown('the delivery', 'Send the same bytes again: a delivery is applied once.'),
  );
}

async function applyOnce(ctx: AppContext, body: UpdateBody, delivery: Delivery): Promise<UpdateResult> {
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
    // The delivery's row comes first: a concurrent copy of the same bytes waits on its unique
    // key until this unit ends, then finds the answer recorded here, applied or refused.
    outcome = await inDelivery(ctx.db, now, record, async (unit, deliveryId) => {
      try {
        // A refusal's writes are undone; the delivery stays, to remember the refusal with it.
        const apply = () => applyEvent(ctx, unit, body, deliveryId, delivery.apiKeyId);
        return { answer: await undoable(unit, apply, isRememberedRefusal) };
      } catch (error) {
        if (!isRememberedRefusal(error)) throw error;
        await finishDelivery(unit.trx, deliveryId, {
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

/** Only a refusal about the booking is an answer to remember; a store that is away (503) is retried. */
function isRememberedRefusal(error: unknown): error is AppError {
  return isAppError(error) && REMEMBERED_REFUSALS.has(error.status);
}

/**
 * Applies the event to its booking through the lifecycle, inside the delivery's unit. A refusal
 * (unknown booking, a move the lifecycle refuses, bad new_data) carries `updated`, `booking_id`
 * and the status for the webhook's callers.
 */
async function applyEvent(
  ctx: AppContext,
  unit: Unit,
  body: UpdateBody,
  deliveryId: number,
  apiKeyId: number | null,
): Promise<UpdateResult> {
  // A key's own secret reaches only its own bookings; another's answers as an unknown one does.
  if (
    apiKeyId !== null &&
    (await findBookingView(unit.trx, body.booking_id, { kind: 'key', apiKeyId })) === undefined
  ) {
    const message = `Booking ${body.booking_id} not found.`;
    throw notFound('booking_not_found', message, { parameter: 'booking_id', received: body.booking_id }).withBody({
      updated: false,
      message,
      booking_id: body.booking_id,
      new_status: null,
    });
  }
  const command = { bookingId: body.booking_id, actor: { kind: 'webhook', deliveryId } } as const;
  const outcome =
    body.event_type === 'cancelled'
      ? await cancelBooking(ctx, { ...command, reason: body.reason }, unit)
      : await modifyBooking(ctx, { ...command, changes: body.new_data ?? {} }, unit);
  const answer: UpdateResult = { success: true, ...outcome };
  await finishDelivery(unit.trx, deliveryId, {
    outcome: outcome.updated ? outcome.new_status : 'unchanged',
    bookingId: outcome.booking_id,
    detail: outcome.message,
    answer: answerOfResult(answer),
  });
  return answer;
}

/** A repeat of remembered bytes gets the first answer: the same status and body. */
async function repeatOf(ctx: AppContext, body: UpdateBody, delivery: Delivery, nowIso: string): Promise<UpdateResult> {
  ctx.metrics.webhooksReceived.labels('service', 'duplicate').inc();
  const answer = await rememberedAnswer(ctx.db, 'service', delivery.key, nowIso);
  const replayed = answer === null ? null : replayAnswer(answer);
  if (replayed !== null && 'updated' in replayed) return replayed;
  // Recorded before answers were kept (or unreadable): say it was applied, as it then was.
  const status = await findBookingStatus(ctx.db, body.booking_id);
  if (status === undefined) throw new Error(`booking ${body.booking_id} of a recorded delivery is gone`);
  return {
    success: true,
    updated: false,
    message: 'This exact delivery was already applied; nothing changed.',
    booking_id: body.booking_id,
    new_status: status,
  };
}
