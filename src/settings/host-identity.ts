import type { Executor } from '../db/store.ts';
import { getSettings } from './settings-repository.ts';
import { storedObject } from '../shared/stored-json.ts';
import type { TtlCache } from '../shared/ttl-cache.ts';

/**
 * Who the guest deals with: the host's business (named on invoices and signing every guest mail)
 * and the account bank transfers go to. Each is kept as one JSON setting (`business`,
 * `bank_details`) and set through PUT /admin/api/settings or the console's Settings page.
 */

export interface Business {
  name: string;
  address: string | null;
  tax_id: string | null;
  email: string | null;
  phone: string | null;
}

export interface BankDetails {
  account_holder: string;
  iban: string;
  bic: string | null;
  bank_name: string | null;
}

export interface HostIdentity {
  business: Business | null;
  bank_details: BankDetails | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function businessOf(stored: string | null): Business | null {
  const o = storedObject(stored);
  const name = text(o.name);
  if (name === null) return null;
  return { name, address: text(o.address), tax_id: text(o.tax_id), email: text(o.email), phone: text(o.phone) };
}

function bankDetailsOf(stored: string | null): BankDetails | null {
  const o = storedObject(stored);
  const holder = text(o.account_holder);
  const iban = text(o.iban);
  if (holder === null || iban === null) return null;
  return { account_holder: holder, iban, bic: text(o.bic), bank_name: text(o.bank_name) };
}

/** The identity the two settings' stored values give. */
export function hostIdentityOf(stored: { business: string | null; bank_details: string | null }): HostIdentity {
  return { business: businessOf(stored.business), bank_details: bankDetailsOf(stored.bank_details) };
}

/** One read of both settings (a new booking's mail is written from them). */
export async function readHostIdentity(db: Executor): Promise<HostIdentity> {
  return hostIdentityOf(await getSettings(db, ['business', 'bank_details']));
}

/**
 * The host's identity from this process's cache (src/caches.ts: dropped when a setting changes), read
 * from the store on a miss: a new booking's mail is written from it without a read of its own.
 */
export async function cachedHostIdentity(db: Executor, cache: TtlCache<'host', HostIdentity>): Promise<HostIdentity> {
  return (await cache.getOrLoad('host', () => readHostIdentity(db))) ?? readHostIdentity(db);
}

/** An IBAN as stored and shown: upper case, no spaces. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Grouped by four, as printed on paper: "DE89 3704 0044 0532 0130 00". */
export function printedIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * ISO 13616: two letters, two check digits, up to 30 letters or digits; moved four characters
 * to the end, letters as 10..35, the number modulo 97 is 1.
 */
export function isValidIban(iban: string): boolean {
  const s = normalizeIban(iban);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
