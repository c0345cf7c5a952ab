import type { Executor } from '../db/store.ts';
import { getSetting } from '../settings/settings-repository.ts';

/**
 * The service webhook secret lives in settings (`staydesk webhook-secret generate|clear`, admin
 * API). None set means signatures are off and unsigned calls are accepted (docs/api.md#webhook-signatures).
 */
export function getWebhookSecret(db: Executor): Promise<string | null> {
  return getSetting(db, 'webhook_secret');
}

/** For health and diagnostic answers, which must say when signatures are off. */
export async function webhookSignaturesEnabled(db: Executor): Promise<boolean> {
  return (await getWebhookSecret(db)) !== null;
}
