import type { FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import type { BookingWithGuest } from '../../db/booking-with-guest.ts';
import { listAlerts, type AlertView as Alert } from '../../ical/overbooking-alerts.ts';
import { paymentSummary } from '../../pricing/payment-summary.ts';
import { addDays, eachDate, todayIn } from '../../shared/dates.ts';
import { html, type Html } from '../../shared/html.ts';
import { PAGES } from '../console-pages.ts';
import {
  failedMails,
  failingFeeds,
  expiredCardDrafts,
  importedStaysBetween,
  staysBetween,
  type ImportedStayView,
  unresolvedPaymentIssues,
  waitingCardDrafts,
} from '../console-queries.ts';
import { fmt, sendPage, session } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { checkInBadge, importedBadge, stackTable, statusBadge } from '../layout.ts';
import { registrationStates } from '../../registrations/registration-repository.ts';
import type { RegistrationState } from '../../registrations/registration-state.ts';
import { stayRange } from '../stay-range.ts';
import { setupSection } from './setup.ts';
import { todayMoneySections } from './today-money.ts';
import { todayTurnovers } from './today-turnovers.ts';

const guestLink = (b: BookingWithGuest): Html =>
  html`<a href="/admin/bookings/${b.id}">${b.guest_first_name} ${b.guest_last_name}</a>`;

/** One row of Arrivals or Departures: a booking, or a stay imported from a channel. */
interface DayStay {
  date: string;
  guest: Html;
  home: string;
  nights: number;
  status: Html;
  /** Arrivals only: how far the booking's online check-in is; a channel's stay has none. */
  checkIn?: Html | string;
}

const bookingStay = (b: BookingWithGuest, date: string): DayStay => ({
  date,
  guest: html`${guestLink(b)} <span class="muted">${b.confirmation_code}</span>`,
  home: b.accommodation_name,
  nights: b.nights,
  status: statusBadge(b.status),
});

const importedStay = (s: ImportedStayView, date: string): DayStay => ({
  date,
  guest: html`<a href="/admin/accommodations/${s.accommodation_id}">${s.summary === '' ? 'Guest' : s.summary}</a>`,
  home: s.accommodation_name,
  nights: eachDate(s.start_date, s.end_date).length,
  status: importedBadge(s.feed),
});

/** An arrival with how far its check-in is. */
const arrivalStay = (b: BookingWithGuest, states: ReadonlyMap<number, RegistrationState>): DayStay => ({
  ...bookingStay(b, b.checkin),
  checkIn: checkInBadge(states.get(b.id) ?? 'missing'),
});

function stayTable(caption: string, rows: readonly DayStay[], f: Formatter, withCheckIn = false): Html {
  if (rows.length === 0) return html`<h2>${caption}</h2><p class="muted">None.</p>`;
  const sorted = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const columns = ['Date', 'Guest', 'Accommodation', 'Nights', 'Status', ...(withCheckIn ? ['Check-in'] : [])];
  return html`<h2>${caption}</h2>${stackTable(columns, sorted, (s) => [
    f.date(s.date),
    s.guest,
    s.home,
    s.nights,
    s.status,
    ...(withCheckIn ? [s.checkIn ?? '—'] : []),
  ])}`;
}

function draftTable(drafts: readonly BookingWithGuest[], f: Formatter): Html {
  if (drafts.length === 0) return html`<p class="muted">None.</p>`;
  return stackTable(['Booking', 'Stay', 'Total', 'Hold ends'], drafts, (b) => [
    html`<a href="/admin/bookings/${b.id}">${b.confirmation_code}</a> ${b.guest_first_name} ${b.guest_last_name}`,
    `${b.accommodation_name}, ${stayRange(f, b.checkin, b.checkout)}`,
    f.money(b.total, b.currency),
    b.hold_expires_at === null ? '—' : f.instant(b.hold_expires_at, b.timezone),
  ]);
}

/** Card drafts the hold expiry cancelled lately: the guest never paid, and their nights are free again. */
function expiredList(drafts: readonly BookingWithGuest[], f: Formatter): Html {
  if (drafts.length === 0) return html``;
  const item = (b: BookingWithGuest) =>
    html`<li>${guestLink(b)} <span class="muted">${b.confirmation_code}</span>, ${b.accommodation_name},
${stayRange(f, b.checkin, b.checkout)}: the card payment did not arrive in time, so the booking was cancelled
${b.hold_expired_at === null ? '' : f.instant(b.hold_expired_at, b.timezone)} and its nights are free again.</li>`;
  return html`<h3>Card drafts that expired (last 7 days)</h3><ul>${drafts.map(item)}</ul>`;
}

/** Arrivals whose booking still has money to collect (payment-summary.ts), soonest first. */
function balancesToCollect(arrivals: readonly BookingWithGuest[], f: Formatter): Html {
  const owing = arrivals.flatMap((b) => {
    const payment = paymentSummary(b);
    return payment.balance > 0 ? [{ b, payment }] : [];
  });
  const table = stackTable(['Arrival', 'Guest', 'Accommodation', 'To collect', 'Paid by'], owing, ({ b, payment }) => [
    f.date(b.checkin),
    html`${guestLink(b)} <span class="muted">${b.confirmation_code}</span>`,
    b.accommodation_name,
    html`<strong>${f.money(payment.balance, b.currency)}</strong> of ${f.money(payment.amount_due, b.currency)}`,
    b.payment_method.replace('_', ' '),
  ]);
  return html`<h2>Balances to collect on arrival</h2>${owing.length === 0 ? html`<p class="muted">None.</p>` : table}`;
}

/** What an imported stay overlaps: a booking (linked), blocked nights or another channel's stay. */
function otherSide(a: Alert): Html | string {
  if (a.other.booking_id !== null) {
    const code = a.other.confirmation_code ?? a.other.booking_id;
    return html`booking <a href="/admin/bookings/${a.other.booking_id}">${code}</a>`;
  }
  return a.other.kind === 'block' ? 'blocked nights' : `a stay from “${a.other.feed ?? 'another feed'}”`;
}

function alertList(alerts: readonly Alert[], names: ReadonlyMap<number, string>, f: Formatter): Html {
  if (alerts.length === 0) return html``;
  const item = (a: Alert) => {
    const home = names.get(a.accommodation_id) ?? `#${a.accommodation_id}`;
    const imported = `${a.imported.summary}, ${stayRange(f, a.imported.start_date, a.imported.end_date)}`;
    return html`<li>${home}: a stay imported from “${a.imported.feed}” (${imported}) overlaps ${otherSide(a)}
on ${a.nights} night(s) from ${f.date(a.first_night)}.</li>`;
  };
  return html`<h3>Overbooking alerts</h3><ul>${alerts.map(item)}</ul>`;
}

/** GET /admin: who arrives and leaves this week, card drafts waiting, and what needs attention. */
export const todayPage: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.today.path, sessionRoute('bookings.read', {}), async (request, reply) => {
    const f = fmt(request);
    const accommodations = await listAccommodations(ctx.db);
    // "Today" where the homes are: their time zone when they share one, else UTC (said on the page).
    const zones = new Set(accommodations.map((a) => a.timezone));
    const zone = zones.size === 1 ? ([...zones][0] ?? 'UTC') : 'UTC';
    const today = todayIn(zone, ctx.now());
    const week = addDays(today, 8);
    const weekAgo = new Date(ctx.now().getTime() - 7 * 86_400_000);
    const [setup, arrivals, departures, importedIn, importedOut, drafts, alerts, issues, mails, feeds, expired] =
      await Promise.all([
        setupSection(ctx, session(request).csrf, f),
        staysBetween(ctx.db, 'checkin', today, week, ctx.now()),
        staysBetween(ctx.db, 'checkout', today, week, ctx.now()),
        importedStaysBetween(ctx.db, 'start_date', today, week),
        importedStaysBetween(ctx.db, 'end_date', today, week),
        waitingCardDrafts(ctx.db, ctx.now()),
        listAlerts(ctx.db),
        unresolvedPaymentIssues(ctx.db),
        failedMails(ctx.db),
        failingFeeds(ctx.db),
        expiredCardDrafts(ctx.db, weekAgo),
      ]);
    const mail = request.consoleMail;
    const mailDown = mail !== null && mail.state !== 'ok' ? 1 : 0;
    const names = new Map(accommodations.map((a) => [a.id, a.name]));
    const checkIns = await registrationStates(ctx.db, arrivals);
    const attention = alerts.length + issues.length + mails.length + feeds.length + expired.length + mailDown;
    const body = html`${setup}
<p class="muted">Today is ${f.date(today)} (${zone}). Arrivals and departures cover today and the next 7 days.</p>
${stayTable(
  'Arrivals',
  [...arrivals.map((b) => arrivalStay(b, checkIns)), ...importedIn.map((s) => importedStay(s, s.start_date))],
  f,
  true,
)}
${balancesToCollect(arrivals, f)}
${await todayMoneySections(ctx, f)}
${stayTable(
  'Departures',
  [...departures.map((b) => bookingStay(b, b.checkout)), ...importedOut.map((s) => importedStay(s, s.end_date))],
  f,
)}
${await todayTurnovers(ctx, session(request).user, today, accommodations, f)}
<h2>Card drafts waiting for payment</h2>
${draftTable(drafts, f)}
<h2>Needs attention (${attention})</h2>
${attention === 0 ? html`<p class="muted">Nothing needs attention.</p>` : ''}
${
  mailDown === 1
    ? html`<h3>Mail</h3><p>Mails to guests are not going out; the banner at the top says why and how to fix it.</p>`
    : ''
}
${alertList(alerts, names, f)}
${expiredList(expired, f)}
${
  issues.length === 0
    ? ''
    : html`<h3>Payment issues</h3><ul>${issues.map((i) => {
        const link = i.booking_id === null ? '' : html` (<a href="/admin/bookings/${i.booking_id}">booking</a>)`;
        const kind = i.kind.replace(/_/g, ' ');
        return html`<li>${kind}: ${i.detail}${link} <span class="muted">${f.instant(i.created_at)}</span></li>`;
      })}</ul>`
}
${
  mails.length === 0
    ? ''
    : html`<h3>Mails that failed</h3><ul>${mails.map((m) => {
        const error = m.last_error ?? 'no error recorded';
        return html`<li>“${m.subject}” to ${m.recipient}: ${error} (<a href="/admin/outbox">outbox</a>)</li>`;
      })}</ul>`
}
${
  feeds.length === 0
    ? ''
    : html`<h3>iCal feeds that fail</h3><ul>${feeds.map((c) => {
        const home = html`<a href="/admin/accommodations/${c.accommodation_id}">${c.accommodation_name}</a>`;
        const failures = `${c.consecutive_failures} time(s) in a row`;
        return html`<li>${home}, feed “${c.name}”: ${c.last_error ?? 'failed'} (${failures})</li>`;
      })}</ul>`
}`;
    return sendPage(request, reply, 'Today', 'today', body);
  });
};
