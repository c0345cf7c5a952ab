import { Type } from 'typebox';
import type { AccommodationJson } from '../../accommodations/accommodation-schemas.ts';
import { GUEST_LANGUAGES, LANGUAGE_NAMES } from '../../shared/guest-language.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import type { FormBody } from '../console-request.ts';
import { Text } from '../console-schemas.ts';
import { csrfField, errorSummary, field, fieldError } from '../layout.ts';
import { forHost, numberField } from '../schema-errors.ts';
import {
  MONEY_FIELD_NAMES,
  MONEY_LABELS,
  moneyErrors,
  moneyFieldsets,
  moneyInput,
  moneyValues,
} from './accommodation-money-form.ts';

const EXTRAS = [
  ['breakfast', 'Breakfast, per guest per night'],
  ['linen', 'Linen, per guest per stay'],
  ['late_checkin', 'Late check-in, per stay'],
] as const;

const NUMBERS = [
  'base_price',
  'cleaning_fee',
  'tax_rate',
  'weekly_discount',
  'monthly_discount',
  'min_stay',
  'max_stay',
  'max_guests',
  'door_code_days',
] as const;
const TEXTS = ['name', 'currency', 'timezone', 'checkin_time', 'checkout_time', 'language'] as const;
/** What guest messages quote (docs/messages.md): an empty field clears it. */
const FACTS = ['address', 'arrival_instructions', 'door_code', 'wifi_name', 'wifi_password'] as const;
/** Rates the admin API takes as fractions; the form takes them as percentages ("6" is 6 %). */
const PERCENTS: ReadonlySet<string> = new Set(['tax_rate', 'weekly_discount', 'monthly_discount']);

/** Each field's label: beside the field, in the list of errors, and in messages instead of the API's names. */
const LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  currency: 'Currency',
  timezone: 'Time zone',
  base_price: 'Base price per night',
  cleaning_fee: 'Cleaning fee per stay',
  tax_rate: 'Tax rate (%)',
  weekly_discount: 'Weekly discount (%, from 7 nights)',
  monthly_discount: 'Monthly discount (%, from 28 nights)',
  min_stay: 'Minimum stay (nights)',
  max_stay: 'Maximum stay (nights)',
  max_guests: 'Maximum guests',
  checkin_time: 'Check-in time',
  checkout_time: 'Check-out time',
  language: 'Language of guest mails and invoices',
  address: 'Address',
  arrival_instructions: 'Arrival instructions',
  door_code: 'Door code',
  door_code_days: "Door code on the guest's page from (days before arrival)",
  wifi_name: 'Wi-Fi network',
  wifi_password: 'Wi-Fi password',
  ...Object.fromEntries(EXTRAS.map(([name, label]) => [`extras_${name}`, label])),
  ...MONEY_LABELS,
};

const label = (name: string) => LABELS[name] ?? name;

/** A percentage typed with a comma or a % sign reads as the number it is. */
function percentField(raw: string | undefined): number | string | undefined {
  const n = numberField((raw ?? '').replace('%', '').replace(',', '.'));
  return typeof n === 'number' ? Math.round(n * 10_000) / 1_000_000 : n;
}

/** The language guests are written to in: a list of the offered ones, English first. */
function languageSelect(value: string | null, errors: Record<string, string>): Html {
  const options = GUEST_LANGUAGES.map(
    (code) =>
      html`<option${attributes({ value: code, selected: code === (value ?? 'en') })}>${LANGUAGE_NAMES[code]}</option>`,
  );
  return html`<div class="field"><label for="f-language">Language of guest mails and invoices</label>
<select id="f-language" name="language">${options}</select>
<small>a booking that names the guest's language uses it instead</small>${fieldError(errors, 'language')}</div>`;
}

/** The form's fields, all text: `accommodationInput` reads them into the admin API's request. */
export const AccommodationForm = Type.Object({
  ...Object.fromEntries(
    [...TEXTS, ...NUMBERS, ...EXTRAS.map(([name]) => `extras_${name}`), ...MONEY_FIELD_NAMES].map((n) => [
      n,
      Text(200),
    ]),
  ),
  ...Object.fromEntries(FACTS.map((n) => [n, Text(4000)])),
});

/**
 * The admin API's accommodation input from the form: empty fields are left out; extras replace the
 * whole set, and so do the money rules (an empty one is sent as none).
 */
export function accommodationInput(form: FormBody): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of TEXTS) {
    const text = (form[name] ?? '').trim();
    if (text !== '') input[name] = name === 'currency' ? text.toUpperCase() : text;
  }
  for (const name of NUMBERS) {
    const n = PERCENTS.has(name) ? percentField(form[name]) : numberField(form[name]);
    if (n !== undefined) input[name] = n;
  }
  const extras: Record<string, unknown> = {};
  for (const [name] of EXTRAS) {
    const n = numberField(form[`extras_${name}`]);
    if (n !== undefined) extras[name] = n;
  }
  input.extras = extras;
  for (const name of FACTS) {
    const text = form[name];
    if (text !== undefined) input[name] = text.trim() === '' ? null : text.trim();
  }
  return { ...input, ...moneyInput(form) };
}

/** Form values from a stored accommodation (major units and fractions, as the admin API shows it). */
export function formValues(a: AccommodationJson): FormBody {
  const values: Record<string, string> = {};
  for (const name of [...TEXTS, ...NUMBERS])
    values[name] = PERCENTS.has(name) ? String(Number((Number(a[name]) * 100).toFixed(4))) : String(a[name]);
  for (const [name] of EXTRAS) {
    const amount = a.extras[name];
    if (amount !== undefined) values[`extras_${name}`] = String(amount);
  }
  for (const name of FACTS) values[name] = a[name] ?? '';
  return { ...values, ...moneyValues(a) };
}

/** The errors as a host reads them: labels for the API's names, a percentage's limit in percent. */
function forPeople(errors: Readonly<Record<string, string>>): Record<string, string> {
  const out = forHost(errors, LABELS);
  for (const name of Object.keys(out))
    if (PERCENTS.has(name)) out[name] = (out[name] ?? '').replace(/at most 1\b/, 'at most 100');
  return out;
}

let currencies: readonly { code: string; name: string }[] | undefined;
let zones: readonly string[] | undefined;

/** The currencies Intl knows, with their names, for the currency list. */
function currencyList(): readonly { code: string; name: string }[] {
  if (currencies === undefined) {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    currencies = Intl.supportedValuesOf('currency').map((code) => ({ code, name: names.of(code) ?? code }));
  }
  return currencies;
}

function zoneList(): readonly string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return zones;
}

/** A select of `options` (value, text), the current value kept even when the list does not have it. */
function selectField(
  name: string,
  errors: Readonly<Record<string, string>>,
  current: string,
  options: readonly (readonly [string, string])[],
): Html {
  const all = options.some(([value]) => value === current) ? options : [[current, current] as const, ...options];
  const invalid = errors[name] !== undefined;
  const select = attributes({
    id: `f-${name}`,
    name,
    'aria-invalid': invalid && 'true',
    'aria-describedby': invalid && `err-${name}`,
  });
  const items = all.map(
    ([value, text]) => html`<option${attributes({ value, selected: value === current })}>${text}</option>`,
  );
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="f-${name}">${label(name)}</label>
<select${select}>${items}</select>${fieldError(errors, name)}</div>`;
}

/** A text of several lines that guest messages quote. */
function factArea(name: string, value: string | null, errors: Readonly<Record<string, string>>): Html {
  const invalid = errors[name] !== undefined;
  const area = attributes({
    id: `f-${name}`,
    name,
    rows: '3',
    'aria-invalid': invalid && 'true',
    'aria-describedby': invalid && `err-${name}`,
  });
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="f-${name}">${label(name)}</label>
<textarea${area}>${value ?? ''}</textarea>${fieldError(errors, name)}</div>`;
}

export function accommodationForm(
  action: string,
  submit: string,
  csrf: string,
  values: FormBody,
  sent: Record<string, string>,
): Html {
  const errors = forPeople(moneyErrors(sent, values));
  const v = (name: string) => values[name] ?? null;
  const money = (name: string, required = false) =>
    field(label(name), name, errors, { type: 'number', step: 'any', min: '0', value: v(name), required });
  const percent = (name: string) =>
    field(label(name), name, errors, {
      type: 'number',
      step: 'any',
      min: '0',
      value: v(name),
      attributes: { max: '100', inputmode: 'decimal' },
    });
  const count = (name: string, required = false) =>
    field(label(name), name, errors, { type: 'number', min: '1', value: v(name), required });
  const time = (name: string, fallback: string) =>
    field(label(name), name, errors, { type: 'time', value: v(name) ?? fallback });
  const currencyOptions = currencyList().map(({ code, name }) => [code, `${code} — ${name}`] as const);
  const zoneOptions = zoneList().map((z) => [z, z.replace(/_/g, ' ')] as const);
  return html`<form method="post" action="${action}" class="rules">${csrfField(csrf)}
${errorSummary(errors, LABELS)}
${field('Name', 'name', errors, { value: v('name'), required: true })}
<div class="row">
${selectField('currency', errors, (v('currency') ?? 'EUR').toUpperCase(), currencyOptions)}
${selectField('timezone', errors, v('timezone') ?? 'UTC', zoneOptions)}
${languageSelect(v('language'), errors)}
</div>
<div class="row">
${money('base_price', true)}
${money('cleaning_fee')}
${percent('tax_rate')}
</div>
<div class="row">
${percent('weekly_discount')}
${percent('monthly_discount')}
</div>
<div class="row">
${count('min_stay')}
${count('max_stay')}
${count('max_guests', true)}
</div>
<div class="row">
${time('checkin_time', '15:00')}
${time('checkout_time', '10:00')}
</div>
<fieldset><legend>For guest messages (sent only to guests, never to partners)</legend>
${factArea('address', v('address'), errors)}
${factArea('arrival_instructions', v('arrival_instructions'), errors)}
<div class="row">
${field(label('door_code'), 'door_code', errors, { value: v('door_code') })}
${field(label('door_code_days'), 'door_code_days', errors, {
  type: 'number',
  min: '0',
  value: v('door_code_days') ?? '2',
})}
${field(label('wifi_name'), 'wifi_name', errors, { value: v('wifi_name') })}
${field(label('wifi_password'), 'wifi_password', errors, { value: v('wifi_password') })}
</div></fieldset>
<fieldset><legend>Extras (leave empty when not offered)</legend><div class="row">
${EXTRAS.map(([name]) => money(`extras_${name}`))}
</div></fieldset>
${moneyFieldsets(values, errors)}
<button type="submit">${submit}</button>
</form>`;
}
