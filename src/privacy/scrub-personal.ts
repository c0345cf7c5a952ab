/**
 * A stored JSON document (a partner event's payload) with the guest's personal details taken
 * out: every value under a key that names one (names, e-mail, phone, address, notes, company),
 * and everything but the `id` of a `partner` or `guest` object, is blanked (text becomes empty
 * text, anything else null), wherever it is nested; the rest (ids, dates, amounts, states) is
 * kept. Pure.
 */

const PERSONAL_KEYS = new Set([
  'title',
  'first_name',
  'last_name',
  'name_of_guest',
  'email',
  'phone',
  'address',
  'street',
  'line1',
  'line2',
  'zip',
  'postal_code',
  'city',
  'notes',
  'guest_notes',
  'company_name',
  'company_tax_id',
  'tax_id',
  'cancel_reason',
]);

/** Objects that describe the guest as a whole: everything in them but their `id` goes. */
const PERSON_KEYS = new Set(['partner', 'guest']);

/** What stands for an erased value: empty text for text (a field typed as text stays text), else null. */
const blank = (value: unknown) => (typeof value === 'string' ? '' : null);

export function scrubPersonal(value: unknown, person = false): unknown {
  if (Array.isArray(value)) return value.map((item) => scrubPersonal(item, person));
  if (value === null || typeof value !== 'object') return person ? blank(value) : value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value))
    out[key] =
      person && key === 'id'
        ? child
        : PERSONAL_KEYS.has(key)
          ? blank(child)
          : scrubPersonal(child, person || PERSON_KEYS.has(key));
  return out;
}

/** The JSON text scrubbed; text that is not JSON is left as it is (it names nobody it could parse). */
export function scrubPersonalJson(text: string): string {
  try {
    return JSON.stringify(scrubPersonal(JSON.parse(text)));
  } catch {
    return text;
  }
}
