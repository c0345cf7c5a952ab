import type { Config } from '../config/config.ts';
import type { ExternalFeed } from './external-feed-repository.ts';
import type { Executor } from '../db/store.ts';
import { redactUrl } from '../shared/address-guard.ts';
import { exportUrl, feedExportToken } from './export-tokens.ts';
import { recentPulls, type PullLogEntry } from './import-repository.ts';

/** A feed as the admin API shows it: its pull state and log, never the credentials in its URL. */
export interface FeedView {
  id: number;
  accommodation_id: number;
  name: string;
  url: string;
  created_at: string;
  last_synced_at: string | null;
  last_success_at: string | null;
  last_status: string | null;
  last_error: string | null;
  consecutive_failures: number;
  next_attempt_at: string | null;
  export_url: string;
  pulls: PullLogEntry[];
}

export async function feedViews(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  feeds: readonly ExternalFeed[],
): Promise<FeedView[]> {
  const pulls = await recentPulls(
    db,
    feeds.map((f) => f.id),
  );
  const views: FeedView[] = [];
  for (const feed of feeds) {
    const token = feed.export_token ?? (await feedExportToken(db, feed.id));
    views.push({
      id: feed.id,
      accommodation_id: feed.accommodation_id,
      name: feed.name,
      url: redactUrl(feed.url),
      created_at: feed.created_at,
      last_synced_at: feed.last_synced_at,
      last_success_at: feed.last_success_at,
      last_status: feed.last_status,
      last_error: feed.last_error,
      consecutive_failures: feed.consecutive_failures,
      next_attempt_at: feed.next_attempt_at,
      export_url: exportUrl(config, token),
      pulls: pulls
        .filter((p) => p.feed_id === feed.id)
        .map(({ started_at, outcome, http_status, added, changed, removed, error }) => ({
          started_at,
          outcome,
          http_status,
          added,
          changed,
          removed,
          error,
        })),
    });
  }
  return views;
}
