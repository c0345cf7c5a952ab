import { Type } from 'typebox';
import type { AccommodationJson } from '../../accommodations/accommodation-schemas.ts';
import { GUEST_LANGUAGES, LANGUAGE_NAMES } from '../../shared/guest-language.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import type { FormBody } from '../console-request.ts';
import { Text } from '../console-schemas.ts';
import { csrfField, field, fieldError } from '../layout.ts';
import { numberField } from '../schema-errors.ts';

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
] as const;
const TEXTS = ['name', 'currency', 'timezone', 'checkin_time', 'checkout_time', 'language'] as const;

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
export const AccommodationForm = Type.Object(
  Object.fromEntries([...TEXTS, ...NUMBERS, ...EXTRAS.map(([name]) => `extras_${name}`)].map((n) => [n, Text(200)])),
);

/** The admin API's accommodation input from the form: empty fields are left out; extras replace the whole set. */
export function accommodationInput(form: FormBody): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of TEXTS) {
    const text = (form[name] ?? '').trim();
    if (text !== '') input[name] = name === 'currency' ? text.toUpperCase() : text;
  }
  for (const name of NUMBERS) {
    const n = numberField(form[name]);
    if (n !== undefined) input[name] = n;
  }
  const extras: Record<string, unknown> = {};
  for (const [name] of EXTRAS) {
    const n = numberField(form[`extras_${name}`]);
    if (n !== undefined) extras[name] = n;
  }
  input.extras = extras;
  return input;
}

/** Form values from a stored accommodation (major units and fractions, as the admin API shows it). */
export function formValues(a: AccommodationJson): FormBody {
  const values: Record<string, string> = {};
  for (const name of [...TEXTS, ...NUMBERS]) values[name] = String(a[name]);
  for (const [name] of EXTRAS) {
    const amount = a.extras[name];
    if (amount !== undefined) values[`extras_${name}`] = String(amount);
  }
  return values;
}

export function accommodationForm(
  action: string,
  submit: string,
  csrf: string,
  values: FormBody,
  errors: Record<string, string>,
): Html {
  const v = (name: string) => values[name] ?? null;
  const money = (name: string, label: string, required = false) =>
    field(label, name, errors, { type: 'number', step: 'any', min: '0', value: v(name), required });
  const count = (name: string, label: string, required = false) =>
    field(label, name, errors, { type: 'number', min: '1', value: v(name), required });
  const time = (name: string, label: string, fallback: string) =>
    field(label, name, errors, { type: 'time', value: v(name) ?? fallback });
  return html`<form method="post" action="${action}" class="rules">${csrfField(csrf)}
${fieldError(errors, '_form')}
${field('Name', 'name', errors, { value: v('name'), required: true })}
<div class="row">
${field('Currency (ISO code)', 'currency', errors, { value: v('currency') ?? 'EUR', hint: 'e.g. EUR, CHF, JPY' })}
${field('Time zone', 'timezone', errors, { value: v('timezone') ?? 'UTC', hint: 'e.g. Europe/Vienna' })}
${languageSelect(v('language'), errors)}
</div>
<div class="row">
${money('base_price', 'Base price per night', true)}
${money('cleaning_fee', 'Cleaning fee per stay')}
${money('tax_rate', 'Tax rate (fraction: 0.1 is 10 %)')}
</div>
<div class="row">
${money('weekly_discount', 'Weekly discount (fraction, from 7 nights)')}
${money('monthly_discount', 'Monthly discount (fraction, from 28 nights)')}
</div>
<div class="row">
${count('min_stay', 'Minimum stay (nights)')}
${count('max_stay', 'Maximum stay (nights)')}
${count('max_guests', 'Maximum guests', true)}
</div>
<div class="row">
${time('checkin_time', 'Check-in time', '15:00')}
${time('checkout_time', 'Check-out time', '10:00')}
</div>
<fieldset><legend>Extras (leave empty when not offered)</legend><div class="row">
${EXTRAS.map(([name, label]) => money(`extras_${name}`, label))}
</div></fieldset>
<button type="submit">${submit}</button>
</form>`;
}
