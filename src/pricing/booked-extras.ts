import { EXTRA_NAMES, type ExtraName } from './price-stay.ts';

/**
 * The one reader of `bookings.extras`: extra name → price paid in minor units, as JSON text.
 * Anything else reads as no extras, so a damaged row never breaks a listing or an invoice.
 */
export function parseExtras(text: string): Record<string, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (Number.isSafeInteger(value)) out[name] = value as number;
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
