import { createHash } from 'node:crypto';
import type { Executor } from '../db/store.ts';
import { conflict } from '../http/errors.ts';
import type { BookingCreated } from './booking-schemas.ts';

/**
 * Idempotent booking creation (docs/api.md#idempotency): a key is scoped to the API key that
 * sent it; the first answer is stored with a hash of the request body, in the same
 * transaction as the booking, and a repeat gets that answer back. Records are kept for
 * IDEMPOTENCY_RETENTION_HOURS (the contract asks for at least 24 hours), then pruned by a job.
 */

/** How long an idempotency key is remembered: a week, well past the contract's 24 hours. */
export const IDEMPOTENCY_RETENTION_HOURS = 7 * 24;

/**
 * A hash of the booking request that ignores key order and whitespace, and treats the ways of
 * asking for no extra (`extras` absent, `{}`, or `{breakfast: false}`) as the same request.
 */
export function requestHash(body: { extras?: Readonly<Record<string, boolean | undefined>> | undefined }): string {
  const wanted = Object.entries(body.extras ?? {})
    .filter(([, v]) => v === true)
    .map(([k]) => k)
    .sort();
  return createHash('sha256')
    .update(canonicalJson({ ...body, extras: wanted }))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The stored answer for a repeat with the same body; a 409 for a different body; null when the key is new. */
export async function replayIdempotent(
  db: Executor,
  apiKeyId: number,
  key: string,
  hash: string,
): Promise<BookingCreated | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('api_key_id', '=', apiKeyId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (row === undefined) return null;
  if (row.request_hash !== hash) {
    throw conflict('idempotency_key_reused', 'This idempotency_key was already used with a different request body.', {
      parameter: 'booking_data.idempotency_key',
      received: key,
    });
  }
  const answer = JSON.parse(row.response) as BookingCreated;
  replayed.add(answer);
  return answer;
}

/** Stored answers handed back to a repeat, so the route can say so (`Idempotent-Replayed: true`). */
const replayed = new WeakSet<BookingCreated>();

export function isReplayed(answer: BookingCreated): boolean {
  return replayed.has(answer);
}

export async function recordIdempotent(
  db: Executor,
  record: { apiKeyId: number; key: string; hash: string; bookingId: number; response: BookingCreated; now: string },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      api_key_id: record.apiKeyId,
      key: record.key,
      request_hash: record.hash,
      booking_id: record.bookingId,
      response: JSON.stringify(record.response),
      created_at: record.now,
    })
    .execute();
}

/** Forgets idempotency keys older than the retention; returns how many it removed. */
export async function pruneIdempotencyRecords(db: Executor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000).toISOString();
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
