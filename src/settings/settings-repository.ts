import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/store.ts';

/**
 * Secrets kept server-side (an HMAC key must be known to verify with, so it cannot be hashed),
 * the host's address for overbooking alerts, the host's identity as JSON (host-identity.ts) and
 * the invoice series (invoicing.ts), and how long check-in documents are kept
 * (src/privacy/document-retention.ts).
 */
export type SettingName =
  | 'webhook_secret'
  | 'payment_webhook_secret'
  | 'stripe_secret_key'
  | 'host_email'
  | 'business'
  | 'bank_details'
  | 'invoicing'
  | 'registration_retention_days';

export async function getSetting(db: Executor, name: SettingName): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Several settings in one read: a value for each name, null where it is not set. */
export async function getSettings<N extends SettingName>(
  db: Executor,
  names: readonly N[],
): Promise<Record<N, string | null>> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).where('name', 'in', names).execute();
  const values = Object.fromEntries(names.map((name) => [name, null])) as Record<N, string | null>;
  for (const row of rows) values[row.name as N] = row.value;
  return values;
}

/** Sets a value, or removes it with null. */
export async function setSetting(db: Executor, name: SettingName, value: string | null): Promise<void> {
  if (value === null) {
    await db.deleteFrom('settings').where('name', '=', name).execute();
    return;
  }
  const updated_at = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ name, value, updated_at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at }))
    .execute();
}

/** A new webhook signing secret: 32 random bytes, hex, with a recognisable prefix. */
export function generateWebhookSecret(): string {
  return `whsk_${randomBytes(32).toString('hex')}`;
}
