import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { SettingsBody } from '../../settings/settings-schemas.ts';
import { secretStatus } from '../../settings/secret-status.ts';
import { changeSetting, changeSettings, settingChanges } from '../../settings/change-settings.ts';
import { printedIban, readHostIdentity, type HostIdentity } from '../../settings/host-identity.ts';
import { html, type Html } from '../../shared/html.ts';
import { listTeam } from '../../users/user-repository.ts';
import { may } from '../../users/permissions.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { addTeamMember } from '../../team/manage-team.ts';
import { teamMemberInput, TeamMemberForm, USER_LABELS, usersSection } from './settings-users.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, fmt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { notices, sessionRoute, Text } from '../console-schemas.ts';
import { csrfField, errorSummary, field, fieldError, notice } from '../layout.ts';
import { redirectWith } from '../flash.ts';
import { checkForm, forHost, type Labels } from '../schema-errors.ts';
import { secretBox, settingsTabs } from './settings-parts.ts';
import { readInvoicing } from '../../settings/invoicing.ts';
import { INVOICING_LABELS, invoiceSeriesForm } from './invoice-series-form.ts';
import { RETENTION_ERROR, RETENTION_LABELS, retentionForm, retentionInput } from './retention-form.ts';
import { readRetentionDays } from '../../settings/registration-retention.ts';

const NOTICES = notices({
  host_email: 'The alert address is saved.',
  business: 'The business details are saved.',
  bank: 'The bank details are saved.',
  invoicing: 'The invoice numbers are saved.',
  retention: 'The retention of check-in documents is saved.',
});
const RetentionForm = Type.Object({ registration_retention_days: Text(100) });

const SettingsQuery = Type.Object({ done: NOTICES.query });
const InvoicingForm = Type.Object({ invoicing_prefix: Text(1000), invoicing_yearly_reset: Text(10) });
const HostEmailForm = Type.Object({ host_email: Text(1000) });
const BusinessForm = Type.Object({
  business_name: Text(1000),
  business_address: Text(1000),
  business_tax_id: Text(1000),
  business_email: Text(1000),
  business_phone: Text(1000),
});
const BankForm = Type.Object({
  bank_details_account_holder: Text(1000),
  bank_details_iban: Text(1000),
  bank_details_bic: Text(1000),
  bank_details_bank_name: Text(1000),
});

/** A form's fields under a prefix, trimmed; null when every one is empty (the form clears the setting). */
function fieldsUnder(values: FormBody, prefix: string, names: readonly string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const name of names) out[name] = (values[`${prefix}_${name}`] ?? '').trim();
  return Object.values(out).every((v) => v === '') ? null : out;
}

/** Optional fields left empty are null; required ones stay empty, so the schema names them. */
const nullIfEmpty = (fields: Record<string, string>, required: readonly string[]): Record<string, string | null> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' && !required.includes(k) ? null : v]));

const BUSINESS_LABELS: Labels = {
  business_name: 'Business name',
  business_address: 'Address',
  business_tax_id: 'Tax ID',
  business_email: 'Contact e-mail',
  business_phone: 'Contact phone',
};
const BANK_LABELS: Labels = {
  bank_details_account_holder: 'Account holder',
  bank_details_iban: 'IBAN',
  bank_details_bic: 'BIC',
  bank_details_bank_name: 'Bank name',
};
const ALERT_LABELS: Labels = { host_email: 'Mail overbooking alerts to' };
const ALL_LABELS: Labels = {
  ...BUSINESS_LABELS,
  ...BANK_LABELS,
  ...INVOICING_LABELS,
  ...RETENTION_LABELS,
  ...ALERT_LABELS,
  ...USER_LABELS,
};

function identityForms(identity: HostIdentity, values: FormBody, errors: Record<string, string>, csrf: string): Html {
  const b = identity.business;
  const bank = identity.bank_details;
  const value = (name: string, stored: string | null | undefined) => values[name] ?? stored ?? null;
  const address = value('business_address', b?.address);
  const addressInvalid = errors.business_address !== undefined;
  return html`<h2 id="business">Your business</h2>
<p class="muted">Printed on every invoice; guest mails are signed with the business name.</p>
${errorSummary(errors, BUSINESS_LABELS, { whole: null })}
<form method="post" action="/admin/settings/business">${csrfField(csrf)}
${field('Business name', 'business_name', errors, { value: value('business_name', b?.name) })}
<div class="field${addressInvalid ? ' invalid' : ''}"><label for="f-business_address">Address</label>
<textarea id="f-business_address" name="business_address" rows="3">${address ?? ''}</textarea>
${fieldError(errors, 'business_address')}</div>
${field('Tax ID', 'business_tax_id', errors, { value: value('business_tax_id', b?.tax_id), hint: 'VAT or tax number' })}
${field('Contact e-mail', 'business_email', errors, { type: 'email', value: value('business_email', b?.email) })}
${field('Contact phone', 'business_phone', errors, { type: 'tel', value: value('business_phone', b?.phone) })}
<button type="submit">Save business details</button></form>
<h2 id="bank">Bank details</h2>
<p class="muted">Guests who pay by bank transfer are told to pay into this account.</p>
${errorSummary(errors, BANK_LABELS, { whole: null })}
<form method="post" action="/admin/settings/bank">${csrfField(csrf)}
${field('Account holder', 'bank_details_account_holder', errors, {
  value: value('bank_details_account_holder', bank?.account_holder),
})}
${field('IBAN', 'bank_details_iban', errors, {
  value: value('bank_details_iban', bank === null ? null : printedIban(bank.iban)),
  attributes: { autocomplete: 'off', spellcheck: 'false' },
})}
${field('BIC', 'bank_details_bic', errors, { value: value('bank_details_bic', bank?.bic), hint: 'optional' })}
${field('Bank name', 'bank_details_bank_name', errors, {
  value: value('bank_details_bank_name', bank?.bank_name),
  hint: 'optional',
})}
<button type="submit">Save bank details</button></form>`;
}

interface Shown {
  notice?: string | null;
  /** A secret shown this once, with what it is. */
  secret?: { label: string; value: string };
  errors?: Record<string, string>;
  values?: FormBody;
}

async function settingsPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  shown: Shown = {},
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const { csrf, user: me } = session(request);
  const owner = may(me.role, 'users');
  const [settings, team, homes, identity, invoicing, retention] = await Promise.all([
    secretStatus(ctx.db, ctx.config),
    owner ? listTeam(ctx.db) : [],
    owner ? listAccommodations(ctx.db) : [],
    readHostIdentity(ctx.db),
    readInvoicing(ctx.db),
    readRetentionDays(ctx.db),
  ]);
  const errors = forHost(shown.errors ?? {}, ALL_LABELS);
  const values = shown.values ?? {};
  const secret = shown.secret ?? request.consoleFlash?.secret;
  const hostEmail = values.host_email ?? settings.host_email;
  const body = html`
${settingsTabs('settings')}
${notice(shown.notice ?? null)}
${secret === undefined ? '' : secretBox(secret)}
${identityForms(identity, values, errors, csrf)}
${invoiceSeriesForm(invoicing, values, errors, csrf)}
${retentionForm(retention, values, errors, csrf)}
<h2>Overbooking alerts</h2>
${errorSummary(errors, ALERT_LABELS, { whole: null })}
<form method="post" action="/admin/settings/host-email" class="row">${csrfField(csrf)}
${field('Mail overbooking alerts to', 'host_email', errors, { type: 'email', value: hostEmail })}
<button type="submit" class="secondary">Save</button></form>
${owner ? usersSection(team, homes, f, csrf, values, errors) : ''}`;
  return sendPage(request, reply, 'Settings', 'settings', body, status);
}

/**
 * Settings, the host's own: the business and bank details guests see, the invoice numbers, the
 * alert address, console users (with a password shown once). Integrations (keys, secrets, mail) have their own page.
 */
export const settingsPages: FeatureRoutes = async (app, { ctx }) => {
  // A secret made by a POST is shown by the GET it redirects to, once (flash.ts): a reload makes no second one.
  const showOnce = (request: FastifyRequest, reply: FastifyReply, secret: { label: string; value: string }) =>
    redirectWith(request, reply, '/admin/settings', { secret }, ctx.config.publicBaseUrl);

  app.get(PAGES.settings.path, sessionRoute('settings', { querystring: SettingsQuery }), (request, reply) =>
    settingsPage(ctx, request, reply, { notice: NOTICES.text(request.query.done) }),
  );

  app.post('/settings/console-users', sessionRoute('users', { body: TeamMemberForm }), async (request, reply) => {
    const values = request.body as FormBody;
    const input = teamMemberInput(values);
    if ('errors' in input) return settingsPage(ctx, request, reply, { errors: input.errors, values }, 400);
    const created = await attempt(() => addTeamMember(ctx, input));
    if (!created.ok) return settingsPage(ctx, request, reply, { errors: created.errors, values }, created.status);
    const { login } = input;
    return showOnce(request, reply, { label: `Password of console user “${login}”`, value: created.value.password });
  });

  app.post('/settings/business', sessionRoute('settings', { body: BusinessForm }), async (request, reply) => {
    const values = request.body;
    const fields = fieldsUnder(values, 'business', ['name', 'address', 'tax_id', 'email', 'phone']);
    return saveIdentity(
      request,
      reply,
      { business: fields === null ? null : nullIfEmpty(fields, ['name']) },
      'business',
    );
  });

  app.post('/settings/bank', sessionRoute('settings', { body: BankForm }), async (request, reply) => {
    const values = request.body;
    const fields = fieldsUnder(values, 'bank_details', ['account_holder', 'iban', 'bic', 'bank_name']);
    return saveIdentity(
      request,
      reply,
      {
        bank_details: fields === null ? null : nullIfEmpty(fields, ['account_holder', 'iban']),
      },
      'bank',
    );
  });

  app.post('/settings/invoicing', sessionRoute('settings', { body: InvoicingForm }), async (request, reply) => {
    const values = request.body;
    const invoicing = {
      prefix: (values.invoicing_prefix ?? '').trim(),
      yearly_reset: values.invoicing_yearly_reset === 'on',
    };
    const checked = await checkForm(SettingsBody, { invoicing });
    if (!checked.ok) {
      const errors = { invoicing_prefix: 'Use at most 20 letters, digits, “-”, “_” or “.”.' };
      return settingsPage(ctx, request, reply, { errors, values }, 400);
    }
    await changeSettings(ctx, settingChanges(checked.value));
    return seeOther(reply, '/admin/settings?done=invoicing');
  });

  app.post('/settings/retention', sessionRoute('settings', { body: RetentionForm }), async (request, reply) => {
    const values = request.body;
    const days = retentionInput(values);
    if (days === 'invalid')
      return settingsPage(
        ctx,
        request,
        reply,
        { errors: { registration_retention_days: RETENTION_ERROR }, values },
        400,
      );
    await changeSettings(ctx, settingChanges({ registration_retention_days: days }));
    return seeOther(reply, '/admin/settings?done=retention');
  });

  /** Checks the form as the admin API would (schema, then name and IBAN) and saves it, or shows the errors. */
  async function saveIdentity(
    request: FastifyRequest,
    reply: FastifyReply,
    input: Record<string, unknown>,
    done: 'business' | 'bank',
  ): Promise<FastifyReply> {
    const values = request.body as FormBody;
    const checked = await checkForm(SettingsBody, input);
    if (!checked.ok) return settingsPage(ctx, request, reply, { errors: checked.errors, values }, 400);
    const saved = await attempt(() => changeSettings(ctx, settingChanges(checked.value)));
    if (!saved.ok) return settingsPage(ctx, request, reply, { errors: saved.errors, values }, saved.status);
    return seeOther(reply, `/admin/settings?done=${done}`);
  }

  app.post('/settings/host-email', sessionRoute('settings', { body: HostEmailForm }), async (request, reply) => {
    const values = request.body;
    const email = (values.host_email ?? '').trim();
    const input = await checkForm(SettingsBody, { host_email: email === '' ? null : email });
    if (!input.ok) {
      const errors = { host_email: 'Enter an e-mail address like name@example.com, or leave it empty.' };
      return settingsPage(ctx, request, reply, { errors, values }, 400);
    }
    await changeSetting(ctx, 'host_email', email === '' ? null : email);
    return seeOther(reply, '/admin/settings?done=host_email');
  });
};
