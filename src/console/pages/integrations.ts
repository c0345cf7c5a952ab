import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { CreateBody } from '../../keys/api-key-schemas.ts';
import { SettingsBody } from '../../settings/settings-schemas.ts';
import { createApiKey, findApiKey, listApiKeys } from '../../auth/api-key-repository.ts';
import { giveKeyWebhookSecret } from '../../keys/key-webhook-secret.ts';
import { revokeKey } from '../../auth/revoke-api-key.ts';
import { deleteTestData } from '../../admin/delete-test-data.ts';
import { notFound } from '../../http/errors.ts';
import { toId } from '../../http/ids.ts';
import { queueTestMail } from '../../mail/mail-health.ts';
import { secretStatus } from '../../settings/secret-status.ts';
import { changeSetting } from '../../settings/change-settings.ts';
import { readHostIdentity } from '../../settings/host-identity.ts';
import { generateWebhookSecret, type SettingName } from '../../settings/settings-repository.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { PAGES, pageUrl } from '../console-pages.ts';
import { fmt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { IdParams, notices, sessionRoute, Text } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { csrfField, errorSummary, field, notice, stackTable } from '../layout.ts';
import { checkForm, forHost, type Labels } from '../schema-errors.ts';
import { secretBox, settingsTabs } from './settings-parts.ts';
import { confirmLink } from './confirm.ts';
import { redirectWith } from '../flash.ts';

/**
 * Settings → Integrations: what other systems use to reach Staydesk or that Staydesk uses to
 * reach them — API keys (and a key's own inbound webhook secret), the signing secrets of webhooks
 * and card payments (shown once), and whether mail can go out (SMTP_URL), with a test mail.
 */

const NOTICES = notices({
  revoked: 'The key is revoked; it stops working at once.',
  cleared: 'The secret is cleared.',
  test_mail: 'A test mail is queued. The Outbox shows when it is sent, or why it failed.',
  test_data: 'Every test booking is removed, with its test mails, events, deliveries and payment issues.',
});

const SECRETS = {
  webhook: { setting: 'webhook_secret', label: 'Webhook signing secret' },
  payment: { setting: 'payment_webhook_secret', label: "Card processor's signing secret" },
} as const satisfies Record<string, { setting: SettingName; label: string }>;
type SecretKind = keyof typeof SECRETS;

const IntegrationsQuery = Type.Object({ done: NOTICES.query });
const SecretParams = Type.Object({ kind: Type.Enum(['webhook', 'payment'] as const satisfies SecretKind[]) });
const ApiKeyForm = Type.Object({
  name: Text(200),
  scope: Type.Optional(Type.Enum(['api', 'admin', 'test'])),
});
const SecretForm = Type.Object({ webhook_secret: Text(1000), payment_secret: Text(1000) });
const TestMailForm = Type.Object({ recipient: Text(1000) });
const TestMailBody = Type.Object({
  recipient: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 254 }),
});

interface Shown {
  notice?: string | null;
  /** A secret shown this once, with what it is. */
  secret?: { label: string; value: string };
  errors?: Record<string, string>;
  values?: FormBody;
}

const HERE = pageUrl('integrations');

function apiKeyTable(keys: Awaited<ReturnType<typeof listApiKeys>>, csrf: string, f: Formatter): Html {
  return stackTable(['Name', 'Starts with', 'Scope', 'Mode', 'Created', 'Last used', 'State'], keys, (k) => [
    k.name,
    html`<code>${k.prefix}…</code>`,
    k.scope,
    k.mode,
    f.instant(k.created_at),
    k.last_used_at === null ? 'never' : f.instant(k.last_used_at),
    k.revoked_at === null
      ? html`<div class="row">${confirmLink(`Revoke ${k.name}…`, 'revoke-key', { id: k.id })}
${confirmLink(`Give ${k.name} its own webhook secret…`, 'key-webhook-secret', { id: k.id })}</div>`
      : `revoked ${f.instant(k.revoked_at)}`,
  ]);
}

function secretForms(kind: SecretKind, set: boolean, note: string, csrf: string, sent: Record<string, string>): Html {
  const { label } = SECRETS[kind];
  const name = label.toLowerCase();
  const labels = { [`${kind}_secret`]: `Set the ${name}` };
  const errors = forHost(sent, labels);
  const input = field(`Set the ${name}`, `${kind}_secret`, errors, {
    type: 'password',
    value: null,
    hint: 'at least 32 characters',
    attributes: { autocomplete: 'off' },
  });
  const clear = html`<p>${confirmLink(`Clear the ${name}…`, 'clear-secret', { kind })}</p>`;
  return html`<h3>${label}</h3><p>${set ? 'Set.' : 'Not set.'} ${note}</p>
<form method="post" action="/admin/settings/secrets/${kind}/generate" class="inline">${csrfField(csrf)}
<button type="submit">Generate a new ${name}</button></form>
${errorSummary(errors, labels, { whole: null })}
<form method="post" action="/admin/settings/secrets/${kind}" class="row">${csrfField(csrf)}${input}
<button type="submit" class="secondary">Set</button></form>
${set ? clear : ''}`;
}

const MAIL_LABELS: Labels = { recipient: 'Send a test mail to' };
const KEY_LABELS: Labels = { name: 'Name of the new key', scope: 'Scope', mode: 'Scope' };

function mailSection(ctx: AppContext, recipient: string | null, csrf: string, sent: Record<string, string>): Html {
  const errors = forHost(sent, MAIL_LABELS);
  const configured = ctx.config.smtpUrl !== null;
  const state = configured
    ? html`<p>Mail is set up: <code>SMTP_URL</code> is set. Send a test mail to see it arrive.</p>`
    : html`<p><strong>Mail is not set up.</strong> Guest mails wait in the Outbox until it is. Set
<code>SMTP_URL</code> in the server's environment (or its <code>.env</code> file) and restart, for example
<code>SMTP_URL=smtps://user:password@smtp.example.com:465</code>; <code>MAIL_FROM</code> sets the sender.</p>`;
  return html`<h2 id="mail">Mail</h2>${state}
${errorSummary(errors, MAIL_LABELS, { whole: null })}
<form method="post" action="${HERE}/test-mail" class="row">${csrfField(csrf)}
${field('Send a test mail to', 'recipient', errors, { type: 'email', value: recipient, required: true })}
<button type="submit" class="secondary">Send a test mail</button></form>`;
}

/** How many test bookings there are (docs/partners.md#test-mode): the console shows them nowhere else. */
async function countTestBookings(db: AppContext['db']): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('mode', '=', 'test')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function testDataSection(testBookings: number, csrf: string): Html {
  return html`<h2 id="test-data">Test data</h2>
<p>Test keys make test bookings: they never take a real night, never mail a guest (the Outbox lists
their mails as “Test, not sent”), and no list, calendar or report here shows or counts them.</p>
<p>Test bookings now: <strong>${testBookings}</strong>.</p>
<form method="post" action="${HERE}/test-data/delete" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">Delete test data</button></form>`;
}

async function integrationsPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  shown: Shown = {},
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const csrf = session(request).csrf;
  const [keys, settings, identity, testBookings] = await Promise.all([
    listApiKeys(ctx.db),
    secretStatus(ctx.db, ctx.config),
    readHostIdentity(ctx.db),
    countTestBookings(ctx.db),
  ]);
  const errors = shown.errors ?? {};
  const values = shown.values ?? {};
  const webhookNote = 'Signs /webhook/update and /webhook/calendar_sync.';
  const payment = settings.payment_webhook_secret;
  const paymentNote =
    payment.source === 'environment'
      ? 'Set through the environment; a secret set here takes its place.'
      : 'Checks the card processor’s payment events.';
  const admin = attributes({ value: 'admin', selected: values.scope === 'admin' });
  const test = attributes({ value: 'test', selected: values.scope === 'test' });
  const recipient = values.recipient ?? settings.host_email ?? identity.business?.email ?? null;
  // A secret made by a POST is shown by the GET it redirects to, once (flash.ts).
  const secret = shown.secret ?? request.consoleFlash?.secret;
  const body = html`
${settingsTabs('integrations')}
${notice(shown.notice ?? null)}
${secret === undefined ? '' : secretBox(secret)}
<h2 id="api-keys">API keys</h2>
<p class="muted">A partner (a website, a channel manager) calls the v1 API with a key of its own.</p>
${apiKeyTable(keys, csrf, f)}
${errorSummary(forHost(errors, KEY_LABELS), KEY_LABELS, { whole: null })}
<form method="post" action="/admin/settings/api-keys" class="row">${csrfField(csrf)}
${field('Name of the new key', 'name', forHost(errors, KEY_LABELS), { value: values.name ?? null, required: true })}
<div class="field"><label for="f-scope">Scope</label>
<select id="f-scope" name="scope">
<option value="api">v1 API</option><option${admin}>admin API (and v1)</option>
<option${test}>v1 API, test mode (sdk_test_…: test bookings only)</option></select>
</div>
<button type="submit">Create key</button></form>
<h2 id="secrets">Signing secrets</h2>
<p class="muted">A secret is shown once, when it is generated; it is never shown again.</p>
${secretForms('webhook', settings.webhook_secret.set, webhookNote, csrf, errors)}
${secretForms('payment', payment.set, paymentNote, csrf, errors)}
${mailSection(ctx, recipient, csrf, errors)}
${testDataSection(testBookings, csrf)}`;
  return sendPage(request, reply, 'Integrations', 'settings', body, status);
}

/** Settings → Integrations: API keys, signing secrets (shown once), mail set-up and a test mail. */
export const integrationPages: FeatureRoutes = async (app, { ctx }) => {
  // A reload of the page that shows a new secret makes no second one: the POST redirects (flash.ts).
  const showOnce = (request: FastifyRequest, reply: FastifyReply, secret: { label: string; value: string }) =>
    redirectWith(request, reply, HERE, { secret }, ctx.config.publicBaseUrl);
  app.get(PAGES.integrations.path, sessionRoute('integrations', { querystring: IntegrationsQuery }), (request, reply) =>
    integrationsPage(ctx, request, reply, { notice: NOTICES.text(request.query.done) }),
  );

  app.post('/settings/api-keys', sessionRoute('integrations', { body: ApiKeyForm }), async (request, reply) => {
    const values = request.body;
    // The form's one choice: a v1 key, an admin key, or a test key (a v1 key in test mode).
    const chosen = values.scope ?? 'api';
    const input = await checkForm(CreateBody, {
      name: (values.name ?? '').trim(),
      scope: chosen === 'admin' ? 'admin' : 'api',
      mode: chosen === 'test' ? 'test' : 'live',
    });
    if (!input.ok) return integrationsPage(ctx, request, reply, { errors: input.errors, values }, 400);
    const { key, record } = await createApiKey(ctx.db, {
      name: input.value.name,
      scope: input.value.scope ?? 'api',
      mode: input.value.mode ?? 'live',
    });
    const what = record.mode === 'test' ? 'test key' : 'API key';
    return showOnce(request, reply, { label: `New ${what} “${record.name}”`, value: key });
  });

  app.post(
    '/settings/api-keys/:id/revoke',
    sessionRoute('integrations', { params: IdParams }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const revoked = id === 0 ? undefined : await revokeKey(ctx, id);
      if (revoked === undefined)
        throw notFound('api_key_not_found', 'There is no such API key.', {
          parameter: 'id',
          received: request.params.id,
        });
      return seeOther(reply, `${HERE}?done=revoked`);
    },
  );

  app.post(
    '/settings/api-keys/:id/webhook-secret',
    sessionRoute('integrations', { params: IdParams }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const value = await giveKeyWebhookSecret(ctx.db, id);
      const key = await findApiKey(ctx.db, id);
      return showOnce(request, reply, { label: `Webhook signing secret of the key “${key?.name ?? id}”`, value });
    },
  );

  app.post(
    '/settings/secrets/:kind/generate',
    sessionRoute('integrations', { params: SecretParams }),
    async (request, reply) => {
      const s = SECRETS[request.params.kind];
      const value = generateWebhookSecret();
      await changeSetting(ctx, s.setting, value);
      return showOnce(request, reply, { label: s.label, value });
    },
  );

  app.post(
    '/settings/secrets/:kind',
    sessionRoute('integrations', { params: SecretParams, body: SecretForm }),
    async (request, reply) => {
      const { kind } = request.params;
      const s = SECRETS[kind];
      const value = request.body[`${kind}_secret`] ?? '';
      const input = await checkForm(SettingsBody, { [s.setting]: value });
      if (!input.ok) {
        const errors = { [`${kind}_secret`]: Object.values(input.errors)[0] ?? 'Not valid.' };
        return integrationsPage(ctx, request, reply, { errors }, 400);
      }
      await changeSetting(ctx, s.setting, value);
      return showOnce(request, reply, { label: s.label, value });
    },
  );

  app.post(
    '/settings/secrets/:kind/clear',
    sessionRoute('integrations', { params: SecretParams }),
    async (request, reply) => {
      await changeSetting(ctx, SECRETS[request.params.kind].setting, null);
      return seeOther(reply, `${HERE}?done=cleared`);
    },
  );

  app.post(`${PAGES.integrations.path}/test-data/delete`, sessionRoute('integrations', {}), async (_request, reply) => {
    await deleteTestData(ctx);
    return seeOther(reply, `${HERE}?done=test_data`);
  });

  app.post(
    `${PAGES.integrations.path}/test-mail`,
    sessionRoute('integrations', { body: TestMailForm }),
    async (request, reply) => {
      const values = request.body;
      const input = await checkForm(TestMailBody, { recipient: (values.recipient ?? '').trim() });
      if (!input.ok) {
        const errors = { recipient: 'Enter an e-mail address like name@example.com.' };
        return integrationsPage(ctx, request, reply, { errors, values }, 400);
      }
      await queueTestMail(ctx.db, input.value.recipient, ctx.now());
      return seeOther(reply, `${HERE}?done=test_mail`);
    },
  );
};
