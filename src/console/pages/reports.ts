import { Type } from 'typebox';
import type { FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { DateString } from '../../http/admin-params.ts';
import { IdString, toId } from '../../http/ids.ts';
import { readOccupancyReport } from '../../reports/read-occupancy-report.ts';
import { figuresOf, fixedNumber, type Figures, type Fixed } from '../../reports/report-figures.ts';
import { decimalsOf } from '../../reports/report-json.ts';
import { GROUPINGS, type Grouping, type Period } from '../../reports/report-periods.ts';
import { reportRange } from '../../reports/report-range.ts';
import type { OccupancyReport, PeriodTally } from '../../reports/occupancy-report.ts';
import { todayIn } from '../../shared/dates.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { roundDiv } from '../../shared/money.ts';
import { barChart } from '../bar-chart.ts';
import { PAGES } from '../console-pages.ts';
import { fmt, sendPage } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { stackTable } from '../layout.ts';

const ReportsQuery = Type.Object({
  from: Type.Optional(DateString),
  to: Type.Optional(DateString),
  group: Type.Optional(Type.Enum(GROUPINGS)),
  accommodation: Type.Optional(IdString),
  format: Type.Optional(Type.Literal('csv')),
});

/** How the page writes figures: the browser's locale, money in each currency. */
interface Writer {
  f: Formatter;
  percent: Intl.NumberFormat;
  number: Intl.NumberFormat;
  month: Intl.DateTimeFormat;
}

function writer(f: Formatter): Writer {
  return {
    f,
    percent: new Intl.NumberFormat(f.locale, { style: 'percent', maximumFractionDigits: 1 }),
    number: new Intl.NumberFormat(f.locale, { maximumFractionDigits: 2 }),
    month: new Intl.DateTimeFormat(f.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
}

/** A per-night amount (2 decimals of the major unit) in the currency's minor units, for f.money. */
function perNightMinor(fixed: Fixed, currency: string): number {
  const decimals = decimalsOf(currency);
  const shift = decimals - fixed.decimals;
  return shift >= 0 ? fixed.value * 10 ** shift : Number(roundDiv(BigInt(fixed.value), 10n ** BigInt(-shift)));
}

const money = (w: Writer, fixed: Fixed, currency: string) => w.f.money(fixed.value, currency);
const perNight = (w: Writer, fixed: Fixed, currency: string) => w.f.money(perNightMinor(fixed, currency), currency);
const rate = (w: Writer, fixed: Fixed) => w.percent.format(fixedNumber(fixed));
/** An average, or a dash when nothing was there to average. */
const average = (w: Writer, fixed: Fixed, count: number) => (count === 0 ? '—' : w.number.format(fixedNumber(fixed)));

function periodLabel(w: Writer, period: Period): string {
  return period.key.length === 4 ? period.key : w.month.format(new Date(`${period.key}-01T00:00:00Z`));
}

/** The charts of one currency's periods, and their numbers as a table beside them. */
function periodSection(w: Writer, currency: string, periods: readonly PeriodTally[], group: Grouping): Html {
  const rows = periods.map((p) => ({ period: p.period, figures: figuresOf(p.tally, decimalsOf(currency)) }));
  const by = group === 'month' ? 'month' : 'year';
  const id = `chart-${currency.toLowerCase()}`;
  const occupancy = barChart(
    `${id}-occupancy`,
    `Occupancy by ${by}, ${currency}`,
    rows.map((r) => ({
      label: periodLabel(w, r.period),
      value: fixedNumber(r.figures.occupancy_rate),
      text: rate(w, r.figures.occupancy_rate),
    })),
    1,
  );
  const revenue = barChart(
    `${id}-revenue`,
    `Revenue by ${by}, ${currency}`,
    rows.map((r) => ({
      label: periodLabel(w, r.period),
      value: r.figures.revenue.value,
      text: money(w, r.figures.revenue, currency),
    })),
  );
  const headers = [
    'Occupancy',
    'Revenue',
    'Nights booked',
    'Nights imported',
    'ADR',
    'RevPAR',
    'Bookings',
    'Cancellations',
  ];
  const columnHeads = headers.map((h) => html`<th scope="col">${h}</th>`);
  const line = (r: (typeof rows)[number]) => html`<tr><th scope="row">${periodLabel(w, r.period)}</th>
<td>${rate(w, r.figures.occupancy_rate)}</td><td>${money(w, r.figures.revenue, currency)}</td>
<td>${r.figures.nights_booked}</td><td>${r.figures.nights_imported}</td>
<td>${perNight(w, r.figures.adr, currency)}</td><td>${perNight(w, r.figures.revpar, currency)}</td>
<td>${r.figures.bookings}</td><td>${r.figures.cancellations}</td></tr>\n`;
  // A table that scrolls sideways on a phone rather than stacking a dozen rows into a long list.
  const table = html`<div class="report-table" tabindex="0" role="region" aria-label="${currency} by ${by}, as numbers">
<table><thead><tr><th scope="col">${group === 'month' ? 'Month' : 'Year'}</th>${columnHeads}</tr></thead>
<tbody>${rows.map(line)}</tbody></table></div>`;
  return html`<h2 id="${id}">${currency} by ${by}</h2>
<div class="report-charts">
<figure class="charts">${occupancy}${revenue}</figure>
${table}
</div>`;
}

function sourcesTable(f: Figures): Html {
  if (f.sources.length === 0) return html`<p class="muted">No bookings arrive in this range.</p>`;
  return stackTable(['Source', 'Bookings', 'Cancellations'], f.sources, (s) => [s.source, s.bookings, s.cancellations]);
}

function totalsTable(w: Writer, report: OccupancyReport): Html {
  const rows = report.totals.map((t) => ({ ...t, figures: figuresOf(t.tally, decimalsOf(t.currency)) }));
  return stackTable(
    [
      'Currency',
      { header: 'Nights available', label: 'Available' },
      { header: 'Nights booked', label: 'Booked' },
      { header: 'Nights imported', label: 'Imported' },
      'Occupancy',
      'Revenue',
      'ADR',
      'RevPAR',
      'Bookings',
      'Cancellations',
      { header: 'Average lead time (days)', label: 'Lead time (days)' },
      { header: 'Average stay (nights)', label: 'Stay (nights)' },
    ],
    rows,
    (t) => [
      t.currency,
      t.figures.nights_available,
      t.figures.nights_booked,
      t.figures.nights_imported,
      rate(w, t.figures.occupancy_rate),
      money(w, t.figures.revenue, t.currency),
      perNight(w, t.figures.adr, t.currency),
      perNight(w, t.figures.revpar, t.currency),
      t.figures.bookings,
      t.figures.cancellations,
      average(w, t.figures.avg_lead_time_days, t.tally.leadTimeCount),
      average(w, t.figures.avg_length_of_stay, t.tally.stayCount),
    ],
  );
}

function accommodationsTable(w: Writer, report: OccupancyReport): Html {
  const rows = report.accommodations.map((a) => ({
    ...a,
    figures: figuresOf(a.tally, decimalsOf(a.accommodation.currency)),
  }));
  return stackTable(
    [
      'Accommodation',
      { header: 'Nights available', label: 'Available' },
      { header: 'Nights blocked', label: 'Blocked' },
      { header: 'Nights booked', label: 'Booked' },
      { header: 'Nights imported', label: 'Imported' },
      'Occupancy',
      'Revenue',
      'ADR',
      'RevPAR',
      'Bookings',
      'Cancellations',
    ],
    rows,
    (r) => {
      const currency = r.accommodation.currency;
      return [
        html`<a href="/admin/accommodations/${r.accommodation.id}">${r.accommodation.name}</a>`,
        r.figures.nights_available,
        r.figures.nights_blocked,
        r.figures.nights_booked,
        r.figures.nights_imported,
        rate(w, r.figures.occupancy_rate),
        money(w, r.figures.revenue, currency),
        perNight(w, r.figures.adr, currency),
        perNight(w, r.figures.revpar, currency),
        r.figures.bookings,
        r.figures.cancellations,
      ];
    },
  );
}

function filterForm(
  q: { from: string; to: string; group: Grouping; accommodation: string },
  homes: readonly { id: number; name: string }[],
): Html {
  const groups = GROUPINGS.map(
    (g) =>
      html`<option${attributes({ value: g, selected: g === q.group })}>${g === 'month' ? 'Month' : 'Year'}</option>`,
  );
  const options = homes.map(
    (a) => html`<option${attributes({ value: a.id, selected: String(a.id) === q.accommodation })}>${a.name}</option>`,
  );
  return html`<form method="get" action="/admin/reports" class="row">
<div class="field"><label for="f-from">Nights from</label>
<input${attributes({ id: 'f-from', name: 'from', type: 'date', value: q.from, required: true })}></div>
<div class="field"><label for="f-to">Nights before</label>
<input${attributes({ id: 'f-to', name: 'to', type: 'date', value: q.to, required: true })}></div>
<div class="field"><label for="f-group">By</label>
<select id="f-group" name="group">${groups}</select></div>
<div class="field"><label for="f-accommodation">Accommodation</label>
<select id="f-accommodation" name="accommodation"><option value="">All</option>${options}</select></div>
<button type="submit">Show</button></form>`;
}

function reportBody(w: Writer, report: OccupancyReport, group: Grouping): Html {
  if (report.accommodations.length === 0) return html`<p>No accommodations yet.</p>`;
  const currencies = report.totals.map((t) => {
    const figures = figuresOf(t.tally, decimalsOf(t.currency));
    return html`${periodSection(w, t.currency, t.periods, group)}
<h3>Bookings and cancellations by source, ${t.currency}</h3>
${sourcesTable(figures)}`;
  });
  return html`<h2>Totals per currency</h2>
${totalsTable(w, report)}
${currencies}
<h2>Accommodations</h2>
${accommodationsTable(w, report)}
<p class="muted">Nights are counted from the first night up to, not including, the last date. Revenue is each
booking's total spread evenly over its nights; bookings and cancellations are counted by their arrival date;
imported stays are the nights channels' calendars hold.</p>`;
}

/** GET /admin/reports: occupancy and revenue of a range by month or year, as charts and tables, or as CSV. */
export const reportsPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.reports.path, sessionRoute('reports.read', { querystring: ReportsQuery }), async (request, reply) => {
    const q = request.query;
    // Archived ones too: their past nights and revenue are still reported.
    const homes = await listAccommodations(ctx.db, { archived: true });
    // This year where the homes are: their time zone when they share one, else UTC (as Today).
    const zones = new Set(homes.map((a) => a.timezone));
    const year = Number(todayIn(zones.size === 1 ? ([...zones][0] ?? 'UTC') : 'UTC', ctx.now()).slice(0, 4));
    const from = q.from ?? `${year}-01-01`;
    const to = q.to ?? `${year + 1}-01-01`;
    const group = q.group ?? 'month';
    const report = await readOccupancyReport(ctx.db, {
      ...reportRange(from, to),
      group,
      ...(q.accommodation === undefined ? {} : { accommodationId: toId(q.accommodation) }),
    });
    if (q.format === 'csv') {
      const { reportCsv, reportFileName } = await import('../../reports/report-csv.ts');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
        .send(reportCsv(report));
    }
    const chosen = { from, to, group, accommodation: q.accommodation ?? '' };
    const csv = new URLSearchParams({ ...chosen, format: 'csv' });
    if (chosen.accommodation === '') csv.delete('accommodation');
    const body = html`${filterForm(chosen, homes)}
<p><a class="button secondary" href="/admin/reports?${csv.toString()}" download>Download as CSV</a></p>
${reportBody(writer(fmt(request)), report, group)}`;
    return sendPage(request, reply, 'Reports', 'reports', body);
  });
};
