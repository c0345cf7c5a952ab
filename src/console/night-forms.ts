import { Type, type Static } from 'typebox';
import { BlockBody } from '../blocks/block-schemas.ts';
import { SetPricesBody } from '../accommodations/accommodation-schemas.ts';
import { html, type Html } from '../shared/html.ts';
import type { FormBody } from './console-request.ts';
import { Text } from './console-schemas.ts';
import { field } from './layout.ts';
import { checkForm, numberField } from './schema-errors.ts';
import { currencyDecimals, toMinor } from '../shared/money.ts';
import type { Formatter } from './format.ts';

/**
 * The forms that price or block a range of nights [from, to), on the calendar and on an
 * accommodation's page: their fields, and how they read into the admin API's own requests.
 */

export const PriceForm = Type.Object({ from: Text(20), to: Text(20), price: Text(50), price_ok: Text(10) });
export const BlockForm = Type.Object({ from: Text(20), to: Text(20), reason: Text(1000) });

/** The price form as the admin API's price request: an empty price returns the nights to the base price. */
export async function priceRequest(form: Static<typeof PriceForm>) {
  const input = { from: form.from ?? '', to: form.to ?? '', price: numberField(form.price) ?? null };
  return withRange(input, await checkForm(SetPricesBody, input));
}

/** The block form as the admin API's block request: an empty reason is none. */
export async function blockRequest(form: Static<typeof BlockForm>) {
  const reason = (form.reason ?? '').trim();
  const input = { from: form.from ?? '', to: form.to ?? '', ...(reason === '' ? {} : { reason }) };
  return withRange(input, await checkForm(BlockBody, input));
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** A range whose departure is not after its first night is named beside "to", with the form's other errors. */
function withRange<T>(input: { from: string; to: string }, checked: Checked<T>): Checked<T> {
  const dated = /^\d{4}-\d{2}-\d{2}$/;
  if (!dated.test(input.from) || !dated.test(input.to) || input.from < input.to) return checked;
  const errors = checked.ok ? {} : checked.errors;
  return { ok: false, errors: { ...errors, to: errors.to ?? 'Choose a day after the first night.' } };
}

/**
 * A price far from the accommodation's base price (nothing, less than a third, more than three
 * times) is a typo more often than not: it is saved only once the host ticks "the price is right".
 */
export function priceWarning(
  price: number | null,
  base: { base_price: number; currency: string },
  f: Pick<Formatter, 'money'>,
  form: { price_ok?: string | undefined },
): string | null {
  if (price === null || form.price_ok === 'yes') return null;
  const minor = toMinor(price, currencyDecimals(base.currency) ?? 2);
  if (minor === null || (minor > 0 && minor * 3 >= base.base_price && minor <= base.base_price * 3)) return null;
  const baseText = f.money(base.base_price, base.currency);
  const how = minor === 0 ? 'nothing' : minor < base.base_price ? 'far below' : 'far above';
  const what = minor === 0 ? `The nights would cost nothing (the base price is ${baseText}).` : null;
  return (
    (what ?? `${f.money(minor, base.currency)} per night is ${how} the base price of ${baseText}.`) +
    ' Check it, then tick “The price is right” to save it.'
  );
}

/** A form as sent, with the errors to show beside its fields. */
export interface SentForm {
  values: FormBody;
  errors: Readonly<Record<string, string>>;
}

/** The range's two date fields; `idPrefix` tells apart two forms on one page. */
export function rangeFields(idPrefix: string, { values, errors }: SentForm): Html {
  const date = { idPrefix, type: 'date', required: true };
  return html`${field('First night', 'from', errors, { ...date, value: values.from ?? null })}
${field('Until (the night after the last)', 'to', errors, { ...date, value: values.to ?? null })}`;
}

/** The price field of a price form, with the "price is right" box once a warning asked for it. */
export function priceField(label: string, { values, errors }: SentForm): Html {
  const input = field(label, 'price', errors, {
    idPrefix: 'price',
    type: 'number',
    step: 'any',
    min: '0',
    value: values.price ?? null,
  });
  if (values.price_warned !== 'yes') return input;
  return html`${input}<div class="field check"><label><input type="checkbox" name="price_ok" value="yes">
The price is right</label></div>`;
}

/** The reason field of a block form. */
export function reasonField({ values, errors }: SentForm): Html {
  return field('Reason', 'reason', errors, { idPrefix: 'block', value: values.reason ?? null });
}
