import type { FastifyReply, FastifyRequest } from 'fastify';
import { idFromText } from '../../http/ids.ts';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { findBookingRow } from '../../admin/booking-queries.ts';
import { listBookingEvents } from '../../bookings/booking-lifecycle.ts';
import { canCancel, isConfirmed, isDraft } from '../../bookings/booking-transitions.ts';
import { cancelBooking } from '../../bookings/cancel-booking.ts';
import { resendConfirmation } from '../../bookings/resend-confirmation.ts';
import { BOOKING_STATUSES, type BookingStatus } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { invoiceUrl } from '../../invoices/invoice-url.ts';
import { parseIsoDate } from '../../shared/dates.ts';
import { deliveriesOfBooking, mailsOfBooking, paymentIssuesOfBooking, searchBookings } from '../console-queries.ts';
import { attempt, fmt, formOf, seeOther, sendPage, session } from '../console-request.ts';
import { html, type Html } from '../html.ts';
import { csrfField, fieldError, notice } from '../layout.ts';

const PAGE_SIZE = 50;
const NOTICES: Record<string, string> = {
  cancelled: 'The booking is cancelled; its nights are free and the guest has been mailed.',
  resent: 'The confirmation has been queued for the guest.',
};

function bookingId(raw: string): number {
  const id = idFromText(raw);
  if (id === 0) throw notFound('booking_not_found', 'There is no such booking.', { parameter: 'id', received: raw });
  return id;
}

async function listPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const f = fmt(request);
  const q = request.query as Record<string, string | undefined>;
  const status = BOOKING_STATUSES.includes(q.status as BookingStatus) ? (q.status as BookingStatus) : undefined;
  const accommodationId =
    q.accommodation !== undefined && /^[0-9]{1,9}$/.test(q.accommodation) ? Number(q.accommodation) : undefined;
  const from = parseIsoDate(q.from) ?? undefined;
  const to = parseIsoDate(q.to) ?? undefined;
  const pageNo = q.page !== undefined && /^[0-9]{1,5}$/.test(q.page) ? Number(q.page) : 0;
  const [rows, accommodations] = await Promise.all([
    searchBookings(ctx.db, {
      ...(status === undefined ? {} : { status }),
      ...(accommodationId === undefined ? {} : { accommodationId }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(q.q === undefined ? {} : { text: q.q.slice(0, 200) }),
      limit: PAGE_SIZE + 1,
      offset: pageNo * PAGE_SIZE,
    }),
    listAccommodations(ctx.db),
  ]);
  const more = rows.length > PAGE_SIZE;
  const params = new URLSearchParams(
    Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined && e[0] !== 'page'),
  );
  const body = html`
<form method="get" action="/admin/bookings" class="row" role="search">
<div class="field"><label for="f-q">Guest name, e-mail or code</label><input id="f-q" name="q" value="${q.q ?? ''}"></div>
<div class="field"><label for="f-status">Status</label><select id="f-status" name="status"><option value="">Any</option>${BOOKING_STATUSES.map((s) => html`<option${s === status ? html` selected` : ''}>${s}</option>`)}</select></div>
<div class="field"><label for="f-accommodation">Accommodation</label><select id="f-accommodation" name="accommodation"><option value="">Any</option>${accommodations.map((a) => html`<option value="${a.id}"${a.id === accommodationId ? html` selected` : ''}>${a.name}</option>`)}</select></div>
<div class="field"><label for="f-from">Nights from</label><input id="f-from" name="from" type="date" value="${from ?? ''}"></div>
<div class="field"><label for="f-to">Nights before</label><input id="f-to" name="to" type="date" value="${to ?? ''}"></div>
<button type="submit">Filter</button>
</form>
${
  rows.length === 0
    ? html`<p>No bookings match.</p>`
    : html`<table class="stack"><thead><tr><th scope="col">Code</th><th scope="col">Guest</th><th scope="col">Accommodation</th><th scope="col">Stay</th><th scope="col">Status</th><th scope="col">Total</th></tr></thead><tbody>${rows
        .slice(0, PAGE_SIZE)
        .map(
          (b) =>
            html`<tr><td data-label="Code"><a href="/admin/bookings/${b.id}">${b.confirmation_code}</a></td><td data-label="Guest">${b.guest_first_name} ${b.guest_last_name}<br><span class="muted">${b.guest_email}</span></td><td data-label="Accommodation">${b.accommodation_name}</td><td data-label="Stay">${f.date(b.checkin)} – ${f.date(b.checkout)} (${b.nights})</td><td data-label="Status">${b.status}</td><td data-label="Total">${f.money(b.total, b.currency)}</td></tr>`,
        )}</tbody></table>`
}
<p>${pageNo > 0 ? html`<a href="/admin/bookings?${params.toString()}&amp;page=${pageNo - 1}">Newer</a> ` : ''}${more ? html`<a href="/admin/bookings?${params.toString()}&amp;page=${pageNo + 1}">Older</a>` : ''}</p>`;
  return sendPage(request, reply, 'Bookings', 'bookings', body);
}

async function detailPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  errors: Record<string, string> = {},
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const b = await findBookingRow(ctx.db, id);
  if (b === undefined)
    throw notFound('booking_not_found', `There is no booking with id ${id}.`, { parameter: 'id', received: id });
  const [events, mails, issues, deliveries] = await Promise.all([
    listBookingEvents(ctx.db, id),
    mailsOfBooking(ctx.db, id),
    paymentIssuesOfBooking(ctx.db, id),
    deliveriesOfBooking(ctx.db, id),
  ]);
  const csrf = session(request).csrf;
  const money = (minor: number) => f.money(minor, b.currency);
  const extras = Object.entries(JSON.parse(b.extras) as Record<string, number>);
  const q = request.query as Record<string, string | undefined>;
  const done = q.done !== undefined ? (NOTICES[q.done] ?? null) : null;
  const address =
    b.guest_address === null
      ? null
      : Object.values(JSON.parse(b.guest_address) as Record<string, unknown>)
          .filter((v) => typeof v === 'string' && v !== '')
          .join(', ');
  const line = (label: string, value: string | Html) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
  const body = html`
${notice(done)}
<p><span class="badge">${b.status}</span> ${b.accommodation_name}, ${f.date(b.checkin)} – ${f.date(b.checkout)}, ${b.nights} night(s), ${b.adults} adult(s)${b.children > 0 ? `, ${b.children} child(ren)` : ''}${b.babies > 0 ? `, ${b.babies} baby/babies` : ''}</p>
<h2>Guest</h2>
<table><tbody>
${line('Name', `${b.guest_title ?? ''} ${b.guest_first_name} ${b.guest_last_name}`.trim())}
${line('E-mail', b.guest_email)}
${line('Phone', b.guest_phone ?? '—')}
${line('Address', address ?? '—')}
${line('Notes', b.guest_notes === '' ? '—' : b.guest_notes)}
</tbody></table>
<h2>Price as quoted</h2>
<table><tbody>
${line('Nights', money(b.base_price))}
${b.discount > 0 ? line(`Discount${b.discount_name === null ? '' : ` (${b.discount_name})`}`, `−${money(b.discount)}`) : ''}
${line('Cleaning', money(b.cleaning_fee))}
${extras.map(([name, amount]) => line(`Extra: ${name.replace('_', ' ')}`, money(amount)))}
${line('Tax', money(b.tax))}
${line('Total', html`<strong>${money(b.total)}</strong>`)}
</tbody></table>
<h2>Payment</h2>
<p>${b.payment_method.replace('_', ' ')}${b.payment_intent_id === null ? '' : html` <span class="muted">(${b.payment_intent_id})</span>`}${isDraft(b.status) && b.hold_expires_at !== null ? html`; hold ends ${f.instant(b.hold_expires_at)}` : ''}</p>
${
  deliveries.length === 0
    ? ''
    : html`<h3>Payment events and webhooks</h3><ul>${deliveries.map(
        (d) =>
          html`<li>${f.instant(d.received_at)}: ${d.source === 'payment' ? 'card processor' : 'webhook'} ${d.event_type} → ${d.outcome}${d.detail === null ? '' : html` <span class="muted">${d.detail}</span>`}</li>`,
      )}</ul>`
}
${issues.length === 0 ? '' : html`<h3>Payment issues</h3><ul>${issues.map((i) => html`<li>${i.kind}: ${i.detail} <span class="muted">${f.instant(i.created_at)}${i.resolved_at === null ? '' : ', resolved'}</span></li>`)}</ul>`}
${isConfirmed(b.status) ? html`<p><a href="${invoiceUrl(ctx.config, b.invoice_token)}">Invoice (PDF)</a></p>` : ''}
<h2>Mails</h2>
${
  mails.length === 0
    ? html`<p class="muted">No mails.</p>`
    : html`<table class="stack"><thead><tr><th scope="col">Mail</th><th scope="col">To</th><th scope="col">State</th><th scope="col">Queued</th></tr></thead><tbody>${mails.map(
        (m) =>
          html`<tr><td data-label="Mail">${m.subject}</td><td data-label="To">${m.recipient}</td><td data-label="State">${m.status}${m.last_error === null ? '' : html`<br><span class="error">${m.last_error}</span>`}</td><td data-label="Queued">${f.instant(m.created_at)}</td></tr>`,
      )}</tbody></table>`
}
<h2>History</h2>
<ol>${events.map((e) => html`<li>${f.instant(e.created_at)}: ${e.event} (${e.status}) by ${e.actor_kind.replace('_', ' ')}${e.reason === null ? '' : `: ${e.reason}`}</li>`)}</ol>
${
  isConfirmed(b.status)
    ? html`<h2>Resend confirmation</h2><form method="post" action="/admin/bookings/${b.id}/resend">${csrfField(csrf)}<button type="submit" class="secondary">Resend the confirmation to ${b.guest_email}</button></form>`
    : ''
}
${
  !canCancel(b.status)
    ? ''
    : html`<h2>Cancel</h2><form method="post" action="/admin/bookings/${b.id}/cancel">${csrfField(csrf)}
${fieldError(errors, '_form')}
<div class="field"><label for="f-reason">Reason (sent to the guest)</label><input id="f-reason" name="reason" maxlength="500"></div>
<button type="submit" class="danger">Cancel booking ${b.confirmation_code}</button></form>`
}`;
  return sendPage(request, reply, `Booking ${b.confirmation_code}`, 'bookings', body, status);
}

/** Bookings: the filtered list, one booking, cancel (actor host) and resend the confirmation. */
export const bookingPages: FeatureRoutes = async (app, { ctx }) => {
  app.get('/bookings', { config: { auth: 'session' }, schema: { hide: true } }, (request, reply) =>
    listPage(ctx, request, reply),
  );

  app.get('/bookings/:id', { config: { auth: 'session' }, schema: { hide: true } }, (request, reply) =>
    detailPage(ctx, request, reply, bookingId((request.params as { id: string }).id)),
  );

  app.post('/bookings/:id/cancel', { config: { auth: 'session' }, schema: { hide: true } }, async (request, reply) => {
    const id = bookingId((request.params as { id: string }).id);
    const reason = (formOf(request).reason ?? '').slice(0, 500);
    const user = session(request).user;
    const result = await attempt(() =>
      cancelBooking(ctx, { bookingId: id, actor: { kind: 'host', consoleUserId: user.userId }, reason }),
    );
    if (!result.ok)
      return detailPage(
        ctx,
        request,
        reply,
        id,
        { _form: Object.values(result.errors)[0] ?? 'Not possible.' },
        result.status,
      );
    return seeOther(reply, `/admin/bookings/${id}?done=cancelled`);
  });

  app.post('/bookings/:id/resend', { config: { auth: 'session' }, schema: { hide: true } }, async (request, reply) => {
    const id = bookingId((request.params as { id: string }).id);
    if (!(await resendConfirmation(ctx, id))) {
      return detailPage(
        ctx,
        request,
        reply,
        id,
        { _form: 'Only a confirmed booking has a confirmation to resend.' },
        409,
      );
    }
    return seeOther(reply, `/admin/bookings/${id}?done=resent`);
  });
};
