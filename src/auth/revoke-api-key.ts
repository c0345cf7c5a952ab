import type { StoreContext } from '../db/store.ts';
import { revokeApiKey, type ApiKeySummary } from './api-key-repository.ts';

/**
 * Revokes a key; undefined when there is no such key. Once committed, this process's cache of
 * keys forgets it, so it stops working here at once (the triggers tell the other processes).
 */
export async function revokeKey(ctx: StoreContext, id: number): Promise<ApiKeySummary | undefined> {
  const revoked = await revokeApiKey(ctx.db, id);
  if (revoked !== undefined) ctx.store.changes.committed({ table: 'api_keys', id: String(id) });
  return revoked;
}
