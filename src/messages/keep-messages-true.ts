import type { Executor } from '../db/store.ts';
import { addDays, todayIn } from '../shared/dates.ts';
import { readMessageBookings, readMessageBookingsFrom, scheduleFacts, type MessageBooking } from './message-facts.ts';
import {
  bookingsScheduledBy,
  listRules,
  rowsOfBookings,
  rowsOfRule,
  writePlannedRows,
  type MessageRule,
  type PlannedRow,
  type ScheduledMessage,
} from './message-repository.ts';
import { changes, plan, type Cause } from './message-schedule.ts';

/**
 * Keeps each booking's scheduled messages true to its rules (docs/messages.md): after every change
 * of a booking (made, confirmed, modified, cancelled, reinstated, expired), and over every booking
 * a rule reaches when the rule is made or changed. In the caller's transaction.
 */

/** How many bookings a rule's change reads at a time. */
const BATCH = 1000;

interface Pending {
  inserts: PlannedRow[];
  updates: (PlannedRow & { id: number })[];
}

function planInto(
  pending: Pending,
  rule: MessageRule,
  booking: MessageBooking,
  row: ScheduledMessage | undefined,
  now: Date,
  cause: Cause,
): void {
  const planned = plan(rule, scheduleFacts(booking), row ?? null, now, cause);
  if (!changes(row ?? null, planned)) return;
  const next = { rule_id: rule.id, booking_id: booking.id, ...planned };
  if (row === undefined) pending.inserts.push(next);
  else pending.updates.push({ ...next, id: row.id });
}

/** After a change of these bookings: one row per rule and booking, as the rules say now. */
export async function keepBookingMessagesTrue(db: Executor, bookingIds: readonly number[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  const rules = await listRules(db);
  if (rules.length === 0) return;
  const [bookings, rows] = [await readMessageBookings(db, bookingIds), await rowsOfBookings(db, bookingIds)];
  const rowOf = new Map(rows.map((r) => [`${r.rule_id}:${r.booking_id}`, r]));
  const pending: Pending = { inserts: [], updates: [] };
  for (const booking of bookings)
    for (const rule of rules) planInto(pending, rule, booking, rowOf.get(`${rule.id}:${booking.id}`), now, 'booking');
  await writePlannedRows(db, pending.inserts, pending.updates, now.toISOString());
}

/**
 * After a rule is made or changed (paused, resumed, retimed, its conditions changed): its rows for
 * the bookings it may still write to (stays that end within its reach) and those it has waiting.
 * Only sends still in the future are made: a past time writes to no one.
 */
export async function applyRule(db: Executor, rule: MessageRule, now: Date): Promise<void> {
  // The earliest check-out a future send can belong to, with a day's margin for time zones.
  const from = addDays(todayIn('UTC', now), -(rule.offset_days + 2));
  const waiting = await bookingsScheduledBy(db, rule.id);
  const seen = new Set<number>();
  const apply = async (bookings: readonly MessageBooking[]) => {
    const rows = await rowsOfRule(
      db,
      rule.id,
      bookings.map((b) => b.id),
    );
    const rowOf = new Map(rows.map((r) => [r.booking_id, r]));
    const pending: Pending = { inserts: [], updates: [] };
    for (const booking of bookings) {
      seen.add(booking.id);
      planInto(pending, rule, booking, rowOf.get(booking.id), now, 'rule');
    }
    await writePlannedRows(db, pending.inserts, pending.updates, now.toISOString());
  };
  for (let afterId = 0; ;) {
    const bookings = await readMessageBookingsFrom(db, from, afterId, BATCH);
    await apply(bookings);
    if (bookings.length < BATCH) break;
    afterId = bookings.at(-1)?.id ?? afterId;
  }
  const rest = waiting.filter((id) => !seen.has(id));
  for (let i = 0; i < rest.length; i += BATCH) await apply(await readMessageBookings(db, rest.slice(i, i + BATCH)));
}
