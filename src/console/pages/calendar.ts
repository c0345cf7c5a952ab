import type { FastifyReply, FastifyRequest } from 'fastify';
import { idFromText } from '../../http/ids.ts';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { nightRange } from '../../accommodations/night-range.ts';
import { setPrices } from '../../accommodations/nightly-prices.ts';
import { blockNights } from '../../blocks/block-nights.ts';
import { badRequest } from '../../http/errors.ts';
import { currentYearMonthIn } from '../../shared/dates.ts';
import { loadMonthGrid, type GridRow } from '../calendar-grid.ts';
import { attempt, fmt, formOf, seeOther, sendPage, session, type FormBody } from '../console-request.ts';
import type { Formatter } from '../format.ts';
import { html, type Html } from '../html.ts';
import { csrfField, field, fieldError, notice } from '../layout.ts';

const NOTICES: Record<string, string> = {
  blocked: 'The nights are blocked.',
  priced: 'The price of the nights is set.',
};

function parseMonth(raw: unknown, fallback: { year: number; month: number }): { year: number; month: number } {
  const m = typeof raw === 'string' ? /^(\d{4})-(\d{2})$/.exec(raw) : null;
  if (m === null) return fallback;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return year >= 2000 && year <= 2100 && month >= 1 && month <= 12 ? { year, month } : fallback;
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
function shift(year: number, month: number, by: number): string {
  const index = year * 12 + (month - 1) + by;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

function rowCells(row: GridRow, f: Formatter): Html {
  const currency = row.accommodation.currency;
  return html`${row.nights.map(({ night, price, use }) => {
    const priceText = html`<span class="price">${f.money(price, currency)}</span>`;
    switch (use.kind) {
      case 'free':
        return html`<td data-night="${night}">${priceText}</td>`;
      case 'booking': {
        const cls = `bar c${Math.abs(use.colorIndex) % 10}${use.draft ? ' draft' : ''}`;
        const label = `${use.guest} (${use.code}, ${use.status})`;
        return html`<td>${use.first ? html`<a class="${cls}" href="/admin/bookings/${use.bookingId}" title="${label}">${use.guest}${use.draft ? ' (draft)' : ''}</a>` : html`<span class="${cls}" aria-hidden="true"></span>`}${priceText}</td>`;
      }
      case 'block':
        return html`<td><span class="mark" title="Blocked${use.reason === null ? '' : `: ${use.reason}`}">${use.first ? `Blocked${use.reason === null ? '' : `: ${use.reason}`}` : ''}</span>${priceText}</td>`;
      case 'external':
        return html`<td><span class="mark" title="${use.feed}: ${use.summary}">${use.first ? `${use.feed}: ${use.summary}` : ''}</span>${priceText}</td>`;
    }
  })}`;
}

interface Forms {
  block: { values: FormBody; errors: Record<string, string> };
  price: { values: FormBody; errors: Record<string, string> };
}

const EMPTY: Forms = { block: { values: {}, errors: {} }, price: { values: {}, errors: {} } };

async function calendarView(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  forms: Forms = EMPTY,
  status = 200,
): Promise<FastifyReply> {
  const f = fmt(request);
  const q = request.query as Record<string, string | undefined>;
  const { year, month } = parseMonth(
    q.month ?? forms.block.values.month ?? forms.price.values.month,
    currentYearMonthIn('UTC', ctx.now()),
  );
  const grid = await loadMonthGrid(ctx.db, year, month, ctx.now());
  const csrf = session(request).csrf;
  const title = new Intl.DateTimeFormat(f.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  const accSelect = (prefix: string, values: FormBody, errors: Record<string, string>) =>
    html`<div class="field"><label for="${prefix}-acc">Accommodation</label><select id="${prefix}-acc" name="accommodation" required>${grid.rows.map(
      (r) =>
        html`<option value="${r.accommodation.id}"${values.accommodation === String(r.accommodation.id) ? html` selected` : ''}>${r.accommodation.name}</option>`,
    )}</select>${fieldError(errors, 'id')}</div>`;
  const { block, price } = forms;
  const body = html`
${notice(q.done === undefined ? null : (NOTICES[q.done] ?? null))}
<nav aria-label="Months" class="row"><a href="/admin/calendar?month=${shift(year, month, -1)}">← Previous month</a> <strong>${title}</strong> <a href="/admin/calendar?month=${shift(year, month, 1)}">Next month →</a></nav>
<p class="muted">Bars are bookings (hatched: a card draft waiting for payment); grey stripes are blocked nights and stays imported from other channels. Each night shows its price.</p>
<div class="cal-wrap" tabindex="0" role="region" aria-label="Calendar of ${title}">
<table class="cal"><thead><tr><th scope="col" class="acc">Accommodation</th>${grid.nights.map((n) => html`<th scope="col">${f.date(n).replace(/,? \d{4}$/, '')}</th>`)}</tr></thead>
<tbody>${grid.rows.map((r) => html`<tr data-accommodation="${r.accommodation.id}"><th scope="row" class="acc"><a href="/admin/accommodations/${r.accommodation.id}">${r.accommodation.name}</a></th>${rowCells(r, f)}</tr>`)}</tbody></table>
</div>
${
  grid.rows.length === 0
    ? html`<p>No accommodations yet. <a href="/admin/accommodations/new">Create one</a>.</p>`
    : html`<div class="forms">
<form method="post" action="/admin/calendar/block" aria-labelledby="h-block"><h2 id="h-block">Block nights</h2>${csrfField(csrf)}<input type="hidden" name="month" value="${monthKey(year, month)}">
${fieldError(block.errors, '_form')}${accSelect('b', block.values, block.errors)}
${field('First night', 'from', block.errors, { idPrefix: 'block', type: 'date', value: block.values.from ?? null, required: true })}
${field('Until (the night after the last)', 'to', block.errors, { idPrefix: 'block', type: 'date', value: block.values.to ?? null, required: true })}
${field('Reason', 'reason', block.errors, { idPrefix: 'block', value: block.values.reason ?? null })}
<button type="submit">Block these nights</button></form>
<form method="post" action="/admin/calendar/price" aria-labelledby="h-price"><h2 id="h-price">Set the price of nights</h2>${csrfField(csrf)}<input type="hidden" name="month" value="${monthKey(year, month)}">
${fieldError(price.errors, '_form')}${accSelect('p', price.values, price.errors)}
${field('First night', 'from', price.errors, { idPrefix: 'price', type: 'date', value: price.values.from ?? null, required: true })}
${field('Until (the night after the last)', 'to', price.errors, { idPrefix: 'price', type: 'date', value: price.values.to ?? null, required: true })}
${field('Price per night (empty: back to the base price)', 'price', price.errors, { idPrefix: 'price', type: 'number', step: 'any', min: '0', value: price.values.price ?? null })}
<button type="submit">Set the price</button></form>
</div>`
}`;
  return sendPage(request, reply, 'Calendar', 'calendar', body, status);
}

function accommodationOf(values: FormBody): number {
  const raw = values.accommodation ?? '';
  const id = idFromText(raw);
  if (id === 0) throw badRequest('invalid', 'Choose an accommodation.', { field: 'id' });
  return id;
}

/** Major units from a form field; empty means "no price" (back to the base price). */
export function priceOf(raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw badRequest('invalid_amount', 'The price must be a number of at least 0.', { field: 'price', received: text });
  return value;
}

/** The calendar: one row per accommodation, one column per night; block nights and set prices. */
export const calendarPage: FeatureRoutes = async (app, { ctx }) => {
  app.get('/calendar', { config: { auth: 'session' }, schema: { hide: true } }, (request, reply) =>
    calendarView(ctx, request, reply),
  );

  app.post('/calendar/block', { config: { auth: 'session' }, schema: { hide: true } }, async (request, reply) => {
    const values = formOf(request);
    const result = await attempt(async () => {
      const id = accommodationOf(values);
      const reason = (values.reason ?? '').trim().slice(0, 200);
      await blockNights(
        ctx,
        id,
        nightRange(values.from ?? '', values.to ?? ''),
        reason === '' ? null : reason,
        ctx.now(),
      );
    });
    if (!result.ok)
      return calendarView(ctx, request, reply, { ...EMPTY, block: { values, errors: result.errors } }, result.status);
    return seeOther(reply, `/admin/calendar?month=${encodeURIComponent(values.month ?? '')}&done=blocked`);
  });

  app.post('/calendar/price', { config: { auth: 'session' }, schema: { hide: true } }, async (request, reply) => {
    const values = formOf(request);
    const result = await attempt(async () => {
      const id = accommodationOf(values);
      await setPrices(ctx, id, nightRange(values.from ?? '', values.to ?? ''), priceOf(values.price));
    });
    if (!result.ok)
      return calendarView(ctx, request, reply, { ...EMPTY, price: { values, errors: result.errors } }, result.status);
    return seeOther(reply, `/admin/calendar?month=${encodeURIComponent(values.month ?? '')}&done=priced`);
  });
};
