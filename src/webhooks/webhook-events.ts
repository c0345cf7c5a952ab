import { isUniqueViolation } from '../db/dialect.ts';
import type { Db, Executor } from '../db/store.ts';
import { inUnit, type Unit } from '../db/unit-of-work.ts';

/**
 * Inbound deliveries, one row per (source, dedupe_key). The row is inserted first in the
 * transaction that applies the delivery: a second delivery of the same event hits the unique key
 * and changes nothing, even when both arrive at once on different processes. Service deliveries
 * are remembered until `expires_at`, refused ones too, with the answer they got; payment event
 * ids are kept.
 */

export type WebhookSource = 'service' | 'payment';

export class DuplicateDeliveryError extends Error {
  override readonly name = 'DuplicateDeliveryError';
}

export interface DeliveryAnswer {
  status: number;
  /** JSON text of what a repeat should be answered. */
  body: string;
}

interface NewDelivery {
  source: WebhookSource;
  dedupeKey: string;
  eventType: string;
  receivedAt: string;
  /** null: remembered until deleted by hand (payment event ids). */
  expiresAt?: string | null;
}

/** Forgets a delivery whose time is up, so the same bytes count as new again. */
async function forgetExpired(db: Executor, input: NewDelivery): Promise<void> {
  await db
    .deleteFrom('inbound_webhook_events')
    .where('source', '=', input.source)
    .where('dedupe_key', '=', input.dedupeKey)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', input.receivedAt)
    .execute();
}

function row(input: NewDelivery) {
  return {
    source: input.source,
    dedupe_key: input.dedupeKey,
    event_type: input.eventType,
    outcome: 'processing',
    detail: null,
    booking_id: null,
    received_at: input.receivedAt,
    expires_at: input.expiresAt ?? null,
    answer_status: null,
    answer_body: null,
  };
}

export async function recordDelivery(db: Executor, input: NewDelivery): Promise<number> {
  await forgetExpired(db, input);
  try {
    const inserted = await db
      .insertInto('inbound_webhook_events')
      .values(row(input))
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DuplicateDeliveryError(`${input.source} delivery ${input.dedupeKey} was already applied`, {
        cause: error,
      });
    throw error;
  }
}

/**
 * Records a delivery and applies it in one unit of work, which `apply` hands on to the lifecycle
 * verbs: the effect commits with the record of the delivery, or neither does. The delivery's row
 * comes first, so a concurrent copy of the same bytes waits on its unique key until this unit
 * ends, then fails with DuplicateDeliveryError.
 */
export function inDelivery<T>(
  db: Db,
  now: Date,
  delivery: NewDelivery,
  apply: (unit: Unit, deliveryId: number) => Promise<T>,
): Promise<T> {
  return inUnit(db, now, async (unit) => apply(unit, await recordDelivery(unit.trx, delivery)));
}

/**
 * Records how a delivery ended and the answer repeats get. `ifUnanswered`: only when it has no
 * answer yet (a copy answering for a first copy that never finished, and may still).
 */
export async function finishDelivery(
  db: Executor,
  id: number,
  result: { outcome: string; bookingId: number | null; detail: string | null; answer?: DeliveryAnswer },
  options: { ifUnanswered?: boolean } = {},
): Promise<void> {
  let update = db
    .updateTable('inbound_webhook_events')
    .set({
      outcome: result.outcome,
      booking_id: result.bookingId,
      detail: result.detail,
      answer_status: result.answer?.status ?? null,
      answer_body: result.answer?.body ?? null,
    })
    .where('id', '=', id);
  if (options.ifUnanswered === true) update = update.where('answer_status', 'is', null);
  await update.execute();
}

/** A delivery still remembered at `now`: its row, and its answer once one was recorded. */
export async function rememberedDelivery(
  db: Executor,
  source: WebhookSource,
  dedupeKey: string,
  now: string,
): Promise<{ id: number; answer: DeliveryAnswer | null } | null> {
  const found = await db
    .selectFrom('inbound_webhook_events')
    .select(['id', 'answer_status', 'answer_body'])
    .where('source', '=', source)
    .where('dedupe_key', '=', dedupeKey)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  if (found === undefined) return null;
  return {
    id: found.id,
    answer:
      found.answer_status === null || found.answer_body === null
        ? null
        : { status: found.answer_status, body: found.answer_body },
  };
}

/** The answer given to a delivery that is still remembered at `now`, if it was recorded with one. */
export async function rememberedAnswer(
  db: Executor,
  source: WebhookSource,
  dedupeKey: string,
  now: string,
): Promise<DeliveryAnswer | null> {
  return (await rememberedDelivery(db, source, dedupeKey, now))?.answer ?? null;
}

/** How a kept delivery ended (its outcome, booking and detail), or null if none was recorded. */
export async function deliveryOutcome(
  db: Executor,
  source: WebhookSource,
  dedupeKey: string,
): Promise<{ outcome: string; bookingId: number | null; detail: string | null } | null> {
  const found = await db
    .selectFrom('inbound_webhook_events')
    .select(['outcome', 'booking_id', 'detail'])
    .where('source', '=', source)
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return found === undefined ? null : { outcome: found.outcome, bookingId: found.booking_id, detail: found.detail };
}

/** Forgets one delivery that got no answer to remember (its work failed), so a retry runs it again. */
export async function forgetDelivery(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('inbound_webhook_events').where('id', '=', id).execute();
}

/** Deletes the deliveries whose time is up (the prune-webhook-deliveries job); returns how many. */
export async function pruneDeliveries(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('inbound_webhook_events')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
