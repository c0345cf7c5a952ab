import type { Executor } from '../db/store.ts';

/** Feeds whose last pull failed, for diagnostics: names and errors, never the URL (it is a credential). */
export function failingFeeds(db: Executor, limit = 100) {
  return db
    .selectFrom('external_feeds')
    .select([
      'id',
      'accommodation_id',
      'name',
      'last_error',
      'consecutive_failures',
      'last_synced_at',
      'last_success_at',
      'next_attempt_at',
    ])
    .where('last_status', '=', 'failed')
    .orderBy('id')
    .limit(limit)
    .execute();
}
