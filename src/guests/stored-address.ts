import { storedObject } from '../shared/stored-json.ts';

/**
 * The one reader of a stored guest address (`bookings.guest_address`, `guests.address`): the
 * JSON object `guestRow` writes, field name → text. Anything else reads as no address, and a
 * field that is not text is left out, so a damaged row never breaks a page or an invoice.
 */
export function parseAddress(text: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(storedObject(text))) {
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** A guest's billing address, field by field; null = not given. */
export interface GuestAddress {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  /** An ISO 3166-1 alpha-2 code when corrected at the desk; as the partner wrote it otherwise. */
  country: string | null;
}

/**
 * A stored address as a billing address (trimmed), or null when it has none of its fields. The
 * stored object keeps the v1 names (`street`, `zip`, `city`, `country`) and `line2`, which only a
 * correction at the desk writes; `line1` and `postal_code` are read too.
 */
export function guestAddressOf(text: string | null): GuestAddress | null {
  const a = parseAddress(text);
  const field = (...names: string[]) => {
    const value = names.map((n) => a[n]?.trim() ?? '').find((v) => v !== '');
    return value ?? null;
  };
  const address = {
    line1: field('street', 'line1'),
    line2: field('line2'),
    postal_code: field('zip', 'postal_code'),
    city: field('city'),
    country: field('country'),
  };
  return Object.values(address).every((v) => v === null) ? null : address;
}

/** A billing address as stored (guestAddressOf reads it back); null when every field is empty. */
export function storedAddressText(address: GuestAddress): string | null {
  const stored: Record<string, string> = {};
  const fields: [string, string | null][] = [
    ['street', address.line1],
    ['line2', address.line2],
    ['zip', address.postal_code],
    ['city', address.city],
    ['country', address.country],
  ];
  for (const [name, value] of fields) if (value !== null && value !== '') stored[name] = value;
  return Object.keys(stored).length === 0 ? null : JSON.stringify(stored);
}
