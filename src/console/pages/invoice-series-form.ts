import type { Invoicing } from '../../settings/invoicing.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import type { FormBody } from '../console-request.ts';
import { csrfField, errorSummary, field } from '../layout.ts';
import type { Labels } from '../schema-errors.ts';

export const INVOICING_LABELS: Labels = { invoicing_prefix: 'Number prefix' };

/**
 * The invoice series on the Settings page: the prefix of every number and whether numbering
 * starts again each year, with an example of the next number's shape.
 */
export function invoiceSeriesForm(
  invoicing: Invoicing,
  values: FormBody,
  errors: Record<string, string>,
  csrf: string,
): Html {
  const prefix = values.invoicing_prefix ?? invoicing.prefix;
  const yearly =
    values.invoicing_prefix === undefined ? invoicing.yearly_reset : values.invoicing_yearly_reset === 'on';
  return html`<h2 id="invoicing">Invoice numbers</h2>
<p class="muted">Invoices and credit notes share one series without gaps, e.g. ${invoicing.prefix}${
    invoicing.yearly_reset ? '2026-0001' : '000001'
  }. A change applies to the next number issued.</p>
${errorSummary(errors, INVOICING_LABELS, { whole: null })}
<form method="post" action="/admin/settings/invoicing">${csrfField(csrf)}
${field('Number prefix', 'invoicing_prefix', errors, {
  value: prefix,
  hint: 'letters, digits, “-”, “_” or “.”, at most 20',
  attributes: { autocomplete: 'off', spellcheck: 'false' },
})}
<div class="field check"><label><input${attributes({
    type: 'checkbox',
    name: 'invoicing_yearly_reset',
    value: 'on',
    checked: yearly,
  })}> Start again from 1 each year (the year is part of the number)</label></div>
<button type="submit">Save invoice numbers</button></form>`;
}
