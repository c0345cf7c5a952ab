import type { BookingStatus, Mode, MessageRuleState, ScheduledMessageState } from '../db/schema.ts';
import type { PaymentState } from '../pricing/payment-summary.ts';
import { addDays } from '../shared/dates.ts';
import { localInstant, wallClockOf } from '../shared/zoned-time.ts';

/**
 * When a rule's message to a booking goes out, and what its one scheduled row should say after
 * any change of the booking or the rule (pure; docs/messages.md, "What happens on each change").
 */

export const MESSAGE_EVENTS = [
  'booking_confirmed',
  'before_checkin',
  'checkin_day',
  'before_checkout',
  'after_checkout',
  'booking_cancelled',
  'balance_due',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Triggers whose message a booking made after the rule's time, but before its stay, gets at once. */
const CATCH_UP: ReadonlySet<MessageEvent> = new Set([
  'booking_confirmed',
  'booking_cancelled',
  'before_checkin',
  'checkin_day',
  'balance_due',
]);

/** The local time of a day trigger with no `at`. */
export const DEFAULT_AT = '10:00';
/** No event-triggered message goes out from 21:00 to 09:00 local: it waits until 09:00. */
const QUIET_FROM = '21:00';
const QUIET_UNTIL = '09:00';

/** Why a scheduled message was not sent: the `reason` of a skipped row. */
export type SkipReason =
  | 'booking_cancelled'
  | 'booking_reinstated'
  | 'no_email'
  | 'rule_paused'
  | 'not_matching'
  | 'too_late'
  | 'skipped_by_host'
  | 'payment_state'
  | 'paid_in_full';

export interface RuleConditions {
  /** Empty: every home. */
  accommodation_ids: number[];
  /** Booking sources (`bookings.source`); empty: every source. */
  sources: string[];
  min_nights: number | null;
  /** Checked when the message is due; empty: any. */
  payment_states: PaymentState[];
}

export interface ScheduledRule {
  id: number;
  event: MessageEvent;
  offset_days: number;
  at: string | null;
  conditions: RuleConditions;
  state: MessageRuleState;
  created_at: string;
}

/** What of a booking (and its home) decides its messages' times. */
export interface ScheduleFacts {
  id: number;
  accommodation_id: number;
  status: BookingStatus;
  mode: Mode;
  source: string;
  nights: number;
  checkin: string;
  checkout: string;
  checkin_time: string;
  checkout_time: string;
  timezone: string;
  guest_email: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  /** Days before check-in the balance is due (the booking's payment terms), null: none. */
  balance_days_before: number | null;
}

/** A booking's row for one rule, as stored. */
export interface ScheduledRow {
  send_at: string;
  state: ScheduledMessageState;
  reason: string | null;
}

/** What the row should become: written when it differs from the stored one. */
export type Planned = { send_at: string; state: 'scheduled' | 'skipped'; reason: SkipReason | null } | null;

/** `instant` moved out of the quiet hours of `timeZone`: 21:00–09:00 waits until 09:00. */
export function outOfQuietHours(instant: Date, timeZone: string): Date {
  const { date, time } = wallClockOf(instant, timeZone);
  if (time >= QUIET_FROM) return localInstant(addDays(date, 1), QUIET_UNTIL, timeZone);
  if (time < QUIET_UNTIL) return localInstant(date, QUIET_UNTIL, timeZone);
  return instant;
}

/** The instant the stay begins: check-in day at the home's check-in time. */
export function stayStart(b: Pick<ScheduleFacts, 'checkin' | 'checkin_time' | 'timezone'>): Date {
  return localInstant(b.checkin, b.checkin_time, b.timezone);
}

/** When the rule sends to this booking, or null when it has no time for it (no event yet, no balance date). */
export function sendAtOf(rule: Pick<ScheduledRule, 'event' | 'offset_days' | 'at'>, b: ScheduleFacts): Date | null {
  const day = (date: string) => localInstant(date, rule.at ?? DEFAULT_AT, b.timezone);
  switch (rule.event) {
    case 'booking_confirmed':
      return b.confirmed_at === null ? null : afterEvent(new Date(b.confirmed_at), rule, b.timezone);
    case 'booking_cancelled':
      return b.cancelled_at === null || b.status !== 'cancelled'
        ? null
        : afterEvent(new Date(b.cancelled_at), rule, b.timezone);
    case 'before_checkin':
      return day(addDays(b.checkin, -rule.offset_days));
    case 'checkin_day':
      return day(addDays(b.checkin, rule.offset_days));
    case 'before_checkout':
      return day(addDays(b.checkout, -rule.offset_days));
    case 'after_checkout':
      return day(addDays(b.checkout, rule.offset_days));
    case 'balance_due':
      return b.balance_days_before === null
        ? null
        : day(addDays(b.checkin, -(b.balance_days_before + rule.offset_days)));
  }
}

/**
 * An event trigger: `offset_days` after the event, at `at` on that day if given (never before the
 * event), out of quiet hours.
 */
function afterEvent(event: Date, rule: Pick<ScheduledRule, 'offset_days' | 'at'>, timeZone: string): Date {
  let at: Date;
  if (rule.at === null) at = new Date(event.getTime() + rule.offset_days * 86_400_000);
  else {
    const local = localInstant(addDays(wallClockOf(event, timeZone).date, rule.offset_days), rule.at, timeZone);
    at = local < event ? event : local;
  }
  return outOfQuietHours(at, timeZone);
}

/** Whether the booking is one the rule is for (its payment state is checked when the message is due). */
export function matchesConditions(c: RuleConditions, b: ScheduleFacts): boolean {
  return (
    (c.accommodation_ids.length === 0 || c.accommodation_ids.includes(b.accommodation_id)) &&
    (c.sources.length === 0 || c.sources.includes(b.source)) &&
    (c.min_nights === null || b.nights >= c.min_nights)
  );
}

/** What made the row be looked at again: a change of the booking, or of the rule. */
export type Cause = 'booking' | 'rule';

/**
 * The row a rule should have for a booking, given the stored one (or none), now:
 * - sent, failed and rows the host skipped stay as they are;
 * - a rule paused, a booking no longer matching, cancelled (for every trigger but
 *   `booking_cancelled`) or reinstated (for `booking_cancelled`) skips what is scheduled, with that reason;
 * - a future time is scheduled (a guest without an e-mail address: skipped `no_email`);
 * - a past time: at once (out of quiet hours) when the booking changed before its stay began and
 *   either the row existed or the rule did before the booking was confirmed (a booking made after
 *   the rule's time); otherwise no new row, and a scheduled one is skipped `too_late`. A rule that
 *   is created or changed therefore never writes to guests whose time has passed.
 */
export function plan(
  rule: ScheduledRule,
  b: ScheduleFacts,
  row: ScheduledRow | null,
  now: Date,
  cause: Cause,
): Planned {
  if (row !== null && (row.state === 'sent' || row.state === 'failed')) return null;
  if (row !== null && row.state === 'skipped' && row.reason === 'skipped_by_host') return null;
  // Due already and about to be sent: a change of the rule is for sends still in the future.
  if (cause === 'rule' && row?.state === 'scheduled' && Date.parse(row.send_at) <= now.getTime()) return null;
  const skip = (reason: SkipReason): Planned =>
    row === null ? null : { send_at: row.send_at, state: 'skipped', reason };
  // Test bookings and drafts never confirmed have no messages.
  if (b.mode !== 'live' || b.confirmed_at === null) return row === null ? null : skip('not_matching');
  if (rule.state !== 'active') return skip('rule_paused');
  if (!matchesConditions(rule.conditions, b)) return skip('not_matching');
  const cancelled = b.status === 'cancelled';
  if (rule.event !== 'booking_cancelled' && cancelled) return skip('booking_cancelled');
  if (rule.event === 'booking_cancelled' && !cancelled) return skip('booking_reinstated');
  const at = sendAtOf(rule, b);
  if (at === null) return skip('not_matching');
  let sendAt = at;
  if (at.getTime() <= now.getTime()) {
    const madeAfterRule = row !== null || rule.created_at <= b.confirmed_at;
    const catchUp =
      cause === 'booking' && CATCH_UP.has(rule.event) && madeAfterRule && now.getTime() < stayStart(b).getTime();
    if (!catchUp) return skip('too_late');
    // Sent late, it keeps the quiet hours too.
    sendAt = outOfQuietHours(now, b.timezone);
  }
  const send_at = sendAt.toISOString();
  return b.guest_email === ''
    ? { send_at, state: 'skipped', reason: 'no_email' }
    : { send_at, state: 'scheduled', reason: null };
}

/** Whether the planned row differs from the stored one. */
export function changes(row: ScheduledRow | null, planned: Planned): planned is NonNullable<Planned> {
  if (planned === null) return false;
  return (
    row === null || row.send_at !== planned.send_at || row.state !== planned.state || row.reason !== planned.reason
  );
}
