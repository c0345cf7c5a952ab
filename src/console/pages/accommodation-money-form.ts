import type { AccommodationJson } from '../../accommodations/accommodation-schemas.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import type { FormBody } from '../console-request.ts';
import { field, fieldError } from '../layout.ts';
import { numberField } from '../schema-errors.ts';

/**
 * The accommodation form's money rules (docs/money.md): city tax, extra guests, damage deposit,
 * cancellation policy, payment terms and registration number. Each form field is named by its
 * path in the admin API's input joined with `_` (`city_tax.amount` is `city_tax_amount`), so a
 * complaint about it lands on it. Shares are typed as percentages, as the tax rate is.
 */

/** Rows the form offers for cancellation tiers; empty rows are left out. */
const TIER_ROWS = 4;
const tierRows = Array.from({ length: TIER_ROWS }, (_, i) => i);

/** Form field → label. The API path of each is its name with `_` before a known part read as `.`. */
export const MONEY_LABELS: Readonly<Record<string, string>> = {
  city_tax_amount: 'City tax per person per night',
  city_tax_counts: 'City tax counts',
  city_tax_max_nights: 'City tax for at most (nights)',
  extra_guest_fee_amount: 'Extra-guest fee per guest per night',
  extra_guest_fee_included_guests: 'Guests included in the price',
  damage_deposit: 'Damage deposit',
  payment_terms_deposit_fraction: 'Due at booking (%)',
  payment_terms_balance_days_before: 'Balance due (days before arrival)',
  registration_number: 'Registration number',
  ...Object.fromEntries(
    tierRows.flatMap((i) => [
      [`cancellation_policy_${i}_days_before_checkin`, `Tier ${i + 1}: from days before arrival`],
      [`cancellation_policy_${i}_fee`, `Tier ${i + 1}: fee (% of the total)`],
    ]),
  ),
};

export const MONEY_FIELD_NAMES: readonly string[] = Object.keys(MONEY_LABELS);

/** The API's dotted path of a form field (`cancellation_policy_1_fee` → `cancellation_policy.1.fee`). */
function apiPath(name: string): string {
  return name
    .replace(/^(city_tax|extra_guest_fee|payment_terms)_/, '$1.')
    .replace(/^cancellation_policy_(\d+)_/, 'cancellation_policy.$1.');
}

const isPercent = (name: string) =>
  name === 'payment_terms_deposit_fraction' || /^cancellation_policy_\d+_fee$/.test(name);

/** A percentage typed with a comma or a % sign, as a fraction. */
function fraction(raw: string | undefined): number | string | undefined {
  const n = numberField((raw ?? '').replace('%', '').replace(',', '.'));
  return typeof n === 'number' ? Math.round(n * 10_000) / 1_000_000 : n;
}

/** Only the fields filled in: an object left empty is none (null). */
function compact(fields: Record<string, unknown>): Record<string, unknown> | null {
  const kept = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.keys(kept).length === 0 ? null : kept;
}

/** The form rows of the cancellation tiers that are filled in, in order: the API's tier i is form row rows[i]. */
function filledTiers(form: FormBody): number[] {
  return tierRows.filter(
    (i) =>
      (form[`cancellation_policy_${i}_days_before_checkin`] ?? '').trim() !== '' ||
      (form[`cancellation_policy_${i}_fee`] ?? '').trim() !== '',
  );
}

/** The six fields of the admin API's input from the form; every one is sent, null when left empty. */
export function moneyInput(form: FormBody): Record<string, unknown> {
  const amount = (name: string) => numberField(form[name]);
  const cityTaxAmount = amount('city_tax_amount');
  const registration = (form.registration_number ?? '').trim();
  return {
    city_tax:
      cityTaxAmount === undefined
        ? null
        : {
            amount: cityTaxAmount,
            counts: form.city_tax_counts === 'adults_children' ? ['adults', 'children'] : ['adults'],
            max_nights: amount('city_tax_max_nights') ?? null,
          },
    extra_guest_fee: compact({
      amount: amount('extra_guest_fee_amount'),
      included_guests: amount('extra_guest_fee_included_guests'),
    }),
    damage_deposit: amount('damage_deposit') ?? null,
    cancellation_policy: filledTiers(form).map((i) =>
      compact({
        days_before_checkin: amount(`cancellation_policy_${i}_days_before_checkin`),
        fee: fraction(form[`cancellation_policy_${i}_fee`]),
      }),
    ),
    payment_terms: compact({
      deposit_fraction: fraction(form.payment_terms_deposit_fraction),
      balance_days_before: amount('payment_terms_balance_days_before'),
    }),
    registration_number: registration === '' ? null : registration,
  };
}

const percentOf = (rate: number) => String(Number((rate * 100).toFixed(4)));

/** Form values from the accommodation as the admin API shows it. */
export function moneyValues(a: AccommodationJson): Record<string, string> {
  const values: Record<string, string> = {};
  if (a.city_tax !== null) {
    values.city_tax_amount = String(a.city_tax.amount);
    values.city_tax_counts = a.city_tax.counts.includes('children') ? 'adults_children' : 'adults';
    if (a.city_tax.max_nights !== null) values.city_tax_max_nights = String(a.city_tax.max_nights);
  }
  if (a.extra_guest_fee !== null) {
    values.extra_guest_fee_amount = String(a.extra_guest_fee.amount);
    values.extra_guest_fee_included_guests = String(a.extra_guest_fee.included_guests);
  }
  if (a.damage_deposit !== null) values.damage_deposit = String(a.damage_deposit);
  for (const [i, tier] of (a.cancellation_policy ?? []).slice(0, TIER_ROWS).entries()) {
    values[`cancellation_policy_${i}_days_before_checkin`] = String(tier.days_before_checkin);
    values[`cancellation_policy_${i}_fee`] = percentOf(tier.fee);
  }
  if (a.payment_terms !== null) {
    values.payment_terms_deposit_fraction = percentOf(a.payment_terms.deposit_fraction);
    values.payment_terms_balance_days_before = String(a.payment_terms.balance_days_before);
  }
  if (a.registration_number !== null) values.registration_number = a.registration_number;
  return values;
}

/**
 * The errors as the form shows them: a tier's complaint moved to the form row it came from (empty
 * rows are not sent), the API's paths replaced by the labels, a percentage's limit in percent.
 */
export function moneyErrors(errors: Readonly<Record<string, string>>, form: FormBody): Record<string, string> {
  const rows = filledTiers(form);
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) {
    const tier = /^cancellation_policy_(\d+)_(.+)$/.exec(name);
    const row = tier === null ? undefined : rows[Number(tier[1])];
    const shown = tier === null || row === undefined ? name : `cancellation_policy_${row}_${tier[2]}`;
    let text = message;
    for (const [field, label] of Object.entries(MONEY_LABELS)) {
      text = text.replaceAll(`"${apiPath(field)}"`, `“${label}”`).replaceAll(`${apiPath(field)} `, `“${label}” `);
    }
    if (shown !== name) text = text.replaceAll(`“${MONEY_LABELS[name] ?? name}”`, `“${MONEY_LABELS[shown] ?? shown}”`);
    if (isPercent(shown)) text = text.replace(/at most 1\b/, 'at most 100');
    out[shown] = text;
  }
  return out;
}

/** The fieldsets of the six fields, errors shown on the fields as the rest of the form shows them. */
export function moneyFieldsets(values: FormBody, errors: Readonly<Record<string, string>>): Html {
  const v = (name: string) => values[name] ?? null;
  const input = (name: string, options: { min?: string; percent?: boolean; whole?: boolean; hint?: string } = {}) =>
    field(MONEY_LABELS[name] ?? name, name, errors, {
      type: 'number',
      step: options.whole === true ? '1' : 'any',
      min: options.min ?? '0',
      value: v(name),
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(options.percent === true ? { attributes: { max: '100', inputmode: 'decimal' } } : {}),
    });
  const counts = v('city_tax_counts') ?? 'adults';
  const invalidCounts = errors.city_tax_counts !== undefined;
  const countsLabel = html`<label for="f-city_tax_counts">${MONEY_LABELS.city_tax_counts}</label>`;
  const countsSelect = html`<div class="field${invalidCounts ? ' invalid' : ''}">${countsLabel}
<select${attributes({
    id: 'f-city_tax_counts',
    name: 'city_tax_counts',
    'aria-invalid': invalidCounts && 'true',
    'aria-describedby': invalidCounts && 'err-city_tax_counts',
  })}><option${attributes({ value: 'adults', selected: counts !== 'adults_children' })}>Adults only</option>
<option${attributes({
    value: 'adults_children',
    selected: counts === 'adults_children',
  })}>Adults and children</option></select>
<small>babies are never counted</small>${fieldError(errors, 'city_tax_counts')}</div>`;
  const tiers = tierRows.map(
    (i) => html`<div class="row">
${input(`cancellation_policy_${i}_days_before_checkin`, { whole: true })}
${input(`cancellation_policy_${i}_fee`, { percent: true })}
</div>`,
  );
  return html`<fieldset><legend>City tax (leave the amount empty when there is none)</legend><div class="row">
${input('city_tax_amount', { hint: 'not discounted, not taxed, added to the total' })}
${countsSelect}
${input('city_tax_max_nights', { min: '1', whole: true, hint: 'empty: every night' })}
</div></fieldset>
<fieldset><legend>Extra guests (leave empty when there is no fee)</legend><div class="row">
${input('extra_guest_fee_amount', { hint: 'taxed like the cleaning fee' })}
${input('extra_guest_fee_included_guests', { whole: true })}
</div></fieldset>
<fieldset><legend>Damage deposit, cancellation and payment</legend><div class="row">
${input('damage_deposit', { hint: 'held apart from the price; empty: none' })}
${input('payment_terms_deposit_fraction', { percent: true, hint: 'empty: no payment terms' })}
${input('payment_terms_balance_days_before', { whole: true })}
</div>
<p>Cancellation fee: from each number of days before arrival, the share of the total kept (leave rows empty when not needed).</p>
${tiers}
</fieldset>
<fieldset><legend>Registration</legend>
${field(MONEY_LABELS.registration_number ?? '', 'registration_number', errors, {
  value: v('registration_number'),
  hint: 'the short-term-rental registration number (CIN, NRUA, …): shown on availability, mails and invoices',
  attributes: { maxlength: '64' },
})}
</fieldset>`;
}
