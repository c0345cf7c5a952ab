import { countryCode } from '../shared/countries.ts';
import { parseIsoDate } from '../shared/dates.ts';
import {
  ADDRESS_FIELDS,
  addressPath,
  DOCUMENT_TYPES,
  guestPath,
  SEXES,
  type AddressField,
  type AddressInput,
  type FieldError,
  type GuestField,
  type GuestInput,
  type RegistrationInput,
} from './registration-fields.ts';

/**
 * The check of a check-in (pure): each given field judged on its own, nothing required, since a
 * guest may send what they have and come back for the rest (the state says how far it is:
 * registration-state.ts). What passes comes back cleaned: codes in upper case, a document number
 * in upper case with its spaces collapsed.
 */

/** How long each free text may be. */
const MAX_LENGTH: Readonly<Partial<Record<GuestField | AddressField, number>>> = {
  first_name: 100,
  last_name: 100,
  birth_place: 100,
  document_number: 30,
  street: 200,
  postal_code: 20,
  city: 100,
};

/** The oldest guest taken, in years: an older birth date is a typing mistake. */
const OLDEST_AGE = 120;
const DOCUMENT_NUMBER = /^[A-Z0-9][A-Z0-9 -]*$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export interface RegistrationRules {
  /** The booking's adults and children: the guests that register. */
  guests: number;
  /** Today where the home is (`YYYY-MM-DD`): no one is born after it. */
  today: string;
}

export interface CheckedRegistration {
  errors: FieldError[];
  registration: RegistrationInput;
}

function tooLong(path: string, value: string, field: GuestField | AddressField): FieldError | null {
  const max = MAX_LENGTH[field];
  if (max === undefined || value.length <= max) return null;
  return {
    field: path,
    reason: 'invalid_maxLength',
    expected: `string of at most ${max} characters`,
    received: value,
  };
}

function birthDateError(path: string, value: string, today: string): FieldError | null {
  if (parseIsoDate(value) === null)
    return { field: path, reason: 'invalid_date', expected: 'a real date YYYY-MM-DD', received: value };
  if (value > today) return { field: path, reason: 'future_date', expected: `a date up to ${today}`, received: value };
  const oldest = `${String(Number(today.slice(0, 4)) - OLDEST_AGE).padStart(4, '0')}${today.slice(4)}`;
  if (value < oldest)
    return { field: path, reason: 'implausible_date', expected: `a date from ${oldest} to ${today}`, received: value };
  return null;
}

/** One field: its error, or its cleaned value. */
function checkField(
  path: string,
  field: GuestField | AddressField,
  value: string,
  today: string,
): { error: FieldError } | { value: string } {
  const long = tooLong(path, value, field);
  if (long !== null) return { error: long };
  switch (field) {
    case 'sex': {
      const sex = value.toUpperCase();
      return (SEXES as readonly string[]).includes(sex)
        ? { value: sex }
        : { error: { field: path, reason: 'invalid_enum', expected: SEXES.join(', '), received: value } };
    }
    case 'document_type':
      return (DOCUMENT_TYPES as readonly string[]).includes(value)
        ? { value }
        : { error: { field: path, reason: 'invalid_enum', expected: DOCUMENT_TYPES.join(', '), received: value } };
    case 'birth_date': {
      const error = birthDateError(path, value, today);
      return error === null ? { value } : { error };
    }
    case 'nationality':
    case 'document_country':
    case 'country': {
      const code = countryCode(value);
      return code === null
        ? { error: { field: path, reason: 'unknown_country', expected: 'an ISO 3166-1 alpha-2 code', received: value } }
        : { value: code };
    }
    case 'document_number': {
      const number = value.toUpperCase().replace(/\s+/g, ' ');
      return DOCUMENT_NUMBER.test(number)
        ? { value: number }
        : {
            error: {
              field: path,
              reason: 'invalid_pattern',
              expected: 'letters, digits, spaces and -',
              received: value,
            },
          };
    }
    case 'first_name':
    case 'last_name':
    case 'birth_place':
    case 'street':
    case 'postal_code':
    case 'city':
      return { value };
  }
}

function checkAddress(address: AddressInput, today: string, errors: FieldError[]): AddressInput {
  const out = { ...address };
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (value === null) continue;
    const checked = checkField(addressPath(field), field, value, today);
    if ('error' in checked) errors.push(checked.error);
    else out[field] = checked.value;
  }
  return out;
}

function checkGuest(guest: GuestInput, index: number, today: string, errors: FieldError[]): GuestInput {
  const out: GuestInput = { ...guest };
  for (const field of Object.keys(guest) as (GuestField | 'address')[]) {
    if (field === 'address') continue;
    const value = guest[field];
    if (value === null) continue;
    const checked = checkField(guestPath(index, field), field, value, today);
    if ('error' in checked) errors.push(checked.error);
    else out[field] = checked.value;
  }
  if (guest.address !== null) out.address = checkAddress(guest.address, today, errors);
  return out;
}

/** Checks a check-in against the booking: its errors (none: it may be stored) and its cleaned values. */
export function validateRegistration(input: RegistrationInput, rules: RegistrationRules): CheckedRegistration {
  const errors: FieldError[] = [];
  if (input.guests.length > rules.guests)
    errors.push({
      field: 'guests',
      reason: 'too_many_guests',
      expected: `at most ${rules.guests} guests (the adults and children of the booking)`,
      received: input.guests.length,
    });
  const guests = input.guests.map((g, i) => checkGuest(g, i, rules.today, errors));
  let arrival = input.arrival_time;
  if (arrival !== null && !TIME.test(arrival)) {
    errors.push({ field: 'arrival_time', reason: 'invalid_time', expected: 'a time of day HH:MM', received: arrival });
    arrival = null;
  }
  return { errors, registration: { guests, arrival_time: arrival } };
}
