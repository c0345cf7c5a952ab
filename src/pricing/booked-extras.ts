import { storedObject } from '../shared/stored-json.ts';
import { EXTRA_NAMES, type ExtraName } from './price-stay.ts';

/**
 * The one reader of `bookings.extras`: extra name → price paid in minor units, as JSON text.
 * Anything else reads as no extras, so a damaged row never breaks a listing or an invoice.
 */
export function parseExtras(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(storedObject(text))) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) out[name] = value;
  }
  return out;
}

/** The extras the guest booked, as a request to price them again (a change of dates or guests). */
export function bookedExtras(stored: string): Partial<Record<ExtraName, boolean>> {
  const paid = parseExtras(stored);
  const extras: Partial<Record<ExtraName, boolean>> = {};
  for (const name of EXTRA_NAMES) if (Object.hasOwn(paid, name)) extras[name] = true;
  return extras;
}
