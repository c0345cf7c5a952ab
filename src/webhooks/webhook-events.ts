import { isUniqueViolation } from '../db/dialect.ts';
import type { Executor } from '../db/store.ts';

/**
 * Inbound deliveries already applied, one row per (source, dedupe_key). The row is inserted
 * first in the transaction that applies the delivery: a second delivery of the same event hits
 * the unique key and changes nothing, even when both arrive at once on different processes.
 */

export type WebhookSource = 'service' | 'payment';

export class DuplicateDeliveryError extends Error {
  override readonly name = 'DuplicateDeliveryError';
}

export async function recordDelivery(
  db: Executor,
  input: { source: WebhookSource; dedupeKey: string; eventType: string; receivedAt: string },
): Promise<number> {
  try {
    const row = await db
      .insertInto('webhook_events')
      .values({
        source: input.source,
        dedupe_key: input.dedupeKey,
        event_type: input.eventType,
        outcome: 'processing',
        detail: null,
        booking_id: null,
        received_at: input.receivedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateDeliveryError(`${input.source} delivery ${input.dedupeKey} was already applied`, { cause: error });
    throw error;
  }
}

export async function finishDelivery(db: Executor, id: number, result: { outcome: string; bookingId: number | null; detail: string | null }): Promise<void> {
  await db
    .updateTable('webhook_events')
    .set({ outcome: result.outcome, booking_id: result.bookingId, detail: result.detail })
    .where('id', '=', id)
    .execute();
}
