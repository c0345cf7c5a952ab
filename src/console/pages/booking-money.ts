import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { readCancellationPolicy } from '../../accommodations/money-rules.ts';
import { findAccommodation } from '../../accommodations/accommodation-repository.ts';
import { DepositBody, moveDeposit, RefundBody, refundBooking } from '../../admin/booking-desk.ts';
import { listRefunds, type BookingRow } from '../../admin/booking-queries.ts';
import type { BookingActor } from '../../bookings/booking-lifecycle.ts';
import { isDraft } from '../../bookings/booking-transitions.ts';
import { toId } from '../../http/ids.ts';
import { cancellationFee } from '../../pricing/cancellation-fee.ts';
import { bookingSchedule } from '../../pricing/payment-schedule.ts';
import { paymentSummary } from '../../pricing/payment-summary.ts';
import { compareDates, diffDays, todayIn } from '../../shared/dates.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { attempt, fmt, session, type FormBody } from '../console-request.ts';
import { IdParams, sessionRoute, Text } from '../console-schemas.ts';
import { redirectWith } from '../flash.ts';
import type { Formatter } from '../format.ts';
import { csrfField, field, stackTable } from '../layout.ts';
import { checkForm, numberField } from '../schema-errors.ts';

/**
 * The money of a booking beyond its payments, on the booking's page (docs/money.md): when the
 * price falls due (the schedule of its payment terms), the cancellation fee once cancelled, the
 * damage deposit with its actions, and refunds with their form; and the fee the cancel step
 * offers to waive. Each form is read into the admin API's body and handed to the same code
 * (src/admin/booking-desk.ts), with the signed-in user as the host acting; the answer is a
 * redirect to the booking with a notice, or with why it was refused.
 */

const DepositForm = Type.Object({ action: Text(20), amount: Text(50), reason: Text(500) });
const RefundForm = Type.Object({ amount: Text(50), method: Text(50), reason: Text(500), reduce_price: Text(10) });

const REFUND_METHODS = [
  ['bank_transfer', 'Bank transfer'],
  ['cash', 'Cash'],
  ['card', 'Card'],
  ['other', 'Other'],
] as const;

const DEPOSIT_WORDS = {
  due: 'to collect',
  held: 'held',
  returned: 'returned',
  kept: 'kept',
  partly_kept: 'partly kept',
} as const;

function hostOf(request: FastifyRequest): BookingActor {
  return { kind: 'host', consoleUserId: session(request).user.userId };
}

const text = (form: FormBody, name: string): string | undefined => {
  const value = (form[name] ?? '').trim();
  return value === '' ? undefined : value;
};

/** The schedule, with how much of each entry what was paid covers (payments cover the earliest first). */
function scheduleTable(b: BookingRow, f: Formatter, today: string): Html {
  const schedule = bookingSchedule(b);
  if (schedule.length === 0) return html``;
  let paid = paymentSummary(b).amount_paid;
  const rows = schedule.map((entry) => {
    const covered = Math.min(Math.max(paid, 0), entry.amount);
    paid -= entry.amount;
    const state =
      covered === entry.amount
        ? 'paid'
        : compareDates(entry.due_on, today) < 0
          ? 'overdue'
          : compareDates(entry.due_on, today) === 0
            ? 'due today'
            : 'to come';
    return { entry, state };
  });
  return html`<h3>Payment schedule</h3>
${stackTable(['Due on', 'Amount', 'State'], rows, (r) => [
  f.date(r.entry.due_on),
  f.money(r.entry.amount, b.currency),
  r.state,
])}`;
}

function depositForms(b: BookingRow, f: Formatter, csrf: string): Html {
  if (b.deposit_amount === null || b.deposit_state === null) return html``;
  const money = (minor: number) => f.money(minor, b.currency);
  const amount = money(b.deposit_amount);
  const summary =
    b.deposit_state === 'kept' || b.deposit_state === 'partly_kept'
      ? `${amount}, ${money(b.deposit_kept)} kept`
      : `${amount}, ${DEPOSIT_WORDS[b.deposit_state]}`;
  const action = `/admin/bookings/${b.id}/deposit`;
  const forms =
    b.deposit_state === 'due'
      ? html`<form method="post" action="${action}" class="row">${csrfField(csrf)}
<input type="hidden" name="action" value="collect">
${field(
  `Deposit taken (${b.currency})`,
  'amount',
  {},
  {
    type: 'number',
    step: 'any',
    idPrefix: 'collect',
    hint: 'empty: the amount asked',
  },
)}
<button type="submit">Collect the deposit</button></form>`
      : b.deposit_state === 'held'
        ? html`<form method="post" action="${action}">${csrfField(csrf)}
<input type="hidden" name="action" value="return">
<button type="submit">Return the whole deposit (${amount})</button></form>
<form method="post" action="${action}" class="row">${csrfField(csrf)}
<input type="hidden" name="action" value="keep">
${field(
  `Deposit kept (${b.currency})`,
  'amount',
  {},
  {
    type: 'number',
    step: 'any',
    idPrefix: 'keep',
    hint: 'empty: all of it; the rest is returned',
  },
)}
${field('Why it is kept', 'reason', {}, { idPrefix: 'keep', required: true })}
<button type="submit" class="secondary">Keep the deposit</button></form>`
        : html``;
  return html`<h3>Damage deposit</h3>
<p>${summary} <span class="muted">(not part of the price)</span></p>
${forms}`;
}

async function refunds(ctx: AppContext, b: BookingRow, f: Formatter, csrf: string): Promise<Html> {
  const list = await listRefunds(ctx.db, b.id);
  const table = stackTable(['Given back', 'Amount', 'Method', 'Effect', 'Reason'], list, (r) => [
    f.instant(r.created_at, b.timezone),
    f.money(r.amount, b.currency),
    REFUND_METHODS.find(([v]) => v === r.method)?.[1] ?? r.method,
    r.effect === 'price_reduced' ? 'price lowered' : 'money returned',
    r.reason ?? '—',
  ]);
  const lower =
    b.status === 'cancelled'
      ? html``
      : html`<div class="field"><label><input${attributes({
          type: 'checkbox',
          name: 'reduce_price',
        })}> Lower the price by this amount (a credit note; a paid booking stays paid)</label></div>`;
  const methods = REFUND_METHODS.map(([v, l]) => html`<option value="${v}">${l}</option>`);
  return html`<h3>Refunds</h3>
${list.length === 0 ? html`<p class="muted">No refunds.</p>` : table}
<form method="post" action="/admin/bookings/${b.id}/refunds" class="row">${csrfField(csrf)}
${field(
  `Refund amount (${b.currency})`,
  'amount',
  {},
  {
    type: 'number',
    step: 'any',
    required: true,
    idPrefix: 'refund',
  },
)}
<div class="field"><label for="refund-method">Refund method</label>
<select id="refund-method" name="method">${methods}</select></div>
${field('Refund reason', 'reason', {}, { idPrefix: 'refund', hint: 'optional' })}
${lower}
<button type="submit" class="secondary">Give money back</button></form>`;
}

/** The booking page's money section: schedule, cancellation fee, deposit, refunds. */
export async function bookingMoneySection(ctx: AppContext, request: FastifyRequest, b: BookingRow): Promise<Html> {
  const f = fmt(request);
  const csrf = session(request).csrf;
  const owed = html`<span class="muted">(what the cancelled booking owes; paid beyond it is owed back)</span>`;
  const fee =
    b.cancellation_fee === null
      ? html``
      : html`<p>Cancellation fee: <strong>${f.money(b.cancellation_fee, b.currency)}</strong> ${owed}</p>`;
  return html`<section id="money" aria-label="Schedule, deposit and refunds">
${fee}
${scheduleTable(b, f, todayIn(b.timezone, ctx.now()))}
${depositForms(b, f, csrf)}
${await refunds(ctx, b, f, csrf)}
</section>`;
}

/** The cancel step's fields beyond the reason: the fee the home's policy would keep now, and waiving it. */
export async function cancelFeeFields(ctx: AppContext, b: BookingRow, f: Formatter): Promise<Html> {
  if (isDraft(b.status)) return html``;
  const home = await findAccommodation(ctx.db, b.accommodation_id);
  const daysLeft = diffDays(todayIn(b.timezone, ctx.now()), b.checkin);
  const fee = cancellationFee(readCancellationPolicy(home?.cancellation_policy ?? null), b.total, daysLeft);
  if (fee === 0) return html`<p class="muted">No cancellation fee applies.</p>`;
  const kept = f.money(fee, b.currency);
  const days = Math.max(daysLeft, 0);
  return html`<p>The cancellation policy keeps <strong>${kept}</strong> (${days} days before check-in).</p>
<div class="field"><label><input type="checkbox" name="waive_fee" value="on"> Waive the cancellation fee</label></div>`;
}

/** The deposit and refund forms of the booking page. */
export const bookingMoneyPages: FeatureRoutes = async (app, { ctx }) => {
  const back = (request: FastifyRequest, reply: FastifyReply, id: number, said: { notice?: string; error?: string }) =>
    redirectWith(request, reply, `/admin/bookings/${id}#money`, said, ctx.config.publicBaseUrl);

  app.post(
    '/bookings/:id/deposit',
    sessionRoute('payments.write', { params: IdParams, body: DepositForm }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const form = request.body;
      const input = await checkForm(
        DepositBody,
        JSON.parse(
          JSON.stringify({ action: form.action ?? '', amount: numberField(form.amount), reason: text(form, 'reason') }),
        ),
      );
      if (!input.ok) return back(request, reply, id, { error: Object.values(input.errors)[0] ?? 'Not possible.' });
      const result = await attempt(() => moveDeposit(ctx, id, input.value, hostOf(request)));
      if (!result.ok) return back(request, reply, id, { error: Object.values(result.errors)[0] ?? 'Not possible.' });
      const done = { collect: 'collected', return: 'returned', keep: 'kept' }[input.value.action];
      return back(request, reply, id, { notice: `The damage deposit is ${done}.` });
    },
  );

  app.post(
    '/bookings/:id/refunds',
    sessionRoute('payments.write', { params: IdParams, body: RefundForm }),
    async (request, reply) => {
      const id = toId(request.params.id);
      const form = request.body;
      const input = await checkForm(
        RefundBody,
        JSON.parse(
          JSON.stringify({
            amount: numberField(form.amount) ?? '',
            method: form.method ?? '',
            reason: text(form, 'reason'),
            reduce_price: form.reduce_price === 'on',
          }),
        ),
      );
      if (!input.ok) return back(request, reply, id, { error: Object.values(input.errors)[0] ?? 'Not possible.' });
      const result = await attempt(() => refundBooking(ctx, id, input.value, hostOf(request)));
      if (!result.ok) return back(request, reply, id, { error: Object.values(result.errors)[0] ?? 'Not possible.' });
      return back(request, reply, id, {
        notice:
          input.value.reduce_price === true
            ? 'The refund is recorded and the price lowered.'
            : 'The refund is recorded.',
      });
    },
  );
};
