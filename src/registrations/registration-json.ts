import { Type } from 'typebox';
import { NullableString } from '../http/admin-params.ts';
import { ADDRESS_FIELDS, GUEST_FIELDS, type GuestInput, type RegistrationInput } from './registration-fields.ts';
import type { StoredRegistration } from './registration-repository.ts';
import { REGISTRATION_STATES, registrationState } from './registration-state.ts';

/**
 * A booking's check-in as the admin API answers it and the guest route's JSON body gets it back
 * (decisions §18): `{state, guests: [...], arrival_time}`, each guest with every field (null: not
 * given), the lead guest's `address`, and when the retention job erased their documents.
 */

export const RegistrationStateSchema = Type.Enum(REGISTRATION_STATES, {
  description:
    'missing: nothing given; complete: the arrival time and every field of each adult and child, the lead ' +
    "guest's address included; partial: anything between",
});

const AddressSchema = Type.Union([
  Type.Object(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, NullableString])), {
    description: "the lead guest's home address",
  }),
  Type.Null(),
]);

const RegistrationGuestSchema = Type.Object({
  position: Type.Integer({ description: '0 for the lead guest, then in the order of the form' }),
  ...Object.fromEntries(GUEST_FIELDS.map((f) => [f, NullableString])),
  address: AddressSchema,
  documents_erased_at: Type.Union([Type.String(), Type.Null()], {
    description: 'when the retention job erased the document fields; null while they are kept',
  }),
});

export const RegistrationSchema = Type.Object({
  state: RegistrationStateSchema,
  guests: Type.Array(RegistrationGuestSchema, { description: 'the registered guests, by position' }),
  arrival_time: Type.Union([Type.String(), Type.Null()], { description: '`HH:MM` as the guest gave it' }),
  updated_at: Type.Union([Type.String(), Type.Null()], { description: 'when it was last sent; null: never' }),
});

/** The answer for a booking of `party` adults and children. */
export function registrationJson(party: number, stored: StoredRegistration) {
  return {
    state: registrationState(party, stored),
    guests: stored.guests,
    arrival_time: stored.arrival_time,
    updated_at: stored.updated_at,
  };
}

/**
 * The stored check-in as the form's values, one entry per adult and child of the booking
 * (for the guest page's renderRegistrationForm).
 */
export function formValuesOf(party: number, stored: StoredRegistration): RegistrationInput {
  const guests: GuestInput[] = Array.from({ length: party }, (_, position) => {
    const g = stored.guests.find((s) => s.position === position);
    const fields = Object.fromEntries(GUEST_FIELDS.map((f) => [f, g?.[f] ?? null])) as Omit<GuestInput, 'address'>;
    const address =
      position === 0 ? (g?.address ?? { street: null, postal_code: null, city: null, country: null }) : null;
    return { ...fields, address };
  });
  return { guests, arrival_time: stored.arrival_time };
}
