import { setTimeout as delay } from 'node:timers/promises';
import type { AppContext } from '../app-context.ts';
import { isAppError } from '../http/errors.ts';
import { syncCalendars } from '../ical/sync-calendars.ts';
import type { Delivery } from './apply-booking-webhook.ts';
import { answerOfRefusal, answerOfResult, replayAnswer } from './delivery-answer.ts';
import {
  DuplicateDeliveryError,
  finishDelivery,
  forgetDelivery,
  recordDelivery,
  rememberedDelivery,
  type DeliveryAnswer,
} from './webhook-events.ts';
import type { CalendarSyncResult } from './webhook-schemas.ts';

/** How long a copy waits for the first copy's answer while that one is still pulling. */
const FIRST_ANSWER_WAIT_MS = 30_000;
const FIRST_ANSWER_POLL_MS = 100;

export interface CalendarSyncOutcome {
  result: CalendarSyncResult;
  /** False when the answer is a remembered one: nothing was pulled for this request. */
  pulled: boolean;
}

/**
 * POST /webhook/calendar_sync (docs/api.md#webhook-calendar-sync): pulls the accommodation's feeds
 * and answers what changed. A delivery whose timestamp was checked (a secret is set), or that the
 * legacy opt-out lets in without one, is remembered with its answer like /update's (an unknown
 * accommodation's 404 too): the same bytes again get that answer and pull nothing. Without a
 * secret nothing tells a replay from a new request, and a pull changes nothing when the feeds have
 * not, so every call pulls.
 *
 * The pull talks to other servers for seconds, so the delivery is recorded before it starts, not
 * in one transaction with it. A copy that arrives while the first is still pulling waits for its
 * answer, up to 30 s; if by then there is still none (the first copy's process died), it pulls
 * itself and records its answer for the copies after it. A pull that fails with a server error
 * (the store away) leaves nothing remembered, so the sender's retry pulls.
 */
export async function syncCalendarWebhook(
  ctx: AppContext,
  accommodationId: number,
  delivery: Delivery,
  options: { firstAnswerWaitMs?: number } = {},
): Promise<CalendarSyncOutcome> {
  if (!delivery.signed) return { result: await resultOf(ctx, accommodationId), pulled: true };
  // Keyed apart from /update's deliveries: the same bytes can be a valid body of both.
  const key = `calendar_sync:${delivery.key}`;
  const waitUntil = Date.now() + (options.firstAnswerWaitMs ?? FIRST_ANSWER_WAIT_MS);
  for (;;) {
    const now = ctx.now();
    const nowIso = now.toISOString();
    try {
      const id = await recordDelivery(ctx.db, {
        source: 'service',
        dedupeKey: key,
        eventType: 'calendar_sync',
        receivedAt: nowIso,
        expiresAt: new Date(now.getTime() + delivery.retentionMs).toISOString(),
      });
      return { result: await pullAndRemember(ctx, accommodationId, id), pulled: true };
    } catch (error) {
      if (!(error instanceof DuplicateDeliveryError)) throw error;
    }
    const found = await rememberedDelivery(ctx.db, 'service', key, nowIso);
    // Forgotten meanwhile (the first copy's pull failed): record it again, as a new delivery.
    if (found === null) continue;
    if (found.answer !== null) {
      ctx.metrics.webhooksReceived.labels('service', 'duplicate').inc();
      return { result: replayed(found.answer), pulled: false };
    }
    if (Date.now() < waitUntil) {
      await delay(FIRST_ANSWER_POLL_MS);
      continue;
    }
    // No answer after the wait: the first copy is gone. Pull, and answer the copies after this one.
    const result = await resultOf(ctx, accommodationId);
    await finishDelivery(
      ctx.db,
      found.id,
      { outcome: 'synced', bookingId: null, detail: result.message, answer: answerOfResult(result) },
      { ifUnanswered: true },
    );
    return { result, pulled: true };
  }
}

async function pullAndRemember(
  ctx: AppContext,
  accommodationId: number,
  deliveryId: number,
): Promise<CalendarSyncResult> {
  let result: CalendarSyncResult;
  try {
    result = await resultOf(ctx, accommodationId);
  } catch (error) {
    if (isAppError(error) && error.status === 404) {
      await finishDelivery(ctx.db, deliveryId, {
        outcome: 'refused',
        bookingId: null,
        detail: error.message,
        answer: answerOfRefusal(error),
      });
      ctx.metrics.webhooksReceived.labels('service', 'refused').inc();
    } else {
      // Nothing to remember: the sender's retry pulls. A record that cannot be deleted is
      // answered by the next copy after its wait.
      await forgetDelivery(ctx.db, deliveryId).catch(() => undefined);
    }
    throw error;
  }
  await finishDelivery(ctx.db, deliveryId, {
    outcome: 'synced',
    bookingId: null,
    detail: result.message,
    answer: answerOfResult(result),
  });
  return result;
}

/** The remembered answer: the result, or its refusal thrown. */
function replayed(answer: DeliveryAnswer): CalendarSyncResult {
  const result = replayAnswer(answer);
  if (result !== null && 'action' in result) return result;
  throw new Error('a remembered calendar_sync answer could not be read');
}

async function resultOf(ctx: AppContext, accommodationId: number): Promise<CalendarSyncResult> {
  const report = await syncCalendars(ctx, accommodationId);
  ctx.metrics.webhooksReceived.labels('service', 'calendar_sync').inc();
  const pulls = report.accommodations[0]?.feeds ?? [];
  return {
    success: true as const,
    accommodation_id: accommodationId,
    action: 'sync' as const,
    message: report.lines.join(' '),
    feeds: pulls.length,
    imported: pulls.reduce((sum, p) => sum + p.added + p.changed, 0),
    details: report.lines,
    results: pulls.map(({ feed_id, feed, outcome, added, changed, removed, error }) => ({
      feed_id,
      feed,
      outcome,
      added,
      changed,
      removed,
      error,
    })),
  };
}
