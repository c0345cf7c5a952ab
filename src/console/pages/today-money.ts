import type { AppContext } from '../../app-context.ts';
import type { BookingWithGuest } from '../../db/booking-with-guest.ts';
import { bookingSchedule, dueAndUnpaid } from '../../pricing/payment-schedule.ts';
import { paymentSummary } from '../../pricing/payment-summary.ts';
import { addDays, compareDates, todayIn } from '../../shared/dates.ts';
import { html, type Html } from '../../shared/html.ts';
import { bookingsOwing, heldDeposits } from '../console-queries.ts';
import type { Formatter } from '../format.ts';
import { stackTable } from '../layout.ts';

/**
 * Today's money (docs/money.md): damage deposits still held for guests who have left (to return
 * or keep), and payments that have fallen due under a booking's schedule and are not covered by
 * what was paid. "Today" is each home's own, in its time zone.
 */

const guestCell = (b: BookingWithGuest): Html => {
  const link = html`<a href="/admin/bookings/${b.id}">${b.guest_first_name} ${b.guest_last_name}</a>`;
  return html`${link} <span class="muted">${b.confirmation_code}</span>`;
};

function depositsTable(rows: readonly BookingWithGuest[], f: Formatter): Html {
  const table = stackTable(['Left on', 'Guest', 'Accommodation', 'Deposit held'], rows, (b) => [
    f.date(b.checkout),
    guestCell(b),
    b.accommodation_name,
    f.money(b.deposit_amount ?? 0, b.currency),
  ]);
  return html`<h2>Deposits to return or keep</h2>
${rows.length === 0 ? html`<p class="muted">None: no deposit is held for a guest who has left.</p>` : table}`;
}

function dueTable(rows: readonly { b: BookingWithGuest; due: number; since: string }[], f: Formatter): Html {
  const table = stackTable(['Due since', 'Guest', 'Accommodation', 'Arrival', 'Due now'], rows, ({ b, due, since }) => [
    f.date(since),
    guestCell(b),
    b.accommodation_name,
    f.date(b.checkin),
    html`<strong>${f.money(due, b.currency)}</strong> of ${f.money(b.total, b.currency)}`,
  ]);
  return html`<h2>Payments due</h2>
${rows.length === 0 ? html`<p class="muted">None: every payment that has fallen due is covered.</p>` : table}`;
}

/** The Today page's money sections. */
export async function todayMoneySections(ctx: AppContext, f: Formatter): Promise<Html> {
  const now = ctx.now();
  // The latest "today" anywhere (UTC+14); each booking is then judged by its home's own today.
  const latest = addDays(todayIn('UTC', now), 1);
  const [held, owing] = await Promise.all([heldDeposits(ctx.db, latest), bookingsOwing(ctx.db)]);
  const departed = held.filter((b) => compareDates(b.checkout, todayIn(b.timezone, now)) <= 0);
  const due = owing.flatMap((b) => {
    const today = todayIn(b.timezone, now);
    const schedule = bookingSchedule(b);
    const paid = paymentSummary(b).amount_paid;
    const amount = dueAndUnpaid(schedule, paid, today);
    // The first entry that what was paid does not cover.
    let covered = paid;
    const since =
      schedule.find((e) => {
        covered -= e.amount;
        return covered < 0;
      })?.due_on ?? today;
    return amount > 0 ? [{ b, due: amount, since }] : [];
  });
  return html`${dueTable(due, f)}
${depositsTable(departed, f)}`;
}
