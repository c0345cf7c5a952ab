import { Type } from 'typebox';
import type { FeatureRoutes } from '../../app-context.ts';
import { listOutbox } from '../../admin/outbox-queries.ts';
import type { OutboxStatus } from '../../db/schema.ts';
import { toId } from '../../http/ids.ts';
import { retryFailedMail } from '../../mail/outbox-repository.ts';
import { attributes, html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { fmt, seeOther, sendPage, session } from '../console-request.ts';
import { IdParams, notices, sessionRoute, Text } from '../console-schemas.ts';
import { csrfField, field, MAIL_STATES, mailState, notice, stackTable } from '../layout.ts';
import { queueTestMail } from '../../mail/mail-health.ts';
import { redirectWith } from '../flash.ts';
import { checkForm } from '../schema-errors.ts';
import { SettingsBody } from '../../settings/settings-schemas.ts';

const STATUSES = ['pending', 'sent', 'failed', 'test'] as const satisfies readonly OutboxStatus[];
const NOTICES = notices({
  retried: 'The mail is queued again; the mail worker tries it shortly.',
  not_failed: 'That mail is not failed (any more), so it was left as it is.',
  test_queued: 'The test mail is queued; its state below says whether it was sent.',
});
const TestMailForm = Type.Object({ to: Text(320) });
const OutboxQuery = Type.Object({ status: Type.Optional(Type.Enum(STATUSES)), done: NOTICES.query });

/** Outbox: mails with their state and last error; a failed one can be tried again. */
export const outboxPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.outbox.path, sessionRoute('messages', { querystring: OutboxQuery }), async (request, reply) => {
    const f = fmt(request);
    const { status, done } = request.query;
    const rows = await listOutbox(ctx.db, { ...(status === undefined ? {} : { status }), limit: 100, offset: 0 });
    const csrf = session(request).csrf;
    const options = STATUSES.map(
      (s) => html`<option${attributes({ value: s, selected: s === status })}>${MAIL_STATES[s]}</option>`,
    );
    const table = stackTable(['Mail', 'To', 'State', 'Attempts', 'Queued', 'Action'], rows, (m) => [
      html`${m.subject}${m.booking_id === null ? '' : html` (<a href="/admin/bookings/${m.booking_id}">booking</a>)`}`,
      m.recipient,
      html`${mailState(m.status)}${
        m.sent_at === null ? '' : html` <span class="muted">${f.instant(m.sent_at)}</span>`
      }${m.last_error === null ? '' : html`<br><span class="error">${m.last_error}</span>`}`,
      m.attempts,
      f.instant(m.created_at),
      m.status === 'failed'
        ? html`<form method="post" action="/admin/outbox/${m.id}/retry" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">Retry mail ${m.id}</button></form>`
        : '',
    ]);
    const body = html`
${notice(NOTICES.text(done))}
<form method="get" action="/admin/outbox" class="row">
<div class="field"><label for="f-status">State</label>
<select id="f-status" name="status"><option value="">Any</option>${options}</select></div>
<button type="submit">Show</button></form>
${rows.length === 0 ? html`<p>No mails.</p>` : table}
<h2>Test mail</h2>
<p>Queues a mail through the outbox like any other; its state above tells whether mail goes out.</p>
<form method="post" action="/admin/outbox/test-mail" class="row">${csrfField(csrf)}
${field(
  'Send a test mail to',
  'to',
  {},
  {
    idPrefix: 'outbox',
    type: 'email',
    required: true,
    attributes: { autocomplete: 'email' },
  },
)}
<button type="submit" class="secondary">Send a test mail</button></form>`;
    return sendPage(request, reply, 'Outbox', 'outbox', body);
  });

  app.post('/outbox/test-mail', sessionRoute('messages', { body: TestMailForm }), async (request, reply) => {
    const to = (request.body.to ?? '').trim();
    const input = await checkForm(SettingsBody, { host_email: to });
    if (to === '' || !input.ok) {
      const error = 'Enter the e-mail address the test mail goes to, e.g. you@example.com.';
      return redirectWith(request, reply, '/admin/outbox', { error }, ctx.config.publicBaseUrl);
    }
    await queueTestMail(ctx.db, to, ctx.now());
    return seeOther(reply, '/admin/outbox?done=test_queued');
  });

  app.post('/outbox/:id/retry', sessionRoute('messages', { params: IdParams }), async (request, reply) => {
    const id = toId(request.params.id);
    const retried = id !== 0 && (await retryFailedMail(ctx.db, id, ctx.now()));
    return seeOther(reply, `/admin/outbox?done=${retried ? 'retried' : 'not_failed'}`);
  });
};
