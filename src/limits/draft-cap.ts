import { DRAFT } from '../db/draft-status.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Executor } from '../db/store.ts';
import { tooManyRequests } from '../http/errors.ts';

/** The count and first hold end of one key's live drafts (read through bookings_draft_hold). */
export function liveDraftsQuery(db: Executor, apiKeyId: number, now: string) {
  return db
    .selectFrom('bookings')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('hold_expires_at').as('first_ends')])
    .where('api_key_id', '=', apiKeyId)
    .where('status', '=', DRAFT)
    .where('hold_expires_at', '>', now);
}

/** Card-payment drafts of one API key that still hold nights at `now`, and when the first hold ends. */
export async function liveDrafts(
  db: Executor,
  apiKeyId: number,
  now: string,
): Promise<{ count: number; firstEnds: string | null }> {
  const row = await liveDraftsQuery(db, apiKeyId, now).executeTakeFirstOrThrow();
  return { count: Number(row.n), firstEnds: row.first_ends };
}

/**
 * docs/api.md#limits: a key may hold at most DRAFTS_PER_KEY unpaid card-payment drafts
 * at once, so no caller can keep nights off the market by drafting over and over. Checked in
 * the transaction that writes the draft, after taking the key's row lock on PostgreSQL (drafts
 * of one key are counted one at a time there; the embedded store runs one transaction at a
 * time), so concurrent drafts cannot all pass the count. `cap` 0 turns it off.
 */
export async function assertDraftCapacity(trx: Executor, cap: number, apiKeyId: number, now: Date): Promise<void> {
  if (cap === 0) return;
  if (isPostgres(trx))
    await trx.selectFrom('api_keys').select('id').where('id', '=', apiKeyId).forNoKeyUpdate().execute();
  const { count, firstEnds } = await liveDrafts(trx, apiKeyId, now.toISOString());
  if (count < cap) return;
  const retryAfter = firstEnds === null ? 60 : Math.max(1, Math.ceil((Date.parse(firstEnds) - now.getTime()) / 1000));
  throw tooManyRequests(
    'draft_limit',
    `This API key already holds ${count} unpaid card-payment drafts (at most ${cap}). ` +
      'Complete a payment or let a draft expire before starting another; ' +
      'bank_transfer and cash bookings are not limited.',
    { limit: cap, received: count, retry_after_seconds: retryAfter },
  );
}
