import { Type, type Static } from 'typebox';
import { BlockBody } from '../admin/block-routes.ts';
import { SetPricesBody } from '../admin/price-routes.ts';
import { html, type Html } from '../shared/html.ts';
import type { FormBody } from './console-request.ts';
import { Text } from './console-schemas.ts';
import { field } from './layout.ts';
import { checkForm, numberField } from './schema-errors.ts';

/**
 * The forms that price or block a range of nights [from, to), on the calendar and on an
 * accommodation's page: their fields, and how they read into the admin API's own requests.
 */

export const PriceForm = Type.Object({ from: Text(20), to: Text(20), price: Text(50) });
export const BlockForm = Type.Object({ from: Text(20), to: Text(20), reason: Text(1000) });

/** The price form as the admin API's price request: an empty price returns the nights to the base price. */
export function priceRequest(form: Static<typeof PriceForm>) {
  return checkForm(SetPricesBody, { from: form.from ?? '', to: form.to ?? '', price: numberField(form.price) ?? null });
}

/** The block form as the admin API's block request: an empty reason is none. */
export function blockRequest(form: Static<typeof BlockForm>) {
  const reason = (form.reason ?? '').trim();
  return checkForm(BlockBody, { from: form.from ?? '', to: form.to ?? '', ...(reason === '' ? {} : { reason }) });
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

/** The price field of a price form. */
export function priceField(label: string, { values, errors }: SentForm): Html {
  return field(label, 'price', errors, {
    idPrefix: 'price',
    type: 'number',
    step: 'any',
    min: '0',
    value: values.price ?? null,
  });
}

/** The reason field of a block form. */
export function reasonField({ values, errors }: SentForm): Html {
  return field('Reason', 'reason', errors, { idPrefix: 'block', value: values.reason ?? null });
}
