import { COUNTRY_CODES } from '../shared/countries.ts';
import type { GuestLanguage } from '../shared/guest-language.ts';
import { attributes, html, type Html } from '../shared/html.ts';
import {
  ADDRESS_FIELDS,
  addressPath,
  DOCUMENT_TYPES,
  emptyGuest,
  guestPath,
  SEXES,
  type AddressField,
  type FieldError,
  type GuestField,
  type GuestInput,
  type RegistrationInput,
} from './registration-fields.ts';
import { CHECK_IN_WORDS, type CheckInWords } from './registration-words.ts';
import type { RegistrationState } from './registration-state.ts';

/**
 * The check-in form of the guest page (docs/guest-page.md#online-check-in): an HTML fragment in
 * the guest's language that works without JavaScript (a plain form POST), one fieldset per guest
 * (the booking's adults, then its children), the lead guest's address in the first, then the
 * arrival time. Each field has its label; a refused field says why in text tied to it with
 * `aria-describedby`, and a summary above the form links to each.
 */

export interface RegistrationFormOptions {
  language: GuestLanguage;
  /** Where the form posts: `/guest/<token>/registration`. */
  action: string;
  adults: number;
  children: number;
  /** What the fields show: the stored check-in (formValuesOf) or what was just sent. */
  values: RegistrationInput;
  errors?: readonly FieldError[];
  /** The check-in's state, said above the form; left out when not given. */
  state?: RegistrationState;
  /** Today where the home is: the latest birth date the date fields offer. */
  today?: string;
  /** Fields of the page's own (hidden inputs) posted with the form. */
  hidden?: Readonly<Record<string, string>>;
}

/** An element id for a field's path: `guests[1].birth_date` → `check-in-guests-1-birth_date`. */
const idOf = (path: string): string => `check-in-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

const TEXT_LIMITS: Readonly<Partial<Record<GuestField | AddressField, number>>> = {
  first_name: 100,
  last_name: 100,
  birth_place: 100,
  document_number: 30,
  street: 200,
  postal_code: 20,
  city: 100,
};

/** The lead guest's autocomplete tokens: their own details, which a browser may know. */
const LEAD_AUTOCOMPLETE: Readonly<Partial<Record<GuestField | AddressField, string>>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  birth_date: 'bday',
  street: 'address-line1',
  postal_code: 'postal-code',
  city: 'address-level2',
  country: 'country',
};

interface Field {
  path: string;
  label: string;
  value: string | null;
  error: string | null;
  autocomplete: string | undefined;
}

function described(f: Field, hint?: string): Html {
  const ids = [...(hint === undefined ? [] : [hint]), ...(f.error === null ? [] : [`${idOf(f.path)}-error`])];
  return attributes({
    'aria-describedby': ids.length === 0 ? undefined : ids.join(' '),
    'aria-invalid': f.error === null ? undefined : 'true',
  });
}

const errorText = (f: Field): Html | string =>
  f.error === null ? '' : html`<p class="field-error" id="${idOf(f.path)}-error">${f.error}</p>`;

function input(f: Field, type: 'text' | 'date' | 'time', extra: Record<string, string | number | undefined> = {}) {
  const id = idOf(f.path);
  return html`<div class="field"><label for="${id}">${f.label}</label>
<input${attributes({
    type,
    id,
    name: f.path,
    value: f.value ?? '',
    autocomplete: f.autocomplete,
    ...extra,
  })}${described(f)}>
${errorText(f)}</div>`;
}

function select(f: Field, options: readonly (readonly [string, string])[], words: CheckInWords): Html {
  const id = idOf(f.path);
  const option = ([value, label]: readonly [string, string]) =>
    html`<option${attributes({ value, selected: value === f.value })}>${label}</option>`;
  return html`<div class="field"><label for="${id}">${f.label}</label>
<select${attributes({ id, name: f.path, autocomplete: f.autocomplete })}${described(f)}>
<option value="">${words.choose}</option>${options.map(option)}</select>
${errorText(f)}</div>`;
}

const countryLists = new Map<GuestLanguage, (readonly [string, string])[]>();

/** Every country, named and sorted in the guest's language. */
function countries(language: GuestLanguage): (readonly [string, string])[] {
  const kept = countryLists.get(language);
  if (kept !== undefined) return kept;
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  const list = COUNTRY_CODES.map((code) => [code, names.of(code) ?? code] as const).sort((a, b) =>
    collator.compare(a[1], b[1]),
  );
  countryLists.set(language, list);
  return list;
}

/** The summary's and the fields' words for a refused field. */
function messageOf(words: CheckInWords, error: FieldError): string {
  return words.reasons[error.reason] ?? words.reasons.other;
}

/** The label a refused field is named by in the summary: "Guest 2 (child), Date of birth". */
function summaryLabel(words: CheckInWords, path: string, adults: number): string {
  const m = /^guests\[(\d+)\]\.(?:address\.)?([a-z_]+)$/.exec(path);
  if (m === null) return path === 'arrival_time' ? words.fields.arrival_time : words.title;
  const index = Number(m[1]);
  const field = (m[2] ?? '') as GuestField | AddressField;
  return `${words.guest(index + 1, index < adults ? 'adult' : 'child', index === 0)}, ${words.fields[field] ?? field}`;
}

function guestFieldset(o: RegistrationFormOptions, words: CheckInWords, index: number, errors: Map<string, string>) {
  const guest: GuestInput = o.values.guests[index] ?? emptyGuest(index);
  const lead = index === 0;
  const field = (name: GuestField): Field => ({
    path: guestPath(index, name),
    label: words.fields[name],
    value: guest[name],
    error: errors.get(guestPath(index, name)) ?? null,
    autocomplete: lead ? LEAD_AUTOCOMPLETE[name] : undefined,
  });
  const text = (name: GuestField) => input(field(name), 'text', { maxlength: TEXT_LIMITS[name] });
  const addressField = (name: AddressField): Field => ({
    path: addressPath(name),
    label: words.fields[name],
    value: guest.address?.[name] ?? null,
    error: errors.get(addressPath(name)) ?? null,
    autocomplete: LEAD_AUTOCOMPLETE[name],
  });
  const address = lead
    ? html`<div role="group" aria-labelledby="check-in-address">
<p id="check-in-address" class="group-label">${words.address}</p>
${ADDRESS_FIELDS.map((name) =>
  name === 'country'
    ? select(addressField(name), countries(o.language), words)
    : input(addressField(name), 'text', { maxlength: TEXT_LIMITS[name] }),
)}</div>`
    : '';
  return html`<fieldset>
<legend>${words.guest(index + 1, index < o.adults ? 'adult' : 'child', lead)}</legend>
${text('first_name')}${text('last_name')}
${select(
  field('sex'),
  SEXES.map((s) => [s, words.sexes[s]] as const),
  words,
)}
${input(field('birth_date'), 'date', { max: o.today })}
${text('birth_place')}
${select(field('nationality'), countries(o.language), words)}
${select(
  field('document_type'),
  DOCUMENT_TYPES.map((d) => [d, words.documents[d]] as const),
  words,
)}
${text('document_number')}
${select(field('document_country'), countries(o.language), words)}
${address}</fieldset>`;
}

/** The check-in section: its title, state, the summary of refused fields, and the form. */
export function renderRegistrationForm(o: RegistrationFormOptions): Html {
  const words = CHECK_IN_WORDS[o.language];
  const errors = new Map<string, string>();
  for (const e of o.errors ?? []) if (!errors.has(e.field)) errors.set(e.field, messageOf(words, e));
  const summary =
    errors.size === 0
      ? ''
      : html`<div class="error-summary" role="alert"><p>${words.fix}</p><ul>${[...errors].map(
          ([path, message]) =>
            html`<li><a href="#${idOf(path)}">${summaryLabel(words, path, o.adults)}: ${message}</a></li>`,
        )}</ul></div>`;
  const arrival: Field = {
    path: 'arrival_time',
    label: words.fields.arrival_time,
    value: o.values.arrival_time,
    error: errors.get('arrival_time') ?? null,
    autocomplete: undefined,
  };
  const hint = `${idOf('arrival_time')}-hint`;
  const party = o.adults + o.children;
  const hidden = Object.entries(o.hidden ?? {}).map(
    ([name, value]) => html`<input${attributes({ type: 'hidden', name, value })}>`,
  );
  return html`<section id="check-in" aria-labelledby="check-in-title">
<h2 id="check-in-title">${words.title}</h2>
<p>${words.intro}</p>
${o.state === undefined ? '' : html`<p><strong>${words.stateLabel}:</strong> ${words.state[o.state]}</p>`}
${summary}
<form method="post"${attributes({ action: o.action })}>${hidden}
${Array.from({ length: party }, (_, i) => guestFieldset(o, words, i, errors))}
<div class="field"><label for="${idOf('arrival_time')}">${arrival.label}</label>
<p class="hint" id="${hint}">${words.arrivalHint}</p>
<input${attributes({
    type: 'time',
    id: idOf('arrival_time'),
    name: 'arrival_time',
    value: arrival.value ?? '',
  })}${described(arrival, hint)}>
${errorText(arrival)}</div>
<button type="submit">${words.save}</button>
</form></section>`;
}
