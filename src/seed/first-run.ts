import type { AppContext } from '../app-context.ts';
import { createApiKey } from '../auth/api-key-repository.ts';
import { countAccommodations } from '../accommodations/accommodation-repository.ts';
import { generateWebhookSecret, getSetting, setSetting } from '../settings/settings-repository.ts';
import { createAdminUser } from '../users/user-repository.ts';
import { createDemoAccommodation } from './demo-accommodation.ts';

export interface FirstRun {
  accommodationId: number;
  apiKey: string;
  /** The webhook signing secret created now, or null when one was already set. */
  webhookSecret: string | null;
  /** The console user created now (login and generated password), or null when one existed. */
  consoleUser: { login: string; password: string } | null;
}

export const FIRST_CONSOLE_LOGIN = 'admin';

/** The name of the API key the first start creates (the set-up steps offer to remove it). */
export const DEMO_KEY_NAME = 'first-run demo key';

/**
 * On an empty embedded (or in-memory) store, the first start loads a demo accommodation, creates
 * an API key, and sets a webhook signing secret, so a newcomer has something to call and webhooks
 * are signed from the start (`staydesk webhook-secret clear` turns signatures off), and creates a
 * console user `admin` (an owner) with a generated password, so the console at /admin opens. Returns null
 * when the store was not empty.
 */
export async function seedFirstRun(ctx: AppContext): Promise<FirstRun | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const keys = await trx.selectFrom('api_keys').select('id').limit(1).execute();
    if (keys.length > 0 || (await countAccommodations(trx)) > 0) return null;
    const accommodation = await createDemoAccommodation(trx);
    const { key } = await createApiKey(trx, { name: DEMO_KEY_NAME, scope: 'api' });
    let webhookSecret: string | null = null;
    if ((await getSetting(trx, 'webhook_secret')) === null) {
      webhookSecret = generateWebhookSecret();
      await setSetting(trx, 'webhook_secret', webhookSecret);
    }
    let consoleUser: FirstRun['consoleUser'] = null;
    const existing = await trx.selectFrom('users').select('id').where('role', '=', 'owner').limit(1).execute();
    if (existing.length === 0) {
      const { password } = await createAdminUser(trx, FIRST_CONSOLE_LOGIN);
      consoleUser = { login: FIRST_CONSOLE_LOGIN, password };
    }
    return { accommodationId: accommodation.id, apiKey: key, webhookSecret, consoleUser };
  });
}
