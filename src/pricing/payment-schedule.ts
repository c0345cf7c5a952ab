import { readPaymentTerms, type PaymentTermsRule } from '../accommodations/money-rules.ts';
import type { BookingStatus } from '../db/schema.ts';
import { addDays, compareDates, todayIn } from '../shared/dates.ts';
import { applyPpm } from '../shared/money.ts';

/**
 * When a booking's price falls due (pure; docs/money.md#payment-terms): with payment terms, the
 * deposit fraction of the total on the day it was booked and the balance `balance_days_before`
 * days before check-in; one entry, all on the day it was booked, when the stay is closer than
 * that, when the deposit fraction is the whole total, or when there are no terms. Minor units;
 * the entries always add up to the total.
 */

export interface ScheduleEntry {
  /** YYYY-MM-DD. */
  due_on: string;
  amount: number;
}

export function paymentSchedule(
  terms: PaymentTermsRule | null,
  total: number,
  /** The day it was booked, in the home's time zone. */
  bookedOn: string,
  checkin: string,
): ScheduleEntry[] {
  if (terms === null) return [{ due_on: bookedOn, amount: total }];
  const balanceOn = addDays(checkin, -terms.balance_days_before);
  const deposit = applyPpm(total, terms.deposit_ppm);
  if (compareDates(balanceOn, bookedOn) <= 0 || deposit >= total) return [{ due_on: bookedOn, amount: total }];
  return [
    { due_on: bookedOn, amount: deposit },
    { due_on: balanceOn, amount: total - deposit },
  ];
}

/**
 * What is overdue or due today and not yet covered by what was paid: the entries due up to
 * `today`, summed, less what was paid (never below 0). Payments cover the earliest entries first.
 */
export function dueAndUnpaid(schedule: readonly ScheduleEntry[], paid: number, today: string): number {
  const due = schedule.filter((e) => compareDates(e.due_on, today) <= 0).reduce((sum, e) => sum + e.amount, 0);
  return Math.max(0, due - paid);
}

/** What a booking's schedule is read from: its own columns and its home's time zone. */
export interface ScheduleFacts {
  status: BookingStatus;
  total: number;
  checkin: string;
  created_at: string;
  /** The terms the booking keeps from when it was booked (JSON), null = all due at once. */
  payment_terms: string | null;
  timezone: string;
}

/**
 * A booking's schedule: empty once cancelled (what it owes then is its cancellation fee), else
 * its kept terms over its total as it is now, from the day it was booked in its home's time zone.
 */
export function bookingSchedule(b: ScheduleFacts): ScheduleEntry[] {
  if (b.status === 'cancelled') return [];
  return paymentSchedule(
    readPaymentTerms(b.payment_terms),
    b.total,
    todayIn(b.timezone, new Date(b.created_at)),
    b.checkin,
  );
}
