import type { FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import type { BookingWithGuest } from '../../db/booking-with-guest.ts';
import { listAlerts } from '../../ical/overbooking-alerts.ts';
import { addDays, todayIn } from '../../shared/dates.ts';
import {
  failedMails,
  failingFeeds,
  staysBetween,
  unresolvedPaymentIssues,
  waitingCardDrafts,
} from '../console-queries.ts';
import { fmt, sendPage } from '../console-request.ts';
import type { Formatter } from '../format.ts';
import { html, type Html } from '../../shared/html.ts';

function stayTable(
  caption: string,
  rows: readonly BookingWithGuest[],
  f: Formatter,
  dateOf: (b: BookingWithGuest) => string,
): Html {
  if (rows.length === 0) return html`<h2>${caption}</h2><p class="muted">None.</p>`;
  return html`<h2>${caption}</h2><table class="stack"><thead><tr><th scope="col">Date</th><th scope="col">Guest</th><th scope="col">Accommodation</th><th scope="col">Nights</th><th scope="col">Status</th></tr></thead><tbody>
${rows.map(
  (b) =>
    html`<tr><td data-label="Date">${f.date(dateOf(b))}</td><td data-label="Guest"><a href="/admin/bookings/${b.id}">${b.guest_first_name} ${b.guest_last_name}</a> <span class="muted">${b.confirmation_code}</span></td><td data-label="Accommodation">${b.accommodation_name}</td><td data-label="Nights">${b.nights}</td><td data-label="Status">${b.status}</td></tr>`,
)}</tbody></table>`;
}

/** GET /admin: who arrives and leaves this week, card drafts waiting, and what needs attention. */
export const todayPage: FeatureRoutes = async (app, { ctx }) => {
  app.get('/', { config: { auth: 'session' }, schema: { hide: true } }, async (request, reply) => {
    const f = fmt(request);
    const accommodations = await listAccommodations(ctx.db);
    // "Today" where the homes are: their time zone when they share one, else UTC (said on the page).
    const zones = new Set(accommodations.map((a) => a.timezone));
    const zone = zones.size === 1 ? ([...zones][0] ?? 'UTC') : 'UTC';
    const today = todayIn(zone, ctx.now());
    const week = addDays(today, 8);
    const [arrivals, departures, drafts, alerts, issues, mails, feeds] = await Promise.all([
      staysBetween(ctx.db, 'checkin', today, week, ctx.now()),
      staysBetween(ctx.db, 'checkout', today, week, ctx.now()),
      waitingCardDrafts(ctx.db, ctx.now()),
      listAlerts(ctx.db),
      unresolvedPaymentIssues(ctx.db),
      failedMails(ctx.db),
      failingFeeds(ctx.db),
    ]);
    const names = new Map(accommodations.map((a) => [a.id, a.name]));
    const attention = alerts.length + issues.length + mails.length + feeds.length;
    const body = html`
<p class="muted">Today is ${f.date(today)} (${zone}). Arrivals and departures cover today and the next 7 days.</p>
${stayTable('Arrivals', arrivals, f, (b) => b.checkin)}
${stayTable('Departures', departures, f, (b) => b.checkout)}
<h2>Card drafts waiting for payment</h2>
${
  drafts.length === 0
    ? html`<p class="muted">None.</p>`
    : html`<table class="stack"><thead><tr><th scope="col">Booking</th><th scope="col">Stay</th><th scope="col">Total</th><th scope="col">Hold ends</th></tr></thead><tbody>${drafts.map(
        (b) =>
          html`<tr><td data-label="Booking"><a href="/admin/bookings/${b.id}">${b.confirmation_code}</a> ${b.guest_first_name} ${b.guest_last_name}</td><td data-label="Stay">${b.accommodation_name}, ${f.date(b.checkin)} – ${f.date(b.checkout)}</td><td data-label="Total">${f.money(b.total, b.currency)}</td><td data-label="Hold ends">${b.hold_expires_at === null ? '—' : f.instant(b.hold_expires_at)}</td></tr>`,
      )}</tbody></table>`
}
<h2>Needs attention (${attention})</h2>
${attention === 0 ? html`<p class="muted">Nothing needs attention.</p>` : ''}
${
  alerts.length === 0
    ? ''
    : html`<h3>Overbooking alerts</h3><ul>${alerts.map(
        (a) =>
          html`<li>${names.get(a.accommodation_id) ?? `#${a.accommodation_id}`}: a stay imported from “${a.imported.feed}” (${a.imported.summary}, ${f.date(a.imported.start_date)} – ${f.date(a.imported.end_date)}) overlaps ${
            a.other.booking_id === null
              ? a.other.kind === 'block'
                ? 'blocked nights'
                : `a stay from “${a.other.feed ?? 'another feed'}”`
              : html`booking <a href="/admin/bookings/${a.other.booking_id}">${a.other.confirmation_code ?? a.other.booking_id}</a>`
          } on ${a.nights} night(s) from ${f.date(a.first_night)}.</li>`,
      )}</ul>`
}
${
  issues.length === 0
    ? ''
    : html`<h3>Payment issues</h3><ul>${issues.map(
        (i) =>
          html`<li>${i.kind}: ${i.detail}${i.booking_id === null ? '' : html` (<a href="/admin/bookings/${i.booking_id}">booking</a>)`} <span class="muted">${f.instant(i.created_at)}</span></li>`,
      )}</ul>`
}
${
  mails.length === 0
    ? ''
    : html`<h3>Mails that failed</h3><ul>${mails.map((m) => html`<li>“${m.subject}” to ${m.recipient}: ${m.last_error ?? 'no error recorded'} (<a href="/admin/outbox">outbox</a>)</li>`)}</ul>`
}
${
  feeds.length === 0
    ? ''
    : html`<h3>iCal feeds that fail</h3><ul>${feeds.map(
        (c) =>
          html`<li><a href="/admin/accommodations/${c.accommodation_id}">${c.accommodation_name}</a>, feed “${c.name}”: ${c.last_error ?? 'failed'} (${c.consecutive_failures} time(s) in a row)</li>`,
      )}</ul>`
}`;
    return sendPage(request, reply, 'Today', 'today', body);
  });
};
