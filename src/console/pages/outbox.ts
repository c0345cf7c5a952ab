import type { FeatureRoutes } from '../../app-context.ts';
import { toId } from '../../http/ids.ts';
import { listOutbox } from '../../admin/outbox-queries.ts';
import type { OutboxStatus } from '../../db/schema.ts';
import { retryFailedMail } from '../../mail/outbox-repository.ts';
import { fmt, seeOther, sendPage, session } from '../console-request.ts';
import { html } from '../../shared/html.ts';
import { csrfField, notice } from '../layout.ts';

const STATUSES: readonly OutboxStatus[] = ['pending', 'sent', 'failed'];
const NOTICES: Record<string, string> = {
  retried: 'The mail is queued again; the mail worker tries it shortly.',
  not_failed: 'That mail is not failed (any more), so it was left as it is.',
};

/** Outbox: mails with their state and last error; a failed one can be tried again. */
export const outboxPage: FeatureRoutes = async (app, { ctx }) => {
  const opts = { config: { auth: 'session' as const }, schema: { hide: true } };

  app.get('/outbox', opts, async (request, reply) => {
    const f = fmt(request);
    const q = request.query as Record<string, string | undefined>;
    const status = STATUSES.includes(q.status as OutboxStatus) ? (q.status as OutboxStatus) : undefined;
    const rows = await listOutbox(ctx.db, { ...(status === undefined ? {} : { status }), limit: 100, offset: 0 });
    const csrf = session(request).csrf;
    const body = html`
${notice(q.done === undefined ? null : (NOTICES[q.done] ?? null))}
<form method="get" action="/admin/outbox" class="row"><div class="field"><label for="f-status">State</label><select id="f-status" name="status"><option value="">Any</option>${STATUSES.map((s) => html`<option${s === status ? html` selected` : ''}>${s}</option>`)}</select></div><button type="submit">Show</button></form>
${
  rows.length === 0
    ? html`<p>No mails.</p>`
    : html`<table class="stack"><thead><tr><th scope="col">Mail</th><th scope="col">To</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Queued</th><th scope="col">Action</th></tr></thead><tbody>${rows.map(
        (
          m,
        ) => html`<tr><td data-label="Mail">${m.subject}${m.booking_id === null ? '' : html` (<a href="/admin/bookings/${m.booking_id}">booking</a>)`}</td><td data-label="To">${m.recipient}</td>
<td data-label="State">${m.status}${m.sent_at === null ? '' : html` <span class="muted">${f.instant(m.sent_at)}</span>`}${m.last_error === null ? '' : html`<br><span class="error">${m.last_error}</span>`}</td>
<td data-label="Attempts">${m.attempts}</td><td data-label="Queued">${f.instant(m.created_at)}</td>
<td data-label="Action">${m.status === 'failed' ? html`<form method="post" action="/admin/outbox/${m.id}/retry" class="inline">${csrfField(csrf)}<button type="submit" class="secondary">Retry mail ${m.id}</button></form>` : ''}</td></tr>`,
      )}</tbody></table>`
}`;
    return sendPage(request, reply, 'Outbox', 'outbox', body);
  });

  app.post('/outbox/:id/retry', opts, async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    const id = toId(raw);
    const retried = id !== 0 && (await retryFailedMail(ctx.db, id, ctx.now()));
    return seeOther(reply, `/admin/outbox?done=${retried ? 'retried' : 'not_failed'}`);
  });
};
