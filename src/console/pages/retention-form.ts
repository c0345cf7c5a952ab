import { html, type Html } from '../../shared/html.ts';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS } from '../../settings/registration-retention.ts';
import type { FormBody } from '../console-request.ts';
import { csrfField, errorSummary, field } from '../layout.ts';
import type { Labels } from '../schema-errors.ts';

export const RETENTION_LABELS: Labels = { registration_retention_days: 'Days to keep check-in documents' };

/** The form's value as the settings body takes it: a whole number, null when empty (the default). */
export function retentionInput(values: FormBody): number | null | 'invalid' {
  const text = (values.registration_retention_days ?? '').trim();
  if (text === '') return null;
  const days = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  return days >= 1 && days <= MAX_RETENTION_DAYS ? days : 'invalid';
}

export const RETENTION_ERROR = `Give a whole number of days from 1 to ${MAX_RETENTION_DAYS}.`;

/**
 * How long the identity documents guests give at check-in are kept after departure, on the
 * Settings page (docs/registrations.md#retention).
 */
export function retentionForm(days: number, values: FormBody, errors: Record<string, string>, csrf: string): Html {
  return html`<h2 id="retention">Check-in documents</h2>
<p class="muted">The type, number and country of each guest's identity document are erased this many days after
the stay's departure. Empty: ${DEFAULT_RETENTION_DAYS} days.</p>
${errorSummary(errors, RETENTION_LABELS, { whole: null })}
<form method="post" action="/admin/settings/retention" class="row">${csrfField(csrf)}
${field('Days to keep check-in documents', 'registration_retention_days', errors, {
  type: 'number',
  value: values.registration_retention_days ?? String(days),
  min: '1',
  attributes: { max: String(MAX_RETENTION_DAYS), inputmode: 'numeric' },
})}
<button type="submit" class="secondary">Save</button></form>`;
}
