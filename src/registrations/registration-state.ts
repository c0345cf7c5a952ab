import { ADDRESS_FIELDS, GUEST_FIELDS, type AddressInput, type GuestField } from './registration-fields.ts';

/**
 * How far a booking's check-in is (pure), as the admin API, the console and the guest page say:
 *
 * - `missing`: nothing stored (no guest, no arrival time);
 * - `complete`: the arrival time is given, and each of the booking's adults and children has a
 *   registered guest (positions 0 to adults + children − 1) with every field given, the lead
 *   guest's address with its street, postal code, city and country too;
 * - `partial`: anything between.
 *
 * Document fields the retention job erased count as given: they were, and the law wanted them
 * gone. A guest registered beyond the party (the booking was changed to fewer guests) neither
 * helps nor hinders.
 */

export const REGISTRATION_STATES = ['missing', 'partial', 'complete'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

const DOCUMENT_FIELDS: ReadonlySet<GuestField> = new Set(['document_type', 'document_number', 'document_country']);

/** A registered guest as stored: null is "not given" (or, for the document fields, erased). */
export type StoredGuest = Record<GuestField, string | null> & {
  position: number;
  address: AddressInput | null;
  documents_erased_at: string | null;
};

/** Whether a stored guest has everything a complete check-in needs of them. */
export function isGuestComplete(guest: StoredGuest): boolean {
  const erased = guest.documents_erased_at !== null;
  const fields = GUEST_FIELDS.every((f) => guest[f] !== null || (erased && DOCUMENT_FIELDS.has(f)));
  if (!fields) return false;
  if (guest.position !== 0) return true;
  return guest.address !== null && ADDRESS_FIELDS.every((f) => guest.address?.[f] !== null);
}

/** The state of a check-in, for a booking of `party` adults and children. */
export function registrationState(
  party: number,
  registration: { arrival_time: string | null; guests: readonly StoredGuest[] },
): RegistrationState {
  const { arrival_time: arrival, guests } = registration;
  if (arrival === null && guests.length === 0) return 'missing';
  if (arrival === null) return 'partial';
  for (let position = 0; position < party; position += 1) {
    const guest = guests.find((g) => g.position === position);
    if (guest === undefined || !isGuestComplete(guest)) return 'partial';
  }
  return 'complete';
}
