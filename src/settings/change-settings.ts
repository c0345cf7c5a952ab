import type { Static } from 'typebox';
import type { StoreContext } from '../db/store.ts';
import { badRequest } from '../http/errors.ts';
import { isValidIban, normalizeIban } from './host-identity.ts';
import { setSetting, type SettingName } from './settings-repository.ts';
import type { SettingsBody } from './settings-schemas.ts';

/** New values; null clears a setting, a name left out keeps its value. */
export type SettingChanges = { readonly [N in SettingName]?: string | null };

/** In the order they are written. */
const NAMES: readonly SettingName[] = [
  'webhook_secret',
  'payment_webhook_secret',
  'stripe_secret_key',
  'host_email',
  'business',
  'bank_details',
  'invoicing',
  'registration_retention_days',
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

type SettingsInput = Static<typeof SettingsBody>;

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The settings a PUT body changes: the host's identity checked beyond its schema (a name that is
 * blank once trimmed, an IBAN whose check digits fail) and stored as JSON.
 */
export function settingChanges(body: SettingsInput): SettingChanges {
  const { business, bank_details: bank, invoicing, registration_retention_days: retention, ...secrets } = body;
  const changes: { -readonly [N in keyof SettingChanges]: SettingChanges[N] } = { ...secrets };
  if (business !== undefined) {
    if (business !== null && blankToNull(business.name) === null)
      throw badRequest('blank', 'Give the business a name.', { parameter: 'business.name', received: business.name });
    changes.business =
      business === null
        ? null
        : JSON.stringify({
            name: business.name.trim(),
            address: blankToNull(business.address),
            tax_id: blankToNull(business.tax_id),
            email: blankToNull(business.email),
            phone: blankToNull(business.phone),
          });
  }
  if (bank !== undefined) {
    if (bank !== null && blankToNull(bank.account_holder) === null)
      throw badRequest('blank', 'Name the account holder.', {
        parameter: 'bank_details.account_holder',
        received: bank.account_holder,
      });
    if (bank !== null && !isValidIban(bank.iban))
      throw badRequest('invalid_iban', 'This IBAN is not valid: its check digits do not match.', {
        parameter: 'bank_details.iban',
        received: bank.iban,
      });
    changes.bank_details =
      bank === null
        ? null
        : JSON.stringify({
            account_holder: bank.account_holder.trim(),
            iban: normalizeIban(bank.iban),
            bic: blankToNull(bank.bic)?.toUpperCase() ?? null,
            bank_name: blankToNull(bank.bank_name),
          });
  }
  if (retention !== undefined) changes.registration_retention_days = retention === null ? null : String(retention);
  if (invoicing !== undefined)
    changes.invoicing = JSON.stringify({ prefix: invoicing.prefix, yearly_reset: invoicing.yearly_reset });
  return changes;
}
