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
