import type { StoreContext } from '../db/store.ts';
import { setSetting, type SettingName } from './settings-repository.ts';

/** New values; null clears a setting, a name left out keeps its value. */
export type SettingChanges = { readonly [N in SettingName]?: string | null };

/** In the order they are written. */
const NAMES: readonly SettingName[] = [
  'webhook_secret',
  'payment_webhook_secret',
  'host_email',
  'business',
  'bank_details',
];

/**
 * Sets or clears settings together, in one transaction; once committed, each change is applied
 * to this process's caches (the triggers tell the other processes).
 */
export async function changeSettings(ctx: StoreContext, changes: SettingChanges): Promise<void> {
  const changed = NAMES.filter((name) => changes[name] !== undefined);
  if (changed.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    for (const name of changed) await setSetting(trx, name, changes[name] ?? null);
  });
  for (const name of changed) ctx.store.changes.committed({ table: 'settings', id: name });
}

/** One setting: set, or cleared with null. */
export async function changeSetting(ctx: StoreContext, name: SettingName, value: string | null): Promise<void> {
  await changeSettings(ctx, { [name]: value });
}
