import type { AccommodationJson } from '../../accommodations/accommodation-schemas.ts';
import type { FormBody } from '../console-request.ts';
import { html, type Html } from '../../shared/html.ts';
import { csrfField, field } from '../layout.ts';
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
const TEXTS = ['name', 'currency', 'timezone', 'checkin_time', 'checkout_time'] as const;

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
  return html`<form method="post" action="${action}" class="rules">${csrfField(csrf)}
${errors._form === undefined ? '' : html`<p class="error" role="alert">${errors._form}</p>`}
${field('Name', 'name', errors, { value: v('name'), required: true })}
<div class="row">
${field('Currency (ISO code)', 'currency', errors, { value: v('currency') ?? 'EUR', hint: 'e.g. EUR, CHF, JPY' })}
${field('Time zone', 'timezone', errors, { value: v('timezone') ?? 'UTC', hint: 'e.g. Europe/Vienna' })}
</div>
<div class="row">
${field('Base price per night', 'base_price', errors, { type: 'number', step: 'any', min: '0', value: v('base_price'), required: true })}
${field('Cleaning fee per stay', 'cleaning_fee', errors, { type: 'number', step: 'any', min: '0', value: v('cleaning_fee') })}
${field('Tax rate (fraction: 0.1 is 10 %)', 'tax_rate', errors, { type: 'number', step: 'any', min: '0', value: v('tax_rate') })}
</div>
<div class="row">
${field('Weekly discount (fraction, from 7 nights)', 'weekly_discount', errors, { type: 'number', step: 'any', min: '0', value: v('weekly_discount') })}
${field('Monthly discount (fraction, from 28 nights)', 'monthly_discount', errors, { type: 'number', step: 'any', min: '0', value: v('monthly_discount') })}
</div>
<div class="row">
${field('Minimum stay (nights)', 'min_stay', errors, { type: 'number', min: '1', value: v('min_stay') })}
${field('Maximum stay (nights)', 'max_stay', errors, { type: 'number', min: '1', value: v('max_stay') })}
${field('Maximum guests', 'max_guests', errors, { type: 'number', min: '1', value: v('max_guests'), required: true })}
</div>
<div class="row">
${field('Check-in time', 'checkin_time', errors, { type: 'time', value: v('checkin_time') ?? '15:00' })}
${field('Check-out time', 'checkout_time', errors, { type: 'time', value: v('checkout_time') ?? '10:00' })}
</div>
<fieldset><legend>Extras (leave empty when not offered)</legend><div class="row">
${EXTRAS.map(([name, label]) => field(label, `extras_${name}`, errors, { type: 'number', step: 'any', min: '0', value: v(`extras_${name}`) }))}
</div></fieldset>
<button type="submit">${submit}</button>
</form>`;
}
