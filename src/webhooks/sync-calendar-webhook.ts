import { setTimeout as delay } from 'node:timers/promises';
import type { AppContext } from '../app-context.ts';
import { isAppError } from '../http/errors.ts';
import { syncCalendars } from '../ical/sync-calendars.ts';
import type { Delivery } from './apply-booking-webhook.ts';
import { answerOfRefusal, answerOfResult, replayAnswer } from './delivery-answer.ts';
import { DuplicateDeliveryError, finishDelivery, forgetDelivery, recordDelivery, rememberedAnswer } from './webhook-events.ts';
import type { CalendarSyncResult } from './webhook-schemas.ts';

/** How long a repeat waits for the first delivery's answer while that one is still pulling. */
const FIRST_ANSWER_WAIT_MS = 30_000;
const FIRST_ANSWER_POLL_MS = 100;

/**
 * POST /webhook/calendar_sync (api-v1.md 4.8, decisions.md 7): pulls the accommodation's feeds
 * and answers what changed. Like /webhook/update, the delivery is remembered with its answer (an
 * unknown accommodation's 404 too), and the same bytes delivered again within the retention get
 * that first answer and pull nothing. The pull talks to other servers for seconds, so the
 * delivery is recorded before it starts rather than in one transaction with it: a repeat that
 * arrives while the first is still pulling waits for its answer (up to 30 s, then pulls itself).
 * A pull that fails with a server error (the store away) leaves nothing remembered, so the
 * sender's retry pulls.
 */
export async function syncCalendarWebhook(ctx: AppContext, accommodationId: number, delivery: Delivery): Promise<CalendarSyncResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  let deliveryId: number;
  try {
    deliveryId = await recordDelivery(ctx.db, {
      source: 'service',
      dedupeKey: delivery.key,
      eventType: 'calendar_sync',
      receivedAt: nowIso,
      expiresAt: new Date(now.getTime() + delivery.retentionMs).toISOString(),
    });
  } catch (error) {
    if (!(error instanceof DuplicateDeliveryError)) throw error;
    ctx.metrics.webhooksReceived.labels('service', 'duplicate').inc();
    const first = await firstAnswer(ctx, delivery.key);
    if (first !== null) return first;
    return resultOf(ctx, accommodationId);
  }
  try {
    const result = await resultOf(ctx, accommodationId);
    await finishDelivery(ctx.db, deliveryId, { outcome: 'synced', bookingId: null, detail: result.message, answer: answerOfResult(result) });
    return result;
  } catch (error) {
    if (isAppError(error) && error.status === 404) {
      await finishDelivery(ctx.db, deliveryId, { outcome: 'refused', bookingId: null, detail: error.message, answer: answerOfRefusal(error) });
    } else {
      await forgetDelivery(ctx.db, deliveryId).catch(() => undefined);
    }
    throw error;
  }
}

/** The remembered answer of the first delivery of these bytes (its refusal is thrown), waiting while it is still pulling. */
async function firstAnswer(ctx: AppContext, key: string): Promise<CalendarSyncResult | null> {
  const deadline = Date.now() + FIRST_ANSWER_WAIT_MS;
  for (;;) {
    const answer = await rememberedAnswer(ctx.db, 'service', key, ctx.now().toISOString());
    if (answer !== null) {
      // A refusal is thrown by replayAnswer; an answer that cannot be read is pulled anew.
      const replayed = replayAnswer(answer);
      return replayed !== null && 'action' in replayed ? replayed : null;
    }
    if (Date.now() >= deadline) return null;
    await delay(FIRST_ANSWER_POLL_MS);
  }
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
    results: pulls.map(({ feed_id, feed, outcome, added, changed, removed, error }) => ({ feed_id, feed, outcome, added, changed, removed, error })),
  };
}
