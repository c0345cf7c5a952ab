import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { toId } from '../../http/ids.ts';
import {
  bookingsToPreview,
  createRule,
  createTemplate,
  editRule,
  editTemplate,
  getTemplate,
  previewTexts,
} from '../../messages/manage-messages.ts';
import { listRules, listTemplates, type MessageRule } from '../../messages/message-repository.ts';
import { MESSAGE_EVENTS } from '../../messages/message-schedule.ts';
import { RuleBody } from '../../messages/message-schemas.ts';
import { MESSAGE_VARIABLES, type RenderedMessage } from '../../messages/message-text.ts';
import { GUEST_LANGUAGES, LANGUAGE_NAMES, guestLanguageOf } from '../../shared/guest-language.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { IdParams, notices, sessionRoute, Text } from '../console-schemas.ts';
import { csrfField, errorSummary, field, fieldError, notice, stackTable } from '../layout.ts';
import { checkForm, forHost, numberField } from '../schema-errors.ts';

/**
 * Messages: the guest messages' templates (one language at a time, previewed with a real
 * booking before saving) and the rules that send them (docs/messages.md).
 */

const NOTICES = notices({
  template_saved: 'The template is saved.',
  rule_saved: 'The rule is saved: its messages still to come follow it.',
  paused: 'The rule is paused: what it had scheduled is skipped.',
  resumed: 'The rule is active again: its messages still to come are scheduled.',
});
const PageQuery = Type.Object({ template: Type.Optional(IdParams.properties.id), done: NOTICES.query });
const TemplateForm = Type.Object({
  template_id: Text(12),
  name: Text(200),
  language: Text(5),
  subject: Text(500),
  body: Text(20_000),
  booking_id: Text(12),
  preview: Text(10),
});
const RuleForm = Type.Object({
  name: Text(200),
  template_id: Text(12),
  event: Text(40),
  offset_days: Text(10),
  at: Text(5),
  accommodation_id: Text(12),
  min_nights: Text(10),
  payment_state: Text(20),
});

const EVENT_LABELS: Readonly<Record<(typeof MESSAGE_EVENTS)[number], string>> = {
  booking_confirmed: 'after the booking is confirmed',
  before_checkin: 'before check-in',
  checkin_day: 'on check-in day',
  before_checkout: 'before check-out',
  after_checkout: 'after check-out',
  booking_cancelled: 'after the booking is cancelled',
  balance_due: 'before the balance is due',
};
const TEMPLATE_LABELS = { name: 'Name', language: 'Language', subject: 'Subject', body: 'Text' };
const RULE_LABELS = {
  name: 'Rule name',
  template_id: 'Template',
  event: 'When',
  offset_days: 'Days',
  at: 'At (local time)',
  accommodation_id: 'Homes',
  min_nights: 'Minimum nights',
  payment_state: 'Payment',
};

interface Shown {
  done?: Parameters<typeof NOTICES.text>[0];
  template?: { values: FormBody; errors: Record<string, string>; preview?: RenderedMessage };
  rule?: { values: FormBody; errors: Record<string, string> };
  status?: number;
}

function select(
  name: string,
  label: string,
  options: readonly (readonly [string, string])[],
  current: string,
  prefix = 'f',
): Html {
  const items = options.map(
    ([v, text]) => html`<option${attributes({ value: v, selected: v === current })}>${text}</option>`,
  );
  const id = `${prefix}-${name}`;
  const list = html`<select id="${id}" name="${name}">${items}</select>`;
  return html`<div class="field"><label for="${id}">${label}</label>${list}</div>`;
}

function textArea(name: string, label: string, value: string, errors: Record<string, string>): Html {
  const invalid = errors[name] !== undefined;
  const area = attributes({
    id: `f-${name}`,
    name,
    rows: '8',
    'aria-invalid': invalid && 'true',
    'aria-describedby': invalid ? `err-${name}` : 'variables',
  });
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="f-${name}">${label}</label>
<textarea${area}>${value}</textarea>${fieldError(errors, name)}</div>`;
}

function when(rule: MessageRule): string {
  const days = rule.offset_days === 0 ? '' : `${rule.offset_days} day(s) `;
  return `${days}${EVENT_LABELS[rule.event]}${rule.at === null ? '' : ` at ${rule.at}`}`;
}

async function messagesBody(ctx: AppContext, request: FastifyRequest, editing: number | null, shown: Shown) {
  const csrf = session(request).csrf;
  const [templates, rules, bookings, homes] = await Promise.all([
    listTemplates(ctx.db),
    listRules(ctx.db),
    bookingsToPreview(ctx),
    listAccommodations(ctx.db),
  ]);
  const current = editing === null ? undefined : templates.find((t) => t.id === editing);
  const language =
    guestLanguageOf(shown.template?.values.language) ??
    (current === undefined ? 'en' : (GUEST_LANGUAGES.find((l) => current.subject[l] !== undefined) ?? 'en'));
  const tv: FormBody = shown.template?.values ?? {
    template_id: current === undefined ? '' : String(current.id),
    name: current?.name ?? '',
    language,
    subject: current?.subject[language] ?? '',
    body: current?.body[language] ?? '',
  };
  const te = forHost(shown.template?.errors ?? {}, TEMPLATE_LABELS);
  const templateId = tv.template_id ?? '';
  const templateTable = stackTable(['Template', 'Languages', 'Sent by'], templates, (t) => [
    html`<a href="/admin/messages?template=${t.id}#template-form">${t.name}</a>`,
    Object.keys(t.subject).join(', '),
    rules
      .filter((r) => r.template_id === t.id)
      .map((r) => r.name)
      .join(', ') || '—',
  ]);
  const preview = shown.template?.preview;
  const variables = Object.entries(MESSAGE_VARIABLES).map(
    ([name, what]) => html`<li><code>{{ ${name} }}</code> ${what}</li>`,
  );
  const bookingOptions = bookings.map(
    (b) => [String(b.id), `${b.confirmation_code} — ${b.guest_first_name} ${b.guest_last_name}, ${b.checkin}`] as const,
  );
  const rv = shown.rule?.values ?? {};
  const re = forHost(shown.rule?.errors ?? {}, RULE_LABELS);
  const ruleTable = stackTable(['Rule', 'Template', 'When', 'State', 'Action'], rules, (r) => [
    r.name,
    templates.find((t) => t.id === r.template_id)?.name ?? '',
    when(r),
    r.state === 'active' ? 'Active' : 'Paused',
    html`<form method="post" action="/admin/messages/rules/${r.id}/${
      r.state === 'active' ? 'pause' : 'resume'
    }" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">${r.state === 'active' ? 'Pause' : 'Resume'} ${r.name}</button></form>`,
  ]);
  return html`
${notice(shown.done === undefined ? null : NOTICES.text(shown.done))}
<p>Messages go to guests by themselves: a template says what, a rule says when and to which bookings.
Each booking's page shows its messages. How it works: docs/messages.md.</p>
<h2>Templates</h2>
${templates.length === 0 ? html`<p class="muted">No templates yet.</p>` : templateTable}
<h3 id="template-form">${templateId === '' ? 'New template' : `Edit ${tv.name ?? ''}`}</h3>
<form method="post" action="/admin/messages/templates" class="rules" id="message-template">${csrfField(csrf)}
${errorSummary(te, TEMPLATE_LABELS)}
<input type="hidden" name="template_id" value="${templateId}">
${field('Name', 'name', te, { value: tv.name ?? '', required: true })}
${select(
  'language',
  'Language',
  GUEST_LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l]] as const),
  language,
)}
${field('Subject', 'subject', te, { value: tv.subject ?? '', required: true })}
${textArea('body', 'Text', tv.body ?? '', te)}
<details id="variables"><summary>Variables</summary><ul>${variables}</ul></details>
${
  bookings.length === 0
    ? html`<p class="muted">Preview needs a booking: there is none yet.</p>`
    : select('booking_id', 'Preview with booking', bookingOptions, tv.booking_id ?? String(bookings[0]?.id ?? ''))
}
<div class="row">
<button type="submit">Save template</button>
${bookings.length === 0 ? '' : html`<button type="submit" name="preview" value="1" class="secondary">Preview</button>`}
</div>
</form>
<section id="message-preview" aria-live="polite">${
    preview === undefined
      ? ''
      : html`<h3>Preview (${LANGUAGE_NAMES[preview.language]})</h3>
<p><strong>${preview.subject}</strong></p><pre class="preview">${preview.text}</pre>`
  }</section>
<h2>Rules</h2>
${rules.length === 0 ? html`<p class="muted">No rules yet.</p>` : ruleTable}
${
  templates.length === 0
    ? html`<p class="muted">Write a template first, then a rule that sends it.</p>`
    : html`<h3>New rule</h3>
<form method="post" action="/admin/messages/rules" class="rules">${csrfField(csrf)}
${errorSummary(re, RULE_LABELS, { idOf: (n) => `rule-${n}` })}
${field('Rule name', 'name', re, { value: rv.name ?? '', required: true, idPrefix: 'rule' })}
<div class="row">
${select(
  'template_id',
  'Template',
  templates.map((t) => [String(t.id), t.name] as const),
  rv.template_id ?? '',
  'rule',
)}
${field('Days', 'offset_days', re, { type: 'number', min: '0', value: rv.offset_days ?? '0', idPrefix: 'rule' })}
${select(
  'event',
  'When',
  MESSAGE_EVENTS.map((e) => [e, EVENT_LABELS[e]] as const),
  rv.event ?? 'before_checkin',
  'rule',
)}
${field('At (local time)', 'at', re, {
  type: 'time',
  value: rv.at ?? '10:00',
  hint: 'empty: at once, for the booking events',
  idPrefix: 'rule',
})}
</div>
<div class="row">
${select(
  'accommodation_id',
  'Homes',
  [['', 'Every home'], ...homes.map((h) => [String(h.id), h.name] as const)],
  rv.accommodation_id ?? '',
  'rule',
)}
${field('Minimum nights', 'min_nights', re, { type: 'number', min: '1', value: rv.min_nights ?? '', idPrefix: 'rule' })}
${select(
  'payment_state',
  'Payment',
  [
    ['', 'Any'],
    ['paid', 'Only once paid in full'],
  ],
  rv.payment_state ?? '',
  'rule',
)}
</div>
<button type="submit">Save rule</button>
</form>`
}`;
}

async function showPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  editing: number | null,
  shown: Shown = {},
) {
  return sendPage(
    request,
    reply,
    'Messages',
    'messages',
    await messagesBody(ctx, request, editing, shown),
    shown.status,
  );
}

export const messagesPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.messages.path, sessionRoute('messages', { querystring: PageQuery }), (request, reply) =>
    showPage(ctx, request, reply, request.query.template === undefined ? null : toId(request.query.template), {
      done: request.query.done,
    }),
  );

  app.post('/messages/templates', sessionRoute('messages', { body: TemplateForm }), async (request, reply) => {
    const v = request.body;
    const id = toId(v.template_id ?? '');
    const language = guestLanguageOf(v.language) ?? 'en';
    const texts = { subject: { [language]: v.subject ?? '' }, body: { [language]: v.body ?? '' } };
    const editing = id === 0 ? null : id;
    if (v.preview !== undefined) {
      const result = await attempt(() => previewTexts(ctx, texts, { booking_id: toId(v.booking_id ?? ''), language }));
      const template = result.ok
        ? { values: v, errors: {}, preview: result.value }
        : { values: v, errors: fieldsOf(result.errors) };
      return showPage(ctx, request, reply, editing, { template, status: result.ok ? 200 : result.status });
    }
    const result = await attempt(async () => {
      if (editing === null) return createTemplate(ctx, { name: v.name ?? '', ...texts });
      // One language at a time: the others are kept.
      const current = await getTemplate(ctx, editing);
      return editTemplate(ctx, editing, {
        name: v.name ?? '',
        subject: { ...current.subject, ...texts.subject },
        body: { ...current.body, ...texts.body },
      });
    });
    if (!result.ok)
      return showPage(ctx, request, reply, editing, {
        template: { values: v, errors: fieldsOf(result.errors) },
        status: result.status,
      });
    return seeOther(reply, `/admin/messages?template=${result.value.id}&done=template_saved#template-form`);
  });

  app.post('/messages/rules', sessionRoute('messages', { body: RuleForm }), async (request, reply) => {
    const v = request.body;
    const minNights = numberField(v.min_nights);
    const input = {
      name: v.name ?? '',
      template_id: toId(v.template_id ?? ''),
      trigger: {
        event: v.event ?? '',
        offset_days: numberField(v.offset_days) ?? 0,
        at: v.at === '' || v.at === undefined ? null : v.at,
      },
      conditions: {
        accommodation_ids:
          v.accommodation_id === undefined || v.accommodation_id === '' ? [] : [toId(v.accommodation_id)],
        sources: [],
        min_nights: minNights ?? null,
        payment_states: v.payment_state === 'paid' ? ['paid', 'overpaid'] : [],
      },
    };
    const checked = await checkForm(RuleBody, input);
    const result = checked.ok ? await attempt(() => createRule(ctx, checked.value)) : null;
    if (result === null || !result.ok) {
      const errors = result === null ? (checked.ok ? {} : checked.errors) : result.errors;
      return showPage(ctx, request, reply, null, { rule: { values: v, errors: ruleFields(errors) }, status: 400 });
    }
    return seeOther(reply, '/admin/messages?done=rule_saved');
  });

  for (const [verb, active] of [
    ['pause', false],
    ['resume', true],
  ] as const) {
    app.post(`/messages/rules/:id/${verb}`, sessionRoute('messages', { params: IdParams }), async (request, reply) => {
      await editRule(ctx, toId(request.params.id), { active });
      return seeOther(reply, `/admin/messages?done=${active ? 'resumed' : 'paused'}`);
    });
  }
};

/** A template's API errors (`body.en`, `subject.de`) on the form's fields. */
function fieldsOf(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('_')[0] ?? key;
    out[['name', 'subject', 'body'].includes(field) ? field : '_form'] = message;
  }
  return out;
}

/** A rule's API errors on the form's fields. */
function ruleFields(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.replace(/^trigger_/, '').replace(/^conditions_/, '');
    const named = field.startsWith('accommodation_ids')
      ? 'accommodation_id'
      : field.startsWith('payment_states')
        ? 'payment_state'
        : field;
    out[Object.hasOwn(RULE_LABELS, named) ? named : '_form'] = message;
  }
  return out;
}
