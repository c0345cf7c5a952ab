import type { ReasonFor } from '../http/error-reasons.ts';

/**
 * The words of online check-in (docs/guest-page.md#online-check-in): what a guest sends for each
 * person of the booking (adults and children) and for the stay, as the guest page's form and its
 * JSON body both read into one shape. Every value is text as given, trimmed; null is "not given".
 */

export const SEXES = ['M', 'F'] as const;
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;

/** A guest's fields, in the order the form shows them. */
export const GUEST_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'birth_place',
  'nationality',
  'document_type',
  'document_number',
  'document_country',
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];

/** The lead guest's address, as src/guests/stored-address.ts keeps it (`street` and `zip` there). */
export const ADDRESS_FIELDS = ['street', 'postal_code', 'city', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export type AddressInput = Record<AddressField, string | null>;

export type GuestInput = Record<GuestField, string | null> & {
  /** The lead guest's (the first) only; null on the others. */
  address: AddressInput | null;
};

/** One check-in as sent: guests in the order of the form (the first is the lead guest). */
export interface RegistrationInput {
  guests: GuestInput[];
  arrival_time: string | null;
}

/** What a refused field is told: a reason of src/http/error-reasons.ts, for a 400. */
export type RegistrationReason = ReasonFor<400>;

/**
 * One refused field: its path as the JSON body and the form both name it (`guests[1].birth_date`,
 * `guests[0].address.country`, `arrival_time`), why, and what it takes.
 */
export interface FieldError {
  field: string;
  reason: RegistrationReason;
  expected: string;
  received?: unknown;
}

/** The path of a guest's field: `guests[1].birth_date`. */
export const guestPath = (index: number, field: GuestField | 'address'): string => `guests[${index}].${field}`;

/** The path of an address field of the lead guest: `guests[0].address.city`. */
export const addressPath = (field: AddressField): string => `guests[0].address.${field}`;

export const emptyAddress = (): AddressInput => ({ street: null, postal_code: null, city: null, country: null });

/** A guest with nothing given; the first guest has an (empty) address. */
export function emptyGuest(index: number): GuestInput {
  const guest = Object.fromEntries(GUEST_FIELDS.map((f) => [f, null])) as Record<GuestField, null>;
  return { ...guest, address: index === 0 ? emptyAddress() : null };
}

/** Whether a guest was given nothing at all (such a guest is not stored). */
export function isBlankGuest(guest: GuestInput): boolean {
  return (
    GUEST_FIELDS.every((f) => guest[f] === null) &&
    (guest.address === null || ADDRESS_FIELDS.every((f) => guest.address?.[f] === null))
  );
}
