import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listApiKeys, type ApiKeySummary } from '../../auth/api-key-repository.ts';
import {
  addEndpoint,
  deleteEndpoint,
  deliveriesOf,
  endpointsOf,
  pauseEndpoint,
  redeliverOne,
  rotateSecret,
} from '../../endpoints/manage-endpoints.ts';
import { sendTestEvent } from '../../endpoints/test-event.ts';
import type { EndpointView } from '../../events/endpoint-repository.ts';
import { DEFAULT_ENDPOINT_EVENTS, EVENT_TYPES } from '../../events/event-types.ts';
import { IdString, toId } from '../../http/ids.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { PAGES, pageUrl } from '../console-pages.ts';
import { attempt, fmt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { IdParams, notices, sessionRoute, Text } from '../console-schemas.ts';
import { redirectWith } from '../flash.ts';
import type { Formatter } from '../format.ts';
import { csrfField, field, errorSummary, fieldError, notice, stackTable } from '../layout.ts';
import { forHost, type Labels } from '../schema-errors.ts';
import { confirmLink } from './confirm.ts';
import { secretBox } from './settings-parts.ts';

/**
 * Endpoints: where partners hear about changes (docs/decisions.md#partner-events). Every key's
 * endpoints with their state and recent deliveries; the host adds one for a key, pauses, resumes,
 * rotates its secret (shown once), removes it, sends a delivery again, and sends a test event. Each action is the use
 * case the admin API calls (src/endpoints/manage-endpoints.ts).
 */

const NOTICES = notices({
  paused: 'The endpoint is paused: its events wait until it is resumed.',
  resumed: 'The endpoint is active again: the events that waited go out now.',
  removed: 'The endpoint and its delivery log are removed; nothing more is sent to it.',
  redelivered: 'The delivery goes out again shortly, with the same webhook-id.',
  test_sent: 'A test event (a sample booking.created, livemode false) goes out shortly; its delivery is listed below.',
});

const HERE = pageUrl('endpoints');
/** How many of an endpoint's latest deliveries the page shows. */
const RECENT = 10;
/** How much of a receiver's answer the page shows (the store keeps up to 1,000 characters). */
const ANSWER_CHARS = 200;

const EndpointsQuery = Type.Object({ done: NOTICES.query });
const EndpointForm = Type.Object({
  api_key_id: Type.Optional(IdString),
  url: Text(2000),
  ...Object.fromEntries(EVENT_TYPES.map((type) => [eventField(type), Text(10)])),
});
const DeliveryParams = Type.Object({ id: IdString, delivery_id: IdString });

function eventField(type: string): string {
  return `event_${type.replace('.', '_')}`;
}

interface Shown {
  notice?: string | null;
  errors?: Record<string, string>;
  values?: FormBody;
}

const STATE_WORDS: Readonly<Record<EndpointView['status'], string>> = {
  active: 'Active',
  paused: 'Paused',
  disabled: 'Disabled (failed for three days)',
};

function keyName(keys: ReadonlyMap<number, ApiKeySummary>, id: number): Html {
  const key = keys.get(id);
  if (key === undefined) return html`key ${id}`;
  const revoked = key.revoked_at === null ? '' : html` <span class="muted">(revoked)</span>`;
  return html`${key.name} <span class="muted"><code>${key.prefix}…</code></span>${revoked}`;
}

function state(e: EndpointView, f: Formatter): Html {
  const failing =
    e.failing_since === null ? '' : html`<br><span class="error">failing since ${f.instant(e.failing_since)}</span>`;
  return html`<span class="badge endpoint-${e.status}">${STATE_WORDS[e.status]}</span>${failing}`;
}

function actions(e: EndpointView, csrf: string): Html {
  const paused = e.status !== 'active';
  const verb = paused ? 'resume' : 'pause';
  const toggle = html`<form method="post" action="${HERE}/${e.id}/${verb}" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">${paused ? 'Resume' : 'Pause'} endpoint ${e.id}</button></form>`;
  const test = html`<form method="post" action="${HERE}/${e.id}/test" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">Send a test event to endpoint ${e.id}</button></form>`;
  return html`<div class="row">${toggle}
${test}
${confirmLink(`Rotate the secret of endpoint ${e.id}…`, 'rotate-endpoint-secret', { id: e.id })}
${confirmLink(`Remove endpoint ${e.id}…`, 'remove-endpoint', { id: e.id })}</div>`;
}

type Delivery = Awaited<ReturnType<typeof deliveriesOf>>[number];

function answerOf(d: Delivery): Html | string {
  const status = d.last_status === null ? '' : `HTTP ${d.last_status}`;
  const text = d.last_response ?? d.last_error;
  if (status === '' && text === null) return '—';
  const shown = text === null ? '' : text.length > ANSWER_CHARS ? `${text.slice(0, ANSWER_CHARS)}…` : text;
  return html`${status}${shown === '' ? '' : html`<br><span class="muted">${shown}</span>`}`;
}

function deliveryTable(e: EndpointView, deliveries: readonly Delivery[], csrf: string, f: Formatter): Html {
  if (deliveries.length === 0) return html`<p class="muted">No deliveries yet.</p>`;
  return stackTable(['Event', 'State', 'Attempts', 'Last answer', 'Created', 'Action'], deliveries, (d) => [
    html`${d.type}<br><code>${d.event_id}</code>`,
    d.status === 'delivered' && d.delivered_at !== null
      ? html`delivered <span class="muted">${f.instant(d.delivered_at)}</span>`
      : d.status === 'pending'
        ? html`pending <span class="muted">next try ${f.instant(d.next_attempt_at)}</span>`
        : d.status,
    d.attempts,
    answerOf(d),
    f.instant(d.created_at),
    html`<form method="post" action="${HERE}/${e.id}/deliveries/${d.id}/redeliver" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">Redeliver ${d.event_id}</button></form>`,
  ]);
}

function endpointSection(
  e: EndpointView,
  keys: ReadonlyMap<number, ApiKeySummary>,
  deliveries: readonly Delivery[],
  csrf: string,
  f: Formatter,
  now: Date,
): Html {
  const overlap =
    e.previous_secret_until === null || Date.parse(e.previous_secret_until) <= now.getTime()
      ? ''
      : html`<p class="muted">The previous secret also signs until ${f.instant(e.previous_secret_until)}.</p>`;
  const id = `endpoint-${e.id}`;
  return html`<section aria-labelledby="${id}"><h3 id="${id}" class="url">Endpoint ${e.id}: ${e.url}</h3>
<p>${keyName(keys, e.api_key_id)} · ${state(e, f)}</p>${overlap}
${actions(e, csrf)}
<h4>Recent deliveries</h4>
${deliveryTable(e, deliveries, csrf, f)}</section>`;
}

/** The add form's labels, in its error summary and in messages for the API's names. */
const ADD_LABELS: Labels = { api_key_id: 'Partner (API key)', url: 'URL that receives the events', events: 'Events' };

function addForm(keys: readonly ApiKeySummary[], csrf: string, shown: Shown): Html {
  const errors = forHost(shown.errors ?? {}, ADD_LABELS);
  const values = shown.values;
  const live = keys.filter((k) => k.revoked_at === null);
  if (live.length === 0) {
    const link = html`<a href="${pageUrl('integrations')}">Integrations</a>`;
    return html`<p>Create an API key under ${link} first: an endpoint receives the events of one key.</p>`;
  }
  const options = live.map(
    (k) =>
      html`<option${attributes({
        value: k.id,
        selected: values?.api_key_id === String(k.id),
      })}>${k.name} (${k.prefix}…)</option>`,
  );
  const boxes = EVENT_TYPES.map((type) => {
    const name = eventField(type);
    const on = values === undefined ? DEFAULT_ENDPOINT_EVENTS.includes(type) : values[name] !== undefined;
    return html`<label><input${attributes({
      type: 'checkbox',
      name,
      value: 'on',
      checked: on,
    })}> <code>${type}</code></label> `;
  });
  const eventsInvalid = errors.events !== undefined;
  const keyInvalid = errors.api_key_id !== undefined;
  return html`<form method="post" action="${HERE}" class="stack">${csrfField(csrf)}
${errorSummary(errors, ADD_LABELS)}
<div class="field${keyInvalid ? ' invalid' : ''}"><label for="f-api_key_id">Partner (API key)</label>
<select${attributes({
    id: 'f-api_key_id',
    name: 'api_key_id',
    required: true,
    'aria-invalid': keyInvalid && 'true',
    'aria-describedby': keyInvalid && 'err-api_key_id',
  })}>${options}</select>
${fieldError(errors, 'api_key_id')}</div>
${field('URL that receives the events', 'url', errors, {
  type: 'url',
  value: values?.url ?? null,
  required: true,
  hint: 'a public https address',
})}
<fieldset${attributes({
    id: 'f-events',
    'aria-describedby': eventsInvalid && 'err-events',
  })}><legend>Events</legend>${boxes}
${fieldError(errors, 'events')}</fieldset>
<button type="submit">Add endpoint</button></form>`;
}

async function endpointsPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  shown: Shown = {},
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const csrf = session(request).csrf;
  const [endpoints, keys] = await Promise.all([endpointsOf(ctx, 'host'), listApiKeys(ctx.db)]);
  const byId = new Map(keys.map((k) => [k.id, k]));
  const deliveries = await Promise.all(endpoints.map((e) => deliveriesOf(ctx, e.id, { limit: RECENT, offset: 0 })));
  // A secret made by a POST is shown by the GET it redirects to, once (flash.ts).
  const secret = request.consoleFlash?.secret;
  const list = stackTable(['Endpoint', 'Partner', 'URL', 'Events', 'State'], endpoints, (e) => [
    html`<a href="#endpoint-${e.id}">${e.id}</a>`,
    keyName(byId, e.api_key_id),
    html`<span class="url">${e.url}</span>`,
    e.events.join(', '),
    state(e, f),
  ]);
  const body = html`
${notice(shown.notice ?? null)}
${secret === undefined ? '' : secretBox(secret)}
<p class="muted">A partner's endpoint receives, signed, the events of the bookings its key made, and
calendar changes when it asks for them. Partners also add their own with their key.</p>
${endpoints.length === 0 ? html`<p>No endpoints yet.</p>` : list}
<h2 id="add">Add an endpoint</h2>
${addForm(keys, csrf, shown)}
${endpoints.length === 0 ? '' : html`<h2>Each endpoint</h2>`}
${endpoints.map((e, i) => endpointSection(e, byId, deliveries[i] ?? [], csrf, f, ctx.now()))}`;
  return sendPage(request, reply, 'Endpoints', 'endpoints', body, status);
}

/** Endpoints: every key's event endpoints, their deliveries, and the host's actions on them. */
export const endpointPages: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.endpoints.path, sessionRoute('integrations', { querystring: EndpointsQuery }), (request, reply) =>
    endpointsPage(ctx, request, reply, { notice: NOTICES.text(request.query.done) }),
  );

  app.post(PAGES.endpoints.path, sessionRoute('integrations', { body: EndpointForm }), async (request, reply) => {
    const values = request.body as FormBody;
    const events = EVENT_TYPES.filter((type) => values[eventField(type)] !== undefined);
    const added = await attempt(() =>
      addEndpoint(ctx, {
        apiKeyId: values.api_key_id === undefined ? 0 : toId(values.api_key_id),
        url: values.url ?? '',
        events,
      }),
    );
    if (!added.ok) return endpointsPage(ctx, request, reply, { errors: added.errors, values }, added.status);
    const secret = { label: `Signing secret of endpoint ${added.value.id}`, value: added.value.secret };
    return redirectWith(request, reply, HERE, { secret }, ctx.config.publicBaseUrl);
  });

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `${PAGES.endpoints.path}/:id/${action}`,
      sessionRoute('integrations', { params: IdParams }),
      async (request, reply) => {
        await pauseEndpoint(ctx, toId(request.params.id), paused);
        return seeOther(reply, `${HERE}?done=${paused ? 'paused' : 'resumed'}`);
      },
    );
  }

  app.post(
    `${PAGES.endpoints.path}/:id/test`,
    sessionRoute('integrations', { params: IdParams }),
    async (request, reply) => {
      await sendTestEvent(ctx, 'host', toId(request.params.id));
      return seeOther(reply, `${HERE}?done=test_sent`);
    },
  );

  app.post(
    `${PAGES.endpoints.path}/:id/rotate`,
    sessionRoute('integrations', { params: IdParams }),
    async (request, reply) => {
      const rotated = await rotateSecret(ctx, toId(request.params.id));
      const secret = { label: `New signing secret of endpoint ${rotated.id}`, value: rotated.secret };
      return redirectWith(request, reply, HERE, { secret }, ctx.config.publicBaseUrl);
    },
  );

  app.post(
    `${PAGES.endpoints.path}/:id/remove`,
    sessionRoute('integrations', { params: IdParams }),
    async (request, reply) => {
      await deleteEndpoint(ctx, 'host', toId(request.params.id));
      return seeOther(reply, `${HERE}?done=removed`);
    },
  );

  app.post(
    `${PAGES.endpoints.path}/:id/deliveries/:delivery_id/redeliver`,
    sessionRoute('integrations', { params: DeliveryParams }),
    async (request, reply) => {
      const id = toId(request.params.id);
      await redeliverOne(ctx, id, toId(request.params.delivery_id));
      return seeOther(reply, `${HERE}?done=redelivered#endpoint-${id}`);
    },
  );
};
