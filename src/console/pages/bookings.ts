import { actorNames } from '../../users/actor-names.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { realDate } from '../../accommodations/night-range.ts';
import { DateString } from '../../http/admin-params.ts';
import {
  BOOKING_SORTS,
  findBookingRow,
  listBookingsAndStays,
  type BookingFilter,
  type BookingRow,
} from '../../admin/booking-queries.ts';
import { paymentSummary, PAYMENT_STATES } from '../../pricing/payment-summary.ts';
import { PaymentForm, PaymentParams, paymentSection, recordPaymentFrom, undoPaymentFrom } from './booking-desk-page.ts';
import { reinstateByHost } from '../../admin/booking-desk.ts';
import { listBookingEvents } from '../../bookings/booking-lifecycle.ts';
import { canCancel as cancellable, canReinstate, isConfirmed, isDraft } from '../../bookings/booking-transitions.ts';
import { cancelBooking } from '../../bookings/cancel-booking.ts';
import { resendConfirmation } from '../../bookings/resend-confirmation.ts';
import { BOOKING_STATUSES } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { IdString, toId } from '../../http/ids.ts';
import { bookingCheckInSection } from './booking-check-in.ts';
import { bookingDocumentsSection } from './booking-documents.ts';
import { invoiceUrl } from '../../invoices/invoice-url.ts';
import { parseAddress } from '../../guests/stored-address.ts';
import { parseExtras } from '../../pricing/booked-extras.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import { deliveriesOfBooking, mailsOfBooking, paymentIssuesOfBooking } from '../console-queries.ts';
import { attempt, fmt, seeOther, sendPage, session } from '../console-request.ts';
import { bookingMessagesSection } from './booking-messages.ts';
import { guestPageSection } from './booking-guest-page.ts';
import { guestDataSection } from './booking-guest-data.ts';
import { IdParams, notices, PageNumber, sessionRoute, Text } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import {
  csrfField,
  fieldError,
  importedBadge,
  mailLink,
  mailState,
  notice,
  phoneLink,
  stackTable,
  statusBadge,
} from '../layout.ts';
import { redirectWith } from '../flash.ts';
import { stayRange } from '../stay-range.ts';
import { bookingMoneySection } from './booking-money.ts';
import { confirmLink } from './confirm.ts';

const PAGE_SIZE = 50;
const NOTICES = notices({
  cancelled: 'The booking is cancelled; its nights are free and a cancellation mail is queued for the guest.',
  reinstated: 'The cancellation is undone: the booking is confirmed again and a confirmation is queued for the guest.',
  resent: 'The confirmation has been queued for the guest.',
  created: 'The booking is made.',
  edited: 'The booking is changed.',
  guest: 'The guest details are corrected.',
  payment: 'The payment is recorded.',
  undone: 'The payment is undone; it stays listed, crossed out.',
});

const ListQuery = Type.Object({
  q: Text(200),
  status: Type.Optional(Type.Enum(BOOKING_STATUSES)),
  accommodation: Type.Optional(IdString),
  from: Type.Optional(DateString),
  to: Type.Optional(DateString),
  sort: Type.Optional(Type.Enum(BOOKING_SORTS)),
  payment: Type.Optional(Type.Enum(PAYMENT_STATES)),
  format: Type.Optional(Type.Literal('csv')),
  page: Type.Optional(PageNumber),
});
const DetailQuery = Type.Object({ done: NOTICES.query });
const CancelForm = Type.Object({ reason: Text(500), waive_fee: Type.Optional(Type.Literal('on')) });

type ListFilters = Static<typeof ListQuery>;

function filterForm(
  q: ListFilters,
  accommodations: readonly { id: number; name: string; archived_at: string | null }[],
): Html {
  const statuses = BOOKING_STATUSES.map((s) => html`<option${attributes({ selected: s === q.status })}>${s}</option>`);
  // Archived ones too: their bookings are still listed.
  const homes = accommodations.map(
    (a) =>
      html`<option${attributes({
        value: a.id,
        selected: String(a.id) === q.accommodation,
      })}>${a.name}${a.archived_at === null ? '' : ' (archived)'}</option>`,
  );
  return html`<form method="get" action="/admin/bookings" class="row" role="search">
<div class="field"><label for="f-q">Search: name, e-mail, phone or code</label>
<input${attributes({ id: 'f-q', name: 'q', maxlength: 200, value: q.q ?? '' })}></div>
<div class="field"><label for="f-status">Status</label>
<select id="f-status" name="status"><option value="">Any</option>${statuses}</select></div>
<div class="field"><label for="f-accommodation">Accommodation</label>
<select id="f-accommodation" name="accommodation"><option value="">Any</option>${homes}</select></div>
<div class="field"><label for="f-from">Nights from</label>
<input${attributes({ id: 'f-from', name: 'from', type: 'date', value: q.from ?? '' })}></div>
<div class="field"><label for="f-to">Nights before</label>
<input${attributes({ id: 'f-to', name: 'to', type: 'date', value: q.to ?? '' })}></div>
${deskFilters(q)}
<button type="submit">Filter</button>
</form>`;
}

async function listPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, q: ListFilters) {
  const f = fmt(request);
  const pageNo = q.page === undefined ? 0 : Number(q.page);
  const filter = {
    ...(q.status === undefined ? {} : { status: q.status }),
    ...(q.accommodation === undefined ? {} : { accommodationId: toId(q.accommodation) }),
    ...(q.from === undefined ? {} : { from: realDate(q.from, 'from') }),
    ...(q.to === undefined ? {} : { to: realDate(q.to, 'to') }),
    ...(q.q === undefined ? {} : { q: q.q }),
    ...(q.sort === undefined ? {} : { sort: q.sort }),
    ...(q.payment === undefined ? {} : { paymentState: q.payment }),
  };
  if (q.format === 'csv') return sendBookingsCsv(ctx, reply, filter);
  // Stays imported from channels are listed beside the bookings (not under a status or payment filter).
  const [rows, accommodations] = await Promise.all([
    listBookingsAndStays(ctx.db, { ...filter, limit: PAGE_SIZE + 1, offset: pageNo * PAGE_SIZE }, true),
    listAccommodations(ctx.db, { archived: true }),
  ]);
  const more = rows.length > PAGE_SIZE;
  const filters = Object.entries({
    q: q.q,
    status: q.status,
    accommodation: q.accommodation,
    from: q.from,
    to: q.to,
    sort: q.sort,
    payment: q.payment,
  });
  const params = new URLSearchParams();
  for (const [name, value] of filters) if (value !== undefined) params.set(name, value);
  const pageLink = (n: number, label: string) =>
    html`<a href="/admin/bookings?${params.toString()}&amp;page=${n}">${label}</a>`;
  const table = stackTable(
    ['Code', 'Guest', 'Accommodation', 'Stay', 'Status', 'Total', 'Balance'],
    rows.slice(0, PAGE_SIZE),
    (stay) => {
      if (stay.kind === 'import') {
        const r = stay.row;
        return [
          html`<a href="/admin/accommodations/${r.accommodation_id}">${r.feed_name}</a>`,
          r.summary === '' ? '—' : r.summary,
          r.accommodation_name,
          stayRange(f, r.start_date, r.end_date),
          importedBadge(r.feed_name),
          '—',
          '—',
        ];
      }
      const b = stay.row;
      return [
        html`<a href="/admin/bookings/${b.id}">${b.confirmation_code}</a>`,
        html`${b.guest_first_name} ${b.guest_last_name}<br><span class="muted">${
          b.guest_email === '' ? 'no e-mail' : b.guest_email
        }</span>`,
        b.accommodation_name,
        stayRange(f, b.checkin, b.checkout),
        statusBadge(b.status),
        f.money(b.total, b.currency),
        balanceCell(b, f),
      ];
    },
  );
  const csv = new URLSearchParams(params);
  csv.set('format', 'csv');
  const body = html`
<p><a class="button" href="/admin/bookings/new">New booking</a>
<a class="button secondary" href="/admin/bookings?${csv.toString()}" download>Download as CSV</a></p>
${filterForm(q, accommodations)}
${rows.length === 0 ? html`<p>No bookings match.</p>` : table}
<p>${pageNo > 0 ? html`${pageLink(pageNo - 1, 'Newer')} ` : ''}${more ? pageLink(pageNo + 1, 'Older') : ''}</p>`;
  return sendPage(request, reply, 'Bookings', 'bookings', body);
}

interface Shown {
  /** The notice of a change just made (`?done=`). */
  notice?: string | null;
  /** Why the last change was refused. */
  errors?: Record<string, string>;
  status?: number;
  /** The payment form as sent, shown again with its errors. */
  payment?: Static<typeof PaymentForm>;
}

function guestTable(b: BookingRow): Html {
  const address = Object.values(parseAddress(b.guest_address))
    .filter((part) => part !== '')
    .join(', ');
  return html`<table><tbody>
${line('Name', `${b.guest_title ?? ''} ${b.guest_first_name} ${b.guest_last_name}`.trim())}
${line('E-mail', mailLink(b.guest_email))}
${line('Phone', phoneLink(b.guest_phone))}
${line('Address', address === '' ? '—' : address)}
${line('Company', [b.guest_company_name, b.guest_company_tax_id].filter((c) => c !== null).join(', ') || '—')}
${line('Notes', b.guest_notes === '' ? '—' : b.guest_notes)}
${line('Internal note', b.internal_note === '' ? '—' : b.internal_note)}
</tbody></table>`;
}

function priceTable(b: BookingRow, f: Formatter): Html {
  const money = (minor: number) => f.money(minor, b.currency);
  const discount = `Discount${b.discount_name === null ? '' : ` (${b.discount_name})`}`;
  const extras = Object.entries(parseExtras(b.extras));
  return html`<table><tbody>
${line('Nights', money(b.base_price))}
${b.discount > 0 ? line(discount, `−${money(b.discount)}`) : ''}
${line('Cleaning', money(b.cleaning_fee))}
${b.extra_guest_fee > 0 ? line('Extra guests', money(b.extra_guest_fee)) : ''}
${extras.map(([name, amount]) => line(`Extra: ${name.replace('_', ' ')}`, money(amount)))}
${line('Tax', money(b.tax))}
${b.city_tax > 0 ? line('City tax', money(b.city_tax)) : ''}
${line('Total', html`<strong>${money(b.total)}</strong>`)}
${b.price_note === null ? '' : line('Price set by hand', b.price_note)}
</tbody></table>`;
}

const line = (label: string, value: string | Html) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;

async function detailPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  shown: Shown = {},
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
  const errors = shown.errors ?? {};
  // What the page offers, as the transition table allows for the booking's status.
  const canResend = isConfirmed(b.status);
  const hasEmail = b.guest_email.trim() !== '';
  const canCancel = cancellable(b.status);
  const hold =
    isDraft(b.status) && b.hold_expires_at !== null ? `; hold ends ${f.instant(b.hold_expires_at, b.timezone)}` : '';
  const party = [
    `${b.nights} night(s)`,
    `${b.adults} adult(s)`,
    ...(b.children > 0 ? [`${b.children} child(ren)`] : []),
    ...(b.babies > 0 ? [`${b.babies} baby/babies`] : []),
  ].join(', ');
  const stay = `${b.accommodation_name}, ${stayRange(f, b.checkin, b.checkout)}, ${party}`;
  const delivery = (d: (typeof deliveries)[number]) => {
    const from = d.source === 'payment' ? 'card processor' : 'webhook';
    const detail = d.detail === null ? '' : html` <span class="muted">${d.detail}</span>`;
    return html`<li>${f.instant(d.received_at, b.timezone)}: ${from} ${d.event_type} → ${d.outcome}${detail}</li>`;
  };
  const issue = (i: (typeof issues)[number]) => {
    const when = `${f.instant(i.created_at, b.timezone)}${i.resolved_at === null ? '' : ', resolved'}`;
    return html`<li>${i.kind}: ${i.detail} <span class="muted">${when}</span></li>`;
  };
  const mailTable = stackTable(['Mail', 'To', 'State', 'Queued'], mails, (m) => [
    m.subject,
    m.recipient,
    html`${mailState(m.status)}${m.last_error === null ? '' : html`<br><span class="error">${m.last_error}</span>`}`,
    f.instant(m.created_at, b.timezone),
  ]);
  const names = await actorNames(
    ctx.db,
    events.map((e) => e.actor_ref),
  );
  const event = (e: (typeof events)[number]) => {
    const actor = names.get(e.actor_ref ?? '') ?? e.actor_kind.replace('_', ' ');
    const who = `${actor}${e.reason === null ? '' : `: ${e.reason}`}`;
    return html`<li>${f.instant(e.created_at, b.timezone)}: ${e.event} (${e.status}) by ${who}</li>`;
  };
  const paymentIntent = b.payment_intent_id === null ? '' : html` <span class="muted">(${b.payment_intent_id})</span>`;
  const body = html`
${notice(shown.notice ?? null)}
<p>${statusBadge(b.status)} ${stay}</p>
${
  isConfirmed(b.status)
    ? html`<p><a class="button secondary" href="/admin/bookings/${b.id}/edit">Edit booking</a></p>`
    : ''
}
<h2>Guest</h2>
${guestTable(b)}
<p><a class="button secondary" href="/admin/bookings/${b.id}/guest">Correct guest and billing details</a></p>
${await bookingCheckInSection(ctx.db, session(request).user, b, f)}
<h2>Price as quoted</h2>
${priceTable(b, f)}
<h2>Payment</h2>
<p>${b.payment_method.replace('_', ' ')}${paymentIntent}${hold}</p>
${deliveries.length === 0 ? '' : html`<h3>Payment events and webhooks</h3><ul>${deliveries.map(delivery)}</ul>`}
${issues.length === 0 ? '' : html`<h3>Payment issues</h3><ul>${issues.map(issue)}</ul>`}
<div id="payments">${await paymentSection(ctx, request, b, errors, shown.payment)}</div>
${await bookingMoneySection(ctx, request, b)}
${await bookingDocumentsSection(ctx.db, f, { id: b.id, invoice_url: invoiceUrl(ctx.config, b.invoice_token) })}
${guestPageSection(ctx, request, b)}
${await guestDataSection(ctx, request, b, f)}
<h2>Mails</h2>
${mails.length === 0 ? html`<p class="muted">No mails.</p>` : mailTable}
${await bookingMessagesSection(ctx, request, b)}
<h2>History</h2>
<ol>${events.map(event)}</ol>
${
  canResend
    ? html`<h2>Resend confirmation</h2>${
        hasEmail
          ? html`<form method="post" action="/admin/bookings/${b.id}/resend">${csrfField(csrf)}
<button type="submit" class="secondary">Resend the confirmation to ${b.guest_email}</button></form>`
          : html`<p class="muted">The guest has no e-mail, so there is no confirmation to send.</p>`
      }`
    : ''
}
${fieldError(errors, '_form')}
${
  canCancel
    ? html`<h2>Cancel</h2><p>${confirmLink(`Cancel booking ${b.confirmation_code}…`, 'cancel-booking', {
        id: b.id,
      })}</p>`
    : ''
}
${
  canReinstate(b)
    ? html`<h2>Undo the cancellation</h2>
<p>While its nights are still free, the booking can be confirmed again with the same stay and price.</p>
<form method="post" action="/admin/bookings/${b.id}/reinstate">${csrfField(csrf)}
<button type="submit">Undo the cancellation of ${b.confirmation_code}</button></form>`
    : ''
}`;
  return sendPage(request, reply, `Booking ${b.confirmation_code}`, 'bookings', body, shown.status ?? 200);
}

/** Bookings: the filtered list, one booking, cancel (actor host) and resend the confirmation. */
export const bookingPages: FeatureRoutes = async (app, { ctx }) => {
  // A refused action goes back to the booking's page with why (flash.ts): a reload does not try again.
  const refusedAction = (request: FastifyRequest, reply: FastifyReply, id: number, errors: Record<string, string>) =>
    redirectWith(
      request,
      reply,
      `/admin/bookings/${id}`,
      { error: Object.values(errors)[0] ?? 'Not possible.' },
      ctx.config.publicBaseUrl,
    );

  app.get(PAGES.bookings.path, sessionRoute('bookings.read', { querystring: ListQuery }), (request, reply) =>
    listPage(ctx, request, reply, request.query),
  );

  app.get(
    PAGES.booking.path,
    sessionRoute('bookings.read', { params: IdParams, querystring: DetailQuery }),
    (request, reply) =>
      detailPage(ctx, request, reply, toId(request.params.id), { notice: NOTICES.text(request.query.done) }),
  );

  app.post(
    '/bookings/:id/cancel',
    sessionRoute('bookings.write', { params: IdParams, body: CancelForm }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const reason = request.body.reason ?? '';
      const user = session(request).user;
      const result = await attempt(() =>
        cancelBooking(ctx, {
          bookingId: id,
          actor: { kind: 'host', consoleUserId: user.userId },
          reason,
          waiveFee: request.body.waive_fee === 'on',
        }),
      );
      if (!result.ok) return refusedAction(request, reply, id, result.errors);
      return seeOther(reply, `/admin/bookings/${id}?done=cancelled`);
    },
  );

  app.post('/bookings/:id/reinstate', sessionRoute('bookings.write', { params: IdParams }), async (request, reply) => {
    const id = toId(request.params.id);
    const user = session(request).user;
    const result = await attempt(() => reinstateByHost(ctx, id, { kind: 'host', consoleUserId: user.userId }));
    if (!result.ok) return refusedAction(request, reply, id, result.errors);
    return seeOther(reply, `/admin/bookings/${id}?done=reinstated`);
  });

  app.post(
    '/bookings/:id/payments',
    sessionRoute('payments.write', { params: IdParams, body: PaymentForm }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const result = await recordPaymentFrom(ctx, request, request.body, id);
      if (!result.ok)
        return detailPage(ctx, request, reply, id, {
          errors: paymentErrors(result.errors),
          status: result.status,
          payment: request.body,
        });
      return seeOther(reply, `/admin/bookings/${id}?done=payment#payments`);
    },
  );

  app.post(
    '/bookings/:id/payments/:paymentId/undo',
    sessionRoute('payments.write', { params: PaymentParams }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const result = await undoPaymentFrom(ctx, request, id, toId(request.params.paymentId));
      if (!result.ok)
        return detailPage(ctx, request, reply, id, { errors: paymentErrors(result.errors), status: result.status });
      return seeOther(reply, `/admin/bookings/${id}?done=undone#payments`);
    },
  );

  app.post('/bookings/:id/resend', sessionRoute('bookings.write', { params: IdParams }), async (request, reply) => {
    const id = toId(request.params.id);
    const b = await findBookingRow(ctx.db, id);
    if (b !== undefined && b.guest_email.trim() === '')
      return refusedAction(request, reply, id, {
        _form: 'The guest has no e-mail, so there is no confirmation to send.',
      });
    if (!(await resendConfirmation(ctx, id)))
      return refusedAction(request, reply, id, { _form: 'Only a confirmed booking has a confirmation to resend.' });
    return seeOther(reply, `/admin/bookings/${id}?done=resent`);
  });
};

/** A refused payment form: errors of its fields stay beside them, any other on the form. */
function paymentErrors(errors: Record<string, string>): Record<string, string> {
  const fields = new Set(['amount', 'method', 'received_on', 'reference']);
  const entries = Object.entries(errors).map(([name, message]) => [fields.has(name) ? name : '_payment', message]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The list's sort and payment-state choices. */
function deskFilters(q: ListFilters): Html {
  const sorts = [
    ['created', 'Newest first'],
    ['arrival', 'Arrival'],
    ['departure', 'Departure'],
  ].map(
    ([v = '', l = '']) => html`<option${attributes({ value: v, selected: v === (q.sort ?? 'created') })}>${l}</option>`,
  );
  const states = PAYMENT_STATES.map(
    (s) => html`<option${attributes({ value: s, selected: s === q.payment })}>${s.replace('_', ' ')}</option>`,
  );
  return html`<div class="field"><label for="f-sort">Sort by</label>
<select id="f-sort" name="sort">${sorts}</select></div>
<div class="field"><label for="f-payment">Payment</label>
<select id="f-payment" name="payment"><option value="">Any</option>${states}</select></div>`;
}

function balanceCell(b: BookingRow, f: Formatter): Html {
  const p = paymentSummary(b);
  return html`${f.money(p.balance, b.currency)} <span class="muted">${p.state.replace('_', ' ')}</span>`;
}

async function sendBookingsCsv(ctx: AppContext, reply: FastifyReply, filter: Omit<BookingFilter, 'limit' | 'offset'>) {
  // The rows the page lists: imported stays too.
  const rows = await listBookingsAndStays(ctx.db, { ...filter, limit: 50_000, offset: 0 }, true);
  const { bookingsCsv } = await import('../../admin/bookings-csv.ts');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="bookings.csv"')
    .send(bookingsCsv(rows));
}
