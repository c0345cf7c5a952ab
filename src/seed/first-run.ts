import type { AppContext } from '../app-context.ts';
import { createApiKey } from '../auth/api-key-repository.ts';
import { countAccommodations } from '../accommodations/accommodation-repository.ts';
import { createDemoAccommodation } from './demo-accommodation.ts';

/**
 * On an empty embedded store, the first start loads a demo accommodation and creates an API
 * key, so a newcomer has something to call. Returns null when the store was not empty.
 */
export async function seedFirstRun(ctx: AppContext): Promise<{ accommodationId: number; apiKey: string } | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const keys = await trx.selectFrom('api_keys').select('id').limit(1).execute();
    if (keys.length > 0 || (await countAccommodations(trx)) > 0) return null;
    const accommodation = await createDemoAccommodation(trx);
    const { key } = await createApiKey(trx, { name: 'first-run demo key', scope: 'api' });
    return { accommodationId: accommodation.id, apiKey: key };
  });
}
