import { setKeyWebhookSecret } from '../auth/api-key-repository.ts';
import type { Executor } from '../db/store.ts';
import { notFound } from '../http/errors.ts';
import { generateWebhookSecret } from '../settings/settings-repository.ts';

/**
 * Gives a live key its own inbound webhook secret, replacing any earlier one (docs/api.md,
 * "API keys"): a /webhook/update signed with it touches only that key's bookings. Returns the
 * secret, to be shown once. The admin API and the console's Integrations page both call this.
 */
export async function giveKeyWebhookSecret(db: Executor, id: number): Promise<string> {
  const secret = generateWebhookSecret();
  if (!(await setKeyWebhookSecret(db, id, secret)))
    throw notFound('api_key_not_found', `No live API key with id ${id}.`, {
      parameter: 'id',
      expected: 'id of an existing, unrevoked API key',
      received: id,
    });
  return secret;
}
