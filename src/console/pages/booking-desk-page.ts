import { actorNames } from '../../users/actor-names.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { storedDecimals } from '../../accommodations/accommodation-mapper.ts';
import {
  createBookingByHand,
  CreateHostBookingBody,
  editBooking,
  EditBookingBody,
  recordBookingPayment,
  RecordPaymentBody,
  undoBookingPayment,
} from '../../admin/booking-desk.ts';
import { findBookingRow, listPayments, type BookingRow } from '../../admin/booking-queries.ts';
import type { BookingActor } from '../../bookings/booking-lifecycle.ts';
import { isConfirmed } from '../../bookings/booking-transitions.ts';
import { quoteHostStay } from '../../bookings/create-host-booking.ts';
import { notFound } from '../../http/errors.ts';
import { IdString, toId } from '../../http/ids.ts';
import { paymentSummary, type PaymentState } from '../../pricing/payment-summary.ts';
import { todayIn } from '../../shared/dates.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { toMajor } from '../../shared/money.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, fmt, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import { IdParams, sessionRoute, Text } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { csrfField, errorSummary, field, fieldError, stackTable } from '../layout.ts';
import { checkForm, forHost, numberField, type Labels } from '../schema-errors.ts';
import { nightsHeld, type NightHolder } from '../held-nights.ts';
import { stayRange } from '../stay-range.ts';

/**
 * The booking desk in the console: a booking by hand (with the price quoted by the same pricing
 * before it is made), an edit, and the payments of a booking (recorded, undone, and where the
 * money stands). Each form is read into the admin API's request and handed to the same code as
 * the admin API (src/admin/booking-desk.ts), with the signed-in user as the host acting; a change
 * answers with a redirect to the booking.
 */

const NEW_FIELDS = [
  'accommodation_id',
  'checkin_date',
  'checkout_date',
  'adults_count',
  'children_count',
  'babies_count',
  'guest_first_name',
  'guest_last_name',
  'guest_email',
  'guest_phone',
  'source',
  'payment_method',
  'total_amount',
  'price_note',
  'internal_note',
  'notify_guest',
  'override_rules',
] as const;
const NewForm = Type.Object(Object.fromEntries(NEW_FIELDS.map((n) => [n, Text(2000)])));

const EDIT_FIELDS = [
  'checkin_date',
  'checkout_date',
  'adults_count',
  'children_count',
  'babies_count',
  'internal_note',
  'price',
  'total_amount',
  'notify_guest',
] as const;
const EditForm = Type.Object(Object.fromEntries(EDIT_FIELDS.map((n) => [n, Text(2000)])));
/**
 * What the new booking form may be opened with (the calendar's selected range): the stay only,
 * never the guest, so nothing personal is ever in its address. "Show the price" posts the form.
 */
const NewQuery = Type.Object(
  Object.fromEntries(
    ['accommodation_id', 'checkin_date', 'checkout_date', 'adults_count', 'children_count', 'babies_count'].map((n) => [
      n,
      Text(20),
    ]),
  ),
);
const RangeForm = Type.Object({
  accommodation: Type.Optional(IdString),
  from: Type.Optional(Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$' })),
  to: Type.Optional(Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$' })),
  month: Text(20),
  reason: Text(500),
});

/** The payment form of the booking page; `recordPaymentFrom` reads it. */
export const PaymentForm = Type.Object({
  amount: Text(50),
  method: Text(50),
  received_on: Text(50),
  reference: Text(200),
});
export const PaymentParams = Type.Object({ id: IdString, paymentId: IdString });

const METHODS = [
  ['bank_transfer', 'Bank transfer'],
  ['cash', 'Cash'],
  ['card_processor', 'Card (payment processor)'],
  ['other', 'Other'],
] as const;
const PAID_BY = [
  ['cash', 'Cash'],
  ['bank_transfer', 'Bank transfer'],
  ['card', 'Card'],
  ['other', 'Other'],
] as const;
const SOURCES = ['phone', 'walk_in', 'owner', 'email', 'booking_com', 'airbnb'];

/** The new booking form's labels: beside each field, in its error summary, and in messages for the API's names. */
const NEW_LABELS: Labels = {
  accommodation_id: 'Accommodation',
  checkin_date: 'Arrival',
  checkout_date: 'Departure',
  adults_count: 'Adults',
  children_count: 'Children',
  babies_count: 'Babies',
  guest_first_name: 'First name',
  guest_last_name: 'Last name',
  guest_email: 'E-mail',
  guest_phone: 'Phone',
  source: 'Source',
  payment_method: 'Payment method',
  total_amount: 'Price set by hand',
  price_note: 'Why this price',
  internal_note: 'Internal note',
};
const EDIT_LABELS: Labels = {
  checkin_date: 'Arrival',
  checkout_date: 'Departure',
  adults_count: 'Adults',
  children_count: 'Children',
  babies_count: 'Babies',
  total_amount: 'New total',
  internal_note: 'Internal note',
};
const PAYMENT_LABELS: Labels = { method: 'Method', received_on: 'Received on', reference: 'Reference' };

const STATE_WORDS: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
};

function hostOf(request: FastifyRequest): BookingActor {
  return { kind: 'host', consoleUserId: session(request).user.userId };
}

const text = (form: FormBody, name: string): string | undefined => {
  const value = (form[name] ?? '').trim();
  return value === '' ? undefined : value;
};
const checked = (form: FormBody, name: string): boolean => form[name] === 'on';

/** The admin API's POST /bookings body from the form (empty fields left out). */
function newBookingInput(form: FormBody): Record<string, unknown> {
  const input: Record<string, unknown> = {
    accommodation_id: numberField(form.accommodation_id),
    // Left empty, a date or the adults fail their own check, so every missing field is named at once.
    checkin_date: form.checkin_date?.trim() ?? '',
    checkout_date: form.checkout_date?.trim() ?? '',
    adults_count: numberField(form.adults_count) ?? '',
    children_count: numberField(form.children_count),
    babies_count: numberField(form.babies_count),
    guest: {
      first_name: text(form, 'guest_first_name') ?? '',
      last_name: text(form, 'guest_last_name') ?? '',
      email: text(form, 'guest_email'),
      phone: text(form, 'guest_phone'),
    },
    source: text(form, 'source'),
    payment_method: text(form, 'payment_method'),
    total_amount: numberField(form.total_amount),
    price_note: text(form, 'price_note'),
    internal_note: text(form, 'internal_note'),
    notify_guest: checked(form, 'notify_guest'),
    override_rules: checked(form, 'override_rules'),
  };
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}

function select(
  label: string,
  name: string,
  options: readonly (readonly [string, string])[],
  value: string | undefined,
  errors: Readonly<Record<string, string>>,
): Html {
  const choices = options.map(
    ([v, l]) => html`<option${attributes({ value: v, selected: v === value })}>${l}</option>`,
  );
  const invalid = errors[name] !== undefined;
  const select = attributes({
    id: `f-${name}`,
    name,
    'aria-invalid': invalid && 'true',
    'aria-describedby': invalid && `err-${name}`,
  });
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="f-${name}">${label}</label>
<select${select}>${choices}</select>${fieldError(errors, name)}</div>`;
}

function checkbox(label: string, name: string, on: boolean): Html {
  return html`<div class="field"><label><input${attributes({
    type: 'checkbox',
    name,
    checked: on,
  })}> ${label}</label></div>`;
}

function textarea(
  label: string,
  name: string,
  value: string,
  hint: string,
  errors: Readonly<Record<string, string>>,
): Html {
  const invalid = errors[name] !== undefined;
  const area = attributes({
    id: `f-${name}`,
    name,
    maxlength: 2000,
    rows: 2,
    'aria-invalid': invalid && 'true',
    'aria-describedby': invalid && `err-${name}`,
  });
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="f-${name}">${label}</label>
<textarea${area}>${value}</textarea><small>${hint}</small>${fieldError(errors, name)}</div>`;
}

/** The booking's internal note, on the new booking's form and the edit form alike. */
function internalNoteField(value: string, errors: Readonly<Record<string, string>>): Html {
  return textarea(
    'Internal note',
    'internal_note',
    value,
    'only you see it: never mailed or shown to the guest',
    errors,
  );
}

/** What holds a run of taken nights, in the host's words (the host's own desk: bookings by their code). */
function holderText(holder: NightHolder): Html {
  switch (holder.kind) {
    case 'booking':
      return html`booking <a href="/admin/bookings/${holder.bookingId}">${holder.code}</a>`;
    case 'block':
      return html`blocked${holder.reason === null || holder.reason === '' ? '' : html` (${holder.reason})`}`;
    case 'import':
      return holder.closed
        ? html`closed on ${holder.feed} (its calendar says “Not available”)`
        : html`a stay imported from ${holder.feed}`;
  }
}

/** The price the same pricing gives the stay the form names, or why it cannot be booked. */
async function quoteOf(ctx: AppContext, form: FormBody, f: Formatter): Promise<Html> {
  const accommodationId = numberField(form.accommodation_id);
  const checkin = text(form, 'checkin_date');
  const checkout = text(form, 'checkout_date');
  if (typeof accommodationId !== 'number' || checkin === undefined || checkout === undefined) return html``;
  const adults = numberField(form.adults_count);
  const children = numberField(form.children_count);
  const result = await attempt(() =>
    quoteHostStay(ctx, {
      accommodationId,
      checkin,
      checkout,
      adults: typeof adults === 'number' ? adults : 1,
      children: typeof children === 'number' ? children : 0,
      overrideRules: checked(form, 'override_rules'),
    }),
  );
  if (!result.ok) {
    const messages = Object.values(forHost(result.errors, NEW_LABELS)).join(' ');
    return html`<div class="quote" role="status"><p class="error">${messages}</p></div>`;
  }
  const { quote, stay, accommodation } = result.value;
  const held = await nightsHeld(ctx.db, accommodation.id, stay.checkin, stay.checkout, ctx.now());
  if (held.length > 0) {
    const runs = held.map((run) => html`<li>${stayRange(f, run.from, run.to)}: ${holderText(run.holder)}</li>`);
    return html`<div class="quote taken" role="status"><h2>Not available</h2>
<p class="error">Some nights of this stay at ${accommodation.name} are taken, so it cannot be booked:</p>
<ul>${runs}</ul></div>`;
  }
  const money = (minor: number) => f.money(minor, accommodation.currency);
  const total = html`<strong>total ${money(quote.total)}</strong>`;
  return html`<div class="quote" role="status"><h2>Price</h2><p>${stay.nights} night(s) at ${accommodation.name}:
nights ${money(quote.basePrice)}${quote.discount > 0 ? `, discount −${money(quote.discount)}` : ''}, cleaning
${money(quote.cleaningFee)}${quote.extraGuestFee > 0 ? `, extra guests ${money(quote.extraGuestFee)}` : ''}, tax
${money(quote.tax)}${quote.cityTax > 0 ? `, city tax ${money(quote.cityTax)}` : ''}; ${total}.</p></div>`;
}

async function newBookingPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  form: FormBody,
  sent: Record<string, string> = {},
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const errors = forHost(sent, NEW_LABELS);
  const homes = await listAccommodations(ctx.db);
  const v = (name: string) => form[name] ?? '';
  const home = form.accommodation_id ?? String(homes[0]?.id ?? '');
  const sources = SOURCES.map((s) => html`<option value="${s}"></option>`);
  const body = html`<form method="post" action="/admin/bookings/new" class="desk">${csrfField(session(request).csrf)}
${errorSummary(errors, NEW_LABELS)}
${select(
  'Accommodation',
  'accommodation_id',
  homes.map((a) => [String(a.id), a.name] as const),
  home,
  errors,
)}
<div class="row">
${field('Arrival', 'checkin_date', errors, { type: 'date', value: v('checkin_date'), required: true })}
${field('Departure', 'checkout_date', errors, { type: 'date', value: v('checkout_date'), required: true })}
</div>
<div class="row">
${field('Adults', 'adults_count', errors, {
  type: 'number',
  min: '1',
  value: form.adults_count ?? '2',
  required: true,
})}
${field('Children', 'children_count', errors, { type: 'number', min: '0', value: form.children_count ?? '0' })}
${field('Babies', 'babies_count', errors, { type: 'number', min: '0', value: form.babies_count ?? '0' })}
</div>
${checkbox(
  'Allow a stay shorter or longer than the rules (minimum and maximum stay)',
  'override_rules',
  checked(form, 'override_rules'),
)}
<p><button type="submit" class="secondary" formaction="/admin/bookings/new/quote" formnovalidate>Show the price</button></p>
${await quoteOf(ctx, form, f)}
<h2>Guest</h2>
<div class="row">
${field('First name', 'guest_first_name', errors, { value: v('guest_first_name'), required: true })}
${field('Last name', 'guest_last_name', errors, { value: v('guest_last_name'), required: true })}
</div>
<div class="row">
${field('E-mail', 'guest_email', errors, { type: 'email', value: v('guest_email'), hint: 'optional' })}
${field('Phone', 'guest_phone', errors, { type: 'tel', value: v('guest_phone'), hint: 'optional' })}
</div>
<h2>Booking</h2>
<div class="row">
${field('Source', 'source', errors, {
  value: form.source ?? 'phone',
  hint: 'phone, walk_in, owner or the channel it came from',
  attributes: { list: 'sources' },
})}
<datalist id="sources">${sources}</datalist>
${select('Payment method', 'payment_method', METHODS, form.payment_method ?? 'bank_transfer', errors)}
</div>
<div class="row">
${field('Price set by hand', 'total_amount', errors, {
  type: 'number',
  step: 'any',
  min: '0',
  value: v('total_amount'),
  hint: 'leave empty for the price above',
})}
${field('Why this price', 'price_note', errors, { value: v('price_note') })}
</div>
${internalNoteField(v('internal_note'), errors)}
${checkbox(
  'Mail the guest a confirmation (needs an e-mail)',
  'notify_guest',
  form.notify_guest === undefined || checked(form, 'notify_guest'),
)}
<button type="submit">Create booking</button>
</form>`;
  return sendPage(request, reply, 'New booking', 'bookings', body, status);
}

async function bookingOr404(ctx: AppContext, id: number): Promise<BookingRow> {
  const b = await findBookingRow(ctx.db, id);
  if (b === undefined)
    throw notFound('booking_not_found', `There is no booking with id ${id}.`, { parameter: 'id', received: id });
  return b;
}

function editFormValues(b: BookingRow): FormBody {
  return {
    checkin_date: b.checkin,
    checkout_date: b.checkout,
    adults_count: String(b.adults),
    children_count: String(b.children),
    babies_count: String(b.babies),
    internal_note: b.internal_note,
    price: 'reprice',
  };
}

/** The admin API's PATCH body from the edit form: the price re-computed, kept, or set by hand. */
function editInput(form: FormBody, b: BookingRow): Record<string, unknown> {
  const price = form.price ?? 'reprice';
  const total =
    price === 'keep'
      ? toMajor(b.total, storedDecimals(b.currency))
      : price === 'set'
        ? (numberField(form.total_amount) ?? '')
        : undefined;
  const input: Record<string, unknown> = {
    checkin_date: text(form, 'checkin_date'),
    checkout_date: text(form, 'checkout_date'),
    adults_count: numberField(form.adults_count),
    children_count: numberField(form.children_count),
    babies_count: numberField(form.babies_count),
    internal_note: form.internal_note ?? '',
    total_amount: total,
    notify_guest: checked(form, 'notify_guest'),
  };
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}

async function editPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  b: BookingRow,
  form: FormBody,
  sent: Record<string, string> = {},
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const errors = forHost(sent, EDIT_LABELS);
  const title = `Edit booking ${b.confirmation_code}`;
  if (!isConfirmed(b.status)) {
    const body = html`<p>Booking <a href="/admin/bookings/${b.id}">${b.confirmation_code}</a> is ${b.status} and
cannot be edited.</p>`;
    return sendPage(request, reply, title, 'bookings', body, status);
  }
  const v = (name: string) => form[name] ?? '';
  const price = form.price ?? 'reprice';
  const radio = (value: string, label: string) =>
    html`<label><input${attributes({
      type: 'radio',
      name: 'price',
      value,
      checked: price === value,
    })}> ${label}</label>`;
  const body = html`<p><a href="/admin/bookings/${b.id}">Back to the booking</a></p>
<form method="post" action="/admin/bookings/${b.id}/edit" class="desk">${csrfField(session(request).csrf)}
${errorSummary(errors, EDIT_LABELS)}
<div class="row">
${field('Arrival', 'checkin_date', errors, { type: 'date', value: v('checkin_date'), required: true })}
${field('Departure', 'checkout_date', errors, { type: 'date', value: v('checkout_date'), required: true })}
</div>
<div class="row">
${field('Adults', 'adults_count', errors, { type: 'number', min: '1', value: v('adults_count'), required: true })}
${field('Children', 'children_count', errors, { type: 'number', min: '0', value: v('children_count') })}
${field('Babies', 'babies_count', errors, { type: 'number', min: '0', value: v('babies_count') })}
</div>
<fieldset><legend>Price (now ${f.money(b.total, b.currency)})</legend>
${radio('reprice', 'Re-price with the current prices when dates or guests change')}<br>
${radio('keep', `Keep ${f.money(b.total, b.currency)}`)}<br>
${radio('set', 'Set by hand:')}
${field('New total', 'total_amount', errors, { type: 'number', step: 'any', min: '0', value: v('total_amount') })}
</fieldset>
${internalNoteField(v('internal_note'), errors)}
${checkbox('Mail the guest what changed for them', 'notify_guest', checked(form, 'notify_guest'))}
<button type="submit">Save changes</button>
</form>`;
  return sendPage(request, reply, title, 'bookings', body, status);
}

/** The booking page's payments section: where the money stands, the payments, and the form to record one. */
export async function paymentSection(
  ctx: AppContext,
  request: FastifyRequest,
  b: BookingRow,
  sent: Readonly<Record<string, string>>,
  /** The form as sent, when it comes back with errors: what the host typed stays. */
  entered?: Static<typeof PaymentForm>,
): Promise<Html> {
  const f = fmt(request);
  const csrf = session(request).csrf;
  const labels = { amount: `Amount (${b.currency})`, ...PAYMENT_LABELS };
  const errors = forHost(sent, labels);
  const money = (minor: number) => f.money(minor, b.currency);
  const summary = paymentSummary(b);
  const payments = await listPayments(ctx.db, b.id);
  const methodWord = (m: string) => PAID_BY.find(([v]) => v === m)?.[1] ?? m;
  const names = await actorNames(
    ctx.db,
    payments.flatMap((p) => [p.recorded_by, p.undone_by]),
  );
  const by = (label: string | null) => (label === null ? '' : (names.get(label) ?? label.split(':')[0] ?? ''));
  const table = stackTable(['Received', 'Amount', 'Method', 'Reference', 'Undo'], payments, (p) => [
    html`${f.date(p.received_on)} <span class="muted">by ${by(p.recorded_by)}</span>`,
    p.undone_at === null
      ? money(p.amount)
      : html`<s>${money(p.amount)}</s> <span class="muted">undone by ${by(p.undone_by)}</span>`,
    methodWord(p.method),
    p.reference ?? '—',
    p.undone_at === null
      ? html`<form method="post" action="/admin/bookings/${b.id}/payments/${p.id}/undo">${csrfField(csrf)}
<button type="submit" class="secondary">Undo ${money(p.amount)} of ${f.date(p.received_on)}</button></form>`
      : '',
  ]);
  const today = todayIn(b.timezone, ctx.now());
  return html`<h2>Payments</h2>
<table><tbody>
<tr><th scope="row">Amount due</th><td>${money(summary.amount_due)}</td></tr>
<tr><th scope="row">Paid</th><td>${money(summary.amount_paid)}</td></tr>
<tr><th scope="row">Balance</th><td><strong>${money(summary.balance)}</strong></td></tr>
<tr><th scope="row">State</th><td><span class="badge">${STATE_WORDS[summary.state]}</span></td></tr>
</tbody></table>
${payments.length === 0 ? html`<p class="muted">No payments recorded.</p>` : table}
<h3>Record a payment or a refund</h3>
${errorSummary(errors, labels, { whole: '_payment' })}
<form method="post" action="/admin/bookings/${b.id}/payments" class="row">${csrfField(csrf)}
${field(`Amount (${b.currency})`, 'amount', errors, {
  type: 'number',
  step: 'any',
  required: true,
  hint: 'below 0 for a refund (money given back)',
  // What is left: to collect, or (overpaid) to give back.
  value: entered?.amount ?? (summary.balance !== 0 ? String(toMajor(summary.balance, storedDecimals(b.currency))) : ''),
})}
${select('Method', 'method', PAID_BY, entered?.method ?? 'bank_transfer', errors)}
${field('Received on', 'received_on', errors, { type: 'date', value: entered?.received_on ?? today })}
${field('Reference', 'reference', errors, { hint: 'optional', value: entered?.reference ?? null })}
<button type="submit">Record payment</button>
</form>`;
}

/** Records the payment the booking page's form names; a refusal comes back as the form's errors. */
export async function recordPaymentFrom(
  ctx: AppContext,
  request: FastifyRequest,
  form: Static<typeof PaymentForm>,
  id: number,
): Promise<{ ok: true } | { ok: false; errors: Record<string, string>; status: number }> {
  const input = await checkForm(
    RecordPaymentBody,
    JSON.parse(
      JSON.stringify({
        amount: numberField(form.amount) ?? '',
        method: form.method ?? '',
        received_on: text(form, 'received_on'),
        reference: text(form, 'reference'),
      }),
    ),
  );
  if (!input.ok) return { ok: false, errors: input.errors, status: 400 };
  const result = await attempt(() => recordBookingPayment(ctx, id, input.value, hostOf(request)));
  return result.ok ? { ok: true } : result;
}

/** Undoes a recorded payment for the booking page. */
export async function undoPaymentFrom(ctx: AppContext, request: FastifyRequest, id: number, paymentId: number) {
  return attempt(() => undoBookingPayment(ctx, id, paymentId, hostOf(request)));
}

/** Bookings by hand and edits in the console. */
export const bookingDeskPages: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES['new-booking'].path, sessionRoute('bookings.write', { querystring: NewQuery }), (request, reply) =>
    newBookingPage(ctx, request, reply, request.query),
  );

  // "Show the price": the form as typed (the guest's details and the note too) comes back with the
  // quote. A POST, so that none of it is in an address, the browser's history or a log line.
  app.post('/bookings/new/quote', sessionRoute('bookings.write', { body: NewForm }), (request, reply) =>
    newBookingPage(ctx, request, reply, request.body),
  );

  app.post('/bookings/new', sessionRoute('bookings.write', { body: NewForm }), async (request, reply) => {
    const form = request.body;
    const input = await checkForm(CreateHostBookingBody, newBookingInput(form));
    if (!input.ok) return newBookingPage(ctx, request, reply, form, input.errors, 400);
    const result = await attempt(() => createBookingByHand(ctx, input.value, hostOf(request)));
    if (!result.ok) return newBookingPage(ctx, request, reply, form, result.errors, result.status);
    return seeOther(reply, `/admin/bookings/${result.value}?done=created`);
  });

  // The calendar's selected range (its block form's fields), carried to a new booking's form.
  app.post('/bookings/new/from-range', sessionRoute('bookings.write', { body: RangeForm }), (request, reply) => {
    const { accommodation, from, to } = request.body;
    const query = new URLSearchParams();
    if (accommodation !== undefined) query.set('accommodation_id', accommodation);
    if (from !== undefined) query.set('checkin_date', from);
    if (to !== undefined) query.set('checkout_date', to);
    return seeOther(reply, `/admin/bookings/new?${query.toString()}`);
  });

  app.get(PAGES['edit-booking'].path, sessionRoute('bookings.write', { params: IdParams }), async (request, reply) => {
    const b = await bookingOr404(ctx, toId(request.params.id));
    return editPage(ctx, request, reply, b, editFormValues(b));
  });

  app.post(
    '/bookings/:id/edit',
    sessionRoute('bookings.write', { params: IdParams, body: EditForm }),
    async (request, reply) => {
      const b = await bookingOr404(ctx, toId(request.params.id));
      const form = request.body;
      const input = await checkForm(EditBookingBody, editInput(form, b));
      if (!input.ok) return editPage(ctx, request, reply, b, form, input.errors, 400);
      const result = await attempt(() => editBooking(ctx, b.id, input.value, hostOf(request)));
      if (!result.ok) return editPage(ctx, request, reply, b, form, result.errors, result.status);
      return seeOther(reply, `/admin/bookings/${b.id}?done=edited`);
    },
  );
};
