import {
  ADDRESS_FIELDS,
  emptyAddress,
  emptyGuest,
  GUEST_FIELDS,
  type AddressField,
  type AddressInput,
  type FieldError,
  type GuestField,
  type GuestInput,
  type RegistrationInput,
} from './registration-fields.ts';

/**
 * The two bodies of `POST /guest/<token>/registration` read into one RegistrationInput: the guest
 * page's form (application/x-www-form-urlencoded, fields named as the JSON paths:
 * `guests[1].birth_date`, `guests[0].address.city`, `arrival_time`) and the JSON body
 * `{guests: [{..., address?}], arrival_time}`. Text is trimmed and empty text is "not given", as
 * is `null`. What cannot be read (a wrong type, an unknown field of the JSON body) is a field
 * error, as validate-registration.ts reports them.
 */

export interface ParsedRegistration {
  input: RegistrationInput;
  errors: FieldError[];
}

/** More form or JSON guests than this are not read: no party is that large. */
const MAX_GUESTS = 50;

const text = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const tooMany = (count: number): FieldError => ({
  field: 'guests',
  reason: 'too_many_guests',
  expected: `at most ${MAX_GUESTS} guests`,
  received: count,
});

const FORM_FIELD = /^guests\[(\d{1,6})\]\.(?:address\.)?([a-z_]+)$/;

/** The guest page's form, as its fields were posted (name → value; a repeated name: its last value). */
export function registrationOfForm(fields: string | Readonly<Record<string, unknown>>): ParsedRegistration {
  const entries: [string, string][] =
    typeof fields === 'string'
      ? [...new URLSearchParams(fields)]
      : Object.entries(fields).flatMap(([k, v]) => {
          const last: unknown = Array.isArray(v) ? v.at(-1) : v;
          return typeof last === 'string' ? [[k, last] as [string, string]] : [];
        });
  const guests: GuestInput[] = [];
  const errors: FieldError[] = [];
  let arrival: string | null = null;
  let highest = -1;
  for (const [name, value] of entries) {
    if (name === 'arrival_time') {
      arrival = text(value);
      continue;
    }
    const match = FORM_FIELD.exec(name);
    if (match === null) continue; // the page's own fields
    const index = Number(match[1]);
    const field = match[2] ?? '';
    if (index >= MAX_GUESTS) {
      highest = Math.max(highest, index);
      continue;
    }
    for (let i = guests.length; i <= index; i += 1) guests.push(emptyGuest(i));
    const guest = guests[index] ?? emptyGuest(index);
    if (name.includes('.address.')) {
      if (index === 0 && (ADDRESS_FIELDS as readonly string[]).includes(field))
        (guest.address ??= emptyAddress())[field as AddressField] = text(value);
    } else if ((GUEST_FIELDS as readonly string[]).includes(field)) guest[field as GuestField] = text(value);
  }
  if (highest >= MAX_GUESTS) errors.push(tooMany(highest + 1));
  return { input: { guests, arrival_time: arrival }, errors };
}

/** One text field of the JSON body: a string or null, else an error. */
function jsonText(value: unknown, path: string, errors: FieldError[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return text(value);
  errors.push({ field: path, reason: 'invalid_type', expected: 'string or null', received: typeof value });
  return null;
}

function unknownField(path: string, expected = 'no such field'): FieldError {
  return { field: path, reason: 'unknown_parameter', expected, received: path };
}

function jsonAddress(value: unknown, errors: FieldError[]): AddressInput {
  const address = emptyAddress();
  if (value === undefined || value === null) return address;
  if (!isRecord(value)) {
    errors.push({ field: 'guests[0].address', reason: 'invalid_type', expected: 'object', received: typeof value });
    return address;
  }
  for (const [key, v] of Object.entries(value)) {
    const path = `guests[0].address.${key}`;
    if ((ADDRESS_FIELDS as readonly string[]).includes(key)) address[key as AddressField] = jsonText(v, path, errors);
    else errors.push(unknownField(path, ADDRESS_FIELDS.join(', ')));
  }
  return address;
}

function jsonGuest(value: unknown, index: number, errors: FieldError[]): GuestInput {
  const guest = emptyGuest(index);
  if (!isRecord(value)) {
    errors.push({ field: `guests[${index}]`, reason: 'invalid_type', expected: 'object', received: typeof value });
    return guest;
  }
  for (const [key, v] of Object.entries(value)) {
    const path = `guests[${index}].${key}`;
    if (key === 'address') {
      if (index === 0) guest.address = jsonAddress(v, errors);
      else if (v !== null && v !== undefined) errors.push(unknownField(path, 'an address on the first guest only'));
    } else if ((GUEST_FIELDS as readonly string[]).includes(key)) guest[key as GuestField] = jsonText(v, path, errors);
    else errors.push(unknownField(path, GUEST_FIELDS.join(', ')));
  }
  return guest;
}

/** The JSON body `{guests: [...], arrival_time}` (the lead guest's address as `address` on the first guest). */
export function registrationOfJson(body: unknown): ParsedRegistration {
  const errors: FieldError[] = [];
  const input: RegistrationInput = { guests: [], arrival_time: null };
  if (!isRecord(body)) {
    errors.push({ field: 'body', reason: 'invalid_type', expected: 'object', received: typeof body });
    return { input, errors };
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === 'arrival_time') input.arrival_time = jsonText(value, key, errors);
    else if (key === 'guests') {
      if (value === null || value === undefined) continue;
      if (!Array.isArray(value))
        errors.push({ field: 'guests', reason: 'invalid_type', expected: 'array', received: typeof value });
      else if (value.length > MAX_GUESTS) errors.push(tooMany(value.length));
      else input.guests = value.map((g: unknown, i) => jsonGuest(g, i, errors));
    } else errors.push(unknownField(key, 'guests, arrival_time'));
  }
  return { input, errors };
}
