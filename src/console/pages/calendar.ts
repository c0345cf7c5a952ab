import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { nightRange } from '../../accommodations/night-range.ts';
import { findAccommodation } from '../../accommodations/accommodation-repository.ts';
import { setPrices } from '../../accommodations/nightly-prices.ts';
import { blockNights } from '../../blocks/block-nights.ts';
import { badRequest } from '../../http/errors.ts';
import { IdString, toId } from '../../http/ids.ts';
import { currentYearMonthIn, eachDate, todayIn } from '../../shared/dates.ts';
import { listAlerts, type AlertView } from '../../ical/overbooking-alerts.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { loadMonthGrid, type GridRow, type MonthGrid } from '../calendar-grid.ts';
import { PAGES } from '../console-pages.ts';
import { attempt, fmt, seeOther, sendPage, session } from '../console-request.ts';
import { notices, sessionRoute, YearMonth, yearMonthOf } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { csrfField, errorSummary, fieldError, notice } from '../layout.ts';
import { forHost, type Labels } from '../schema-errors.ts';
import {
  BlockForm,
  blockRequest,
  PriceForm,
  priceField,
  priceRequest,
  priceWarning,
  rangeFields,
  reasonField,
  type SentForm,
} from '../night-forms.ts';

const NOTICES = notices({
  blocked: 'The nights are blocked.',
  priced: 'The price of the nights is set.',
});

const CalendarQuery = Type.Object({ month: Type.Optional(YearMonth), done: NOTICES.query });
/** Both forms name the accommodation and carry the month shown, to come back to it. */
const onCalendar = { accommodation: Type.Optional(IdString), month: Type.Optional(YearMonth) };
const CalendarBlockForm = Type.Object({ ...BlockForm.properties, ...onCalendar });
const CalendarPriceForm = Type.Object({ ...PriceForm.properties, ...onCalendar });

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
function shift(year: number, month: number, by: number): string {
  const index = year * 12 + (month - 1) + by;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

function bookingCell(use: Extract<GridRow['nights'][number]['use'], { kind: 'booking' }>): Html {
  const cls = `bar c${Math.abs(use.colorIndex) % 10}${use.draft ? ' draft' : ''}`;
  if (!use.first) return html`<span class="${cls}" aria-hidden="true"></span>`;
  const title = `${use.guest} (${use.code}, ${use.status})`;
  const link = attributes({ class: cls, href: `/admin/bookings/${use.bookingId}`, title });
  return html`<a${link}>${use.guest}${use.draft ? ' (draft)' : ''}</a>`;
}

/** A night held by something else than a booking: a stripe, labelled on its first night. */
function markCell(label: string, first: boolean): Html {
  return html`<span class="mark" title="${label}">${first ? label : ''}</span>`;
}

/** Nights an imported stay also wants while something else holds them, by `accommodation|night`. */
type Overbooked = ReadonlyMap<string, string>;

function overbookedNights(alerts: readonly AlertView[], grid: MonthGrid): Overbooked {
  const held = new Set(
    grid.rows.flatMap((r) =>
      r.nights.filter((n) => n.use.kind !== 'free').map((n) => `${r.accommodation.id}|${n.night}`),
    ),
  );
  const out = new Map<string, string>();
  for (const a of alerts) {
    const from = a.imported.start_date < grid.from ? grid.from : a.imported.start_date;
    const to = a.imported.end_date > grid.to ? grid.to : a.imported.end_date;
    if (from >= to) continue;
    for (const night of eachDate(from, to)) {
      const key = `${a.accommodation_id}|${night}`;
      if (held.has(key)) out.set(key, `Overbooked: “${a.imported.feed}” also has ${a.imported.summary} on this night`);
    }
  }
  return out;
}

function rowCells(row: GridRow, f: Formatter, today: string, overbooked: Overbooked): Html {
  const currency = row.accommodation.currency;
  return html`${row.nights.map(({ night, price, use }) => {
    const priceText = html`<span class="price">${f.money(price, currency)}</span>`;
    const over = overbooked.get(`${row.accommodation.id}|${night}`);
    const cls = [night === today ? 'today' : '', over === undefined ? '' : 'overbooked'].filter((c) => c !== '');
    const td = attributes({ class: cls.length === 0 ? undefined : cls.join(' '), title: over });
    const flag = over === undefined ? '' : html`<span class="flag">Overbooked</span>`;
    switch (use.kind) {
      case 'free':
        return html`<td${td} data-night="${night}">${priceText}</td>`;
      case 'booking':
        return html`<td${td}>${bookingCell(use)}${flag}${priceText}</td>`;
      case 'block': {
        const label = `Blocked${use.reason === null ? '' : `: ${use.reason}`}`;
        return html`<td${td}>${markCell(label, use.first)}${flag}${priceText}</td>`;
      }
      case 'external':
        return html`<td${td}>${markCell(`${use.feed}: ${use.summary}`, use.first)}${flag}${priceText}</td>`;
    }
  })}`;
}

function monthTable(grid: MonthGrid, title: string, f: Formatter, today: string, overbooked: Overbooked): Html {
  const days = grid.nights.map((n) => {
    const label = f.date(n).replace(/,? \d{4}$/, '');
    return n === today
      ? html`<th scope="col" id="today" class="today" aria-current="date">${label}<br>Today</th>`
      : html`<th scope="col">${label}</th>`;
  });
  const rows = grid.rows.map((r) => {
    const home = html`<a href="/admin/accommodations/${r.accommodation.id}">${r.accommodation.name}</a>`;
    return html`<tr data-accommodation="${r.accommodation.id}">
<th scope="row" class="acc">${home}</th>${rowCells(r, f, today, overbooked)}</tr>`;
  });
  return html`<div class="cal-wrap" tabindex="0" role="region" aria-label="Calendar of ${title}">
<table class="cal"><thead><tr><th scope="col" class="acc">Accommodation</th>${days}</tr></thead>
<tbody>${rows}</tbody></table>
</div>`;
}

interface Shown {
  /** The month shown; the current one when none is given. */
  month?: string | undefined;
  notice?: string | null;
  /** A form sent again with its errors. */
  block?: SentForm;
  price?: SentForm;
  status?: number;
}

const NO_FORM: SentForm = { values: {}, errors: {} };
/** The labels of the two forms' fields, in their error summaries and in messages for the API's names. */
const RANGE_LABELS = { id: 'Accommodation', from: 'First night', to: 'Until (the night after the last)' };
const BLOCK_LABELS: Labels = { ...RANGE_LABELS, reason: 'Reason' };
const PRICE_LABELS: Labels = { ...RANGE_LABELS, price: 'Price per night' };

async function calendarView(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  shown: Shown,
): Promise<FastifyReply> {
  const f = fmt(request);
  const { year, month } = shown.month === undefined ? currentYearMonthIn(f.zone, ctx.now()) : yearMonthOf(shown.month);
  const [grid, alerts] = await Promise.all([loadMonthGrid(ctx.db, year, month, ctx.now()), listAlerts(ctx.db)]);
  const today = todayIn(f.zone, ctx.now());
  const overbooked = overbookedNights(alerts, grid);
  const csrf = session(request).csrf;
  const title = new Intl.DateTimeFormat(f.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  const accSelect = (prefix: string, { values, errors }: SentForm) => {
    const options = grid.rows.map(({ accommodation: a }) => {
      const selected = values.accommodation === String(a.id);
      return html`<option${attributes({ value: a.id, selected })}>${a.name}</option>`;
    });
    return html`<div class="field"><label for="${prefix}-acc">Accommodation</label>
<select id="${prefix}-acc" name="accommodation" required>${options}</select>${fieldError(errors, 'id')}</div>`;
  };
  const host = (form: SentForm, labels: Labels) => ({ ...form, errors: forHost(form.errors, labels) });
  const block = host(shown.block ?? NO_FORM, BLOCK_LABELS);
  const price = host(shown.price ?? NO_FORM, PRICE_LABELS);
  const ids = (prefix: string, acc: string) => (name: string) => (name === 'id' ? acc : `${prefix}-${name}`);
  const monthField = html`<input type="hidden" name="month" value="${monthKey(year, month)}">`;
  const forms = html`<div class="forms">
<form method="post" action="/admin/calendar/block" aria-labelledby="h-block">
<h2 id="h-block">Block nights</h2>${csrfField(csrf)}${monthField}
${errorSummary(block.errors, BLOCK_LABELS, {
  idOf: ids('block', 'b-acc'),
})}${accSelect('b', block)}${rangeFields('block', block)}
${reasonField(block)}
<button type="submit">Block these nights</button>
<button type="submit" class="secondary" formaction="/admin/bookings/new/from-range" formnovalidate>New booking for these
nights</button></form>
<form method="post" action="/admin/calendar/price" aria-labelledby="h-price">
<h2 id="h-price">Set the price of nights</h2>${csrfField(csrf)}${monthField}
${errorSummary(price.errors, PRICE_LABELS, {
  idOf: ids('price', 'p-acc'),
})}${accSelect('p', price)}${rangeFields('price', price)}
${priceField('Price per night (empty: back to the base price)', price)}
<button type="submit">Set the price</button></form>
</div>`;
  const noAccommodations = html`<p>No accommodations yet. <a href="/admin/accommodations/new">Create one</a>.</p>`;
  const body = html`
${notice(shown.notice ?? null)}
<nav aria-label="Months" class="row">
<a href="/admin/calendar?month=${shift(year, month, -1)}">← Previous month</a> <strong>${title}</strong>
<a href="/admin/calendar?month=${shift(year, month, 1)}">Next month →</a>
<a href="/admin/calendar#today">Today</a></nav>
<p class="muted">Bars are bookings (hatched: a card draft waiting for payment); grey stripes are blocked nights and
stays imported from other channels; a red frame marks a night that is overbooked. Each night shows its price.</p>
${
  overbooked.size === 0
    ? ''
    : html`<p class="error">${overbooked.size} night(s) this month are overbooked: see Today.</p>`
}
${monthTable(grid, title, f, today, overbooked)}
${grid.rows.length === 0 ? noAccommodations : forms}`;
  return sendPage(request, reply, 'Calendar', 'calendar', body, shown.status ?? 200);
}

function accommodationOf(values: { accommodation?: string | undefined }): number {
  const id = toId(values.accommodation ?? '');
  if (id === 0) throw badRequest('invalid', 'Choose an accommodation.', { field: 'id' });
  return id;
}

/** Back to the month the form was sent from, with what was done. */
const backTo = (month: string | undefined, done: 'blocked' | 'priced') =>
  month === undefined ? `/admin/calendar?done=${done}` : `/admin/calendar?month=${month}&done=${done}`;

/** The calendar: one row per accommodation, one column per night; block nights and set prices. */
export const calendarPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.calendar.path, sessionRoute('calendar', { querystring: CalendarQuery }), (request, reply) =>
    calendarView(ctx, request, reply, { month: request.query.month, notice: NOTICES.text(request.query.done) }),
  );

  app.post('/calendar/block', sessionRoute('calendar', { body: CalendarBlockForm }), async (request, reply) => {
    const values = request.body;
    const form = await blockRequest(values);
    if (!form.ok)
      return calendarView(ctx, request, reply, { month: values.month, block: { values, ...form }, status: 400 });
    const { from, to, reason } = form.value;
    const result = await attempt(async () => {
      const id = accommodationOf(values);
      await blockNights(ctx, id, nightRange(from, to), reason ?? null, ctx.now());
    });
    if (!result.ok) {
      const block = { values, errors: result.errors };
      return calendarView(ctx, request, reply, { month: values.month, block, status: result.status });
    }
    return seeOther(reply, backTo(values.month, 'blocked'));
  });

  app.post('/calendar/price', sessionRoute('accommodations', { body: CalendarPriceForm }), async (request, reply) => {
    const values = request.body;
    const form = await priceRequest(values);
    if (!form.ok)
      return calendarView(ctx, request, reply, { month: values.month, price: { values, ...form }, status: 400 });
    const { from, to, price } = form.value;
    const home = await findAccommodation(ctx.db, toId(values.accommodation ?? ''));
    const warning = home === undefined ? null : priceWarning(price, home, fmt(request), values);
    if (warning !== null) {
      const prices = { values: { ...values, price_warned: 'yes' }, errors: { price: warning } };
      return calendarView(ctx, request, reply, { month: values.month, price: prices, status: 400 });
    }
    const result = await attempt(async () => {
      const id = accommodationOf(values);
      await setPrices(ctx, id, nightRange(from, to), price);
    });
    if (!result.ok) {
      const prices = { values, errors: result.errors };
      return calendarView(ctx, request, reply, { month: values.month, price: prices, status: result.status });
    }
    return seeOther(reply, backTo(values.month, 'priced'));
  });
};
