import type { FastifyReply, FastifyRequest } from 'fastify';
import { idFromText } from '../../http/ids.ts';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { CreateBody } from '../../admin/api-key-routes.ts';
import { SettingsBody } from '../../admin/settings-routes.ts';
import { createApiKey, listApiKeys } from '../../auth/api-key-repository.ts';
import { revokeKey } from '../../auth/revoke-api-key.ts';
import { notFound } from '../../http/errors.ts';
import { secretStatus } from '../../settings/secret-status.ts';
import { changeSetting } from '../../settings/change-settings.ts';
import { generateWebhookSecret, type SettingName } from '../../settings/settings-repository.ts';
import { attempt, fmt, formOf, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { html, type Html } from '../html.ts';
import { csrfField, field, notice } from '../layout.ts';
import { schemaErrors } from '../schema-errors.ts';
import { listConsoleUsers } from '../session-repository.ts';
import { LOGIN_PATTERN, createAdminUser } from '../../users/user-repository.ts';

const NOTICES: Record<string, string> = {
  revoked: 'The key is revoked; it stops working at once.',
  cleared: 'The secret is cleared.',
  host_email: 'The alert address is saved.',
};

const SECRETS: Record<string, { setting: SettingName; label: string }> = {
  webhook: { setting: 'webhook_secret', label: 'Webhook signing secret' },
  payment: { setting: 'payment_webhook_secret', label: "Card processor's signing secret" },
};

interface Shown {
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
  const csrf = session(request).csrf;
  const [keys, settings, users] = await Promise.all([
    listApiKeys(ctx.db),
    secretStatus(ctx.db, ctx.config),
    listConsoleUsers(ctx.db),
  ]);
  const errors = shown.errors ?? {};
  const values = shown.values ?? {};
  const q = request.query as Record<string, string | undefined>;
  const secretForm = (kind: string, set: boolean, note: string): Html => {
    const s = SECRETS[kind];
    if (s === undefined) return html``;
    return html`<h3>${s.label}</h3><p>${set ? 'Set.' : 'Not set.'} ${note}</p>
<form method="post" action="/admin/settings/secrets/${kind}/generate" class="inline">${csrfField(csrf)}<button type="submit">Generate a new ${s.label.toLowerCase()}</button></form>
<form method="post" action="/admin/settings/secrets/${kind}" class="row">${csrfField(csrf)}${field(`Set the ${s.label.toLowerCase()}`, `${kind}_secret`, errors, { type: 'password', value: null, hint: 'at least 32 characters', attrs: html` autocomplete="off"` })}<button type="submit" class="secondary">Set</button></form>
${set ? html`<form method="post" action="/admin/settings/secrets/${kind}/clear">${csrfField(csrf)}<button type="submit" class="danger">Clear the ${s.label.toLowerCase()}</button></form>` : ''}`;
  };
  const body = html`
${notice(q.done === undefined ? null : (NOTICES[q.done] ?? null))}
${
  shown.secret === undefined
    ? ''
    : html`<div aria-labelledby="h-secret" role="status"><h2 id="h-secret">${shown.secret.label}</h2><p>Copy it now: it is shown only this once.</p><div class="row"><div class="field"><label for="new-secret">${shown.secret.label}</label><input id="new-secret" class="secret" readonly value="${shown.secret.value}"></div><button type="button" class="secondary" data-copy="new-secret">Copy</button></div></div>`
}
<h2>API keys</h2>
<table class="stack"><thead><tr><th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Scope</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead><tbody>
${keys.map(
  (
    k,
  ) => html`<tr><td data-label="Name">${k.name}</td><td data-label="Starts with"><code>${k.prefix}…</code></td><td data-label="Scope">${k.scope}</td><td data-label="Created">${f.instant(k.created_at)}</td><td data-label="Last used">${k.last_used_at === null ? 'never' : f.instant(k.last_used_at)}</td>
<td data-label="State">${k.revoked_at === null ? html`<form method="post" action="/admin/settings/api-keys/${k.id}/revoke" class="inline">${csrfField(csrf)}<button type="submit" class="danger">Revoke ${k.name}</button></form>` : html`revoked ${f.instant(k.revoked_at)}`}</td></tr>`,
)}
</tbody></table>
<form method="post" action="/admin/settings/api-keys" class="row">${csrfField(csrf)}
${field('Name of the new key', 'name', errors, { value: values.name ?? null, required: true })}
<div class="field"><label for="f-scope">Scope</label><select id="f-scope" name="scope"><option value="api">v1 API</option><option value="admin"${values.scope === 'admin' ? html` selected` : ''}>admin API (and v1)</option></select></div>
<button type="submit">Create key</button></form>
<h2>Signing secrets</h2>
<p class="muted">A secret is shown once, when it is generated; it is never shown again.</p>
${secretForm('webhook', settings.webhook_secret.set, 'Signs /webhook/update and /webhook/calendar_sync.')}
${secretForm('payment', settings.payment_webhook_secret.set, settings.payment_webhook_secret.source === 'environment' ? 'Set through the environment; a secret set here takes its place.' : 'Checks the card processor’s payment events.')}
<h2>Overbooking alerts</h2>
<form method="post" action="/admin/settings/host-email" class="row">${csrfField(csrf)}
${field('Mail overbooking alerts to', 'host_email', errors, { type: 'email', value: values.host_email ?? settings.host_email })}
<button type="submit" class="secondary">Save</button></form>
<h2>Console users</h2>
<ul>${users.map((u) => html`<li>${u.login}${u.display_name === u.login ? '' : ` (${u.display_name})`} <span class="muted">since ${f.instant(u.created_at)}</span></li>`)}</ul>
<form method="post" action="/admin/settings/console-users" class="row">${csrfField(csrf)}
${field('Login of the new console user', 'login', errors, { value: values.login ?? null, required: true, hint: '3 to 64 letters, digits, “.”, “_”, “@” or “-”', attrs: html` autocomplete="off"` })}
<button type="submit">Add console user</button></form>
<p class="muted">A password is generated and shown once. <code>staydesk admin create --login NAME</code> does the same from the command line.</p>`;
  return sendPage(request, reply, 'Settings', 'settings', body, status);
}

/** Settings: API keys, signing secrets (shown once), the alert address, console users (added with a password shown once). */
export const settingsPages: FeatureRoutes = async (app, { ctx }) => {
  const opts = { config: { auth: 'session' as const }, schema: { hide: true } };

  app.get('/settings', opts, (request, reply) => settingsPage(ctx, request, reply));

  app.post('/settings/api-keys', opts, async (request, reply) => {
    const values = formOf(request);
    const input = { name: (values.name ?? '').trim(), scope: values.scope === 'admin' ? 'admin' : 'api' };
    const invalid = await schemaErrors(CreateBody, input);
    if (invalid !== null) return settingsPage(ctx, request, reply, { errors: invalid, values }, 400);
    const { key, record } = await createApiKey(ctx.db, {
      name: input.name,
      scope: input.scope === 'admin' ? 'admin' : 'api',
    });
    return settingsPage(ctx, request, reply, { secret: { label: `New API key “${record.name}”`, value: key } });
  });

  app.post('/settings/api-keys/:id/revoke', opts, async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    const id = idFromText(raw);
    const revoked = id === 0 ? undefined : await revokeKey(ctx, id);
    if (revoked === undefined)
      throw notFound('api_key_not_found', 'There is no such API key.', { parameter: 'id', received: raw });
    return seeOther(reply, '/admin/settings?done=revoked');
  });

  app.post('/settings/secrets/:kind/generate', opts, async (request, reply) => {
    const s = SECRETS[(request.params as { kind: string }).kind];
    if (s === undefined) throw notFound('unknown_route', 'There is no such secret.', { parameter: 'kind' });
    const value = generateWebhookSecret();
    await changeSetting(ctx, s.setting, value);
    return settingsPage(ctx, request, reply, { secret: { label: s.label, value } });
  });

  app.post('/settings/secrets/:kind', opts, async (request, reply) => {
    const kind = (request.params as { kind: string }).kind;
    const s = SECRETS[kind];
    if (s === undefined) throw notFound('unknown_route', 'There is no such secret.', { parameter: 'kind' });
    const value = formOf(request)[`${kind}_secret`] ?? '';
    const invalid = await schemaErrors(SettingsBody, { [s.setting]: value });
    if (invalid !== null)
      return settingsPage(
        ctx,
        request,
        reply,
        { errors: { [`${kind}_secret`]: Object.values(invalid)[0] ?? 'Not valid.' } },
        400,
      );
    await changeSetting(ctx, s.setting, value);
    return settingsPage(ctx, request, reply, { secret: { label: s.label, value } });
  });

  app.post('/settings/secrets/:kind/clear', opts, async (request, reply) => {
    const s = SECRETS[(request.params as { kind: string }).kind];
    if (s === undefined) throw notFound('unknown_route', 'There is no such secret.', { parameter: 'kind' });
    await changeSetting(ctx, s.setting, null);
    return seeOther(reply, '/admin/settings?done=cleared');
  });

  app.post('/settings/console-users', opts, async (request, reply) => {
    const values = formOf(request);
    const login = (values.login ?? '').trim();
    if (!LOGIN_PATTERN.test(login)) {
      return settingsPage(
        ctx,
        request,
        reply,
        { errors: { login: 'Use 3 to 64 letters, digits, “.”, “_”, “@” or “-”.' }, values },
        400,
      );
    }
    const created = await attempt(() => createAdminUser(ctx.db, login));
    if (!created.ok)
      return settingsPage(
        ctx,
        request,
        reply,
        { errors: { login: Object.values(created.errors)[0] ?? 'Not valid.' }, values },
        created.status,
      );
    return settingsPage(ctx, request, reply, {
      secret: { label: `Password of console user “${login}”`, value: created.value.password },
    });
  });

  app.post('/settings/host-email', opts, async (request, reply) => {
    const values = formOf(request);
    const email = (values.host_email ?? '').trim();
    const invalid = await schemaErrors(SettingsBody, { host_email: email === '' ? null : email });
    if (invalid !== null)
      return settingsPage(
        ctx,
        request,
        reply,
        { errors: { host_email: 'Enter an e-mail address, or leave it empty.' }, values },
        400,
      );
    await changeSetting(ctx, 'host_email', email === '' ? null : email);
    return seeOther(reply, '/admin/settings?done=host_email');
  });
};
