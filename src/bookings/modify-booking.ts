import { findAccommodation } from '../accommodations/accommodation-repository.ts';
import type { Booking } from '../db/schema.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { conflict, type AppError } from '../http/errors.ts';
import { NightTakenError, findTakenNights, moveBookingNights } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { SEES_ALL } from '../http/viewer.ts';
import { bookedExtras } from '../pricing/booked-extras.ts';
import { quoteColumns, quoteStay } from '../pricing/quote-stay.ts';
import type { StayQuote } from '../pricing/price-stay.ts';
import { eachDate, todayIn } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import { checkStayOrThrow } from '../pricing/check-stay-or-throw.ts';
import {
  afterTransition,
  bookingEventRow,
  onLockedBooking,
  writeTransition,
  type BookingActor,
  type BookingCommand,
  type LifecycleContext,
  type LifecycleOutcome,
} from './booking-lifecycle.ts';
import { moveOf, type Move, type RefusalOf } from './booking-transitions.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';

/** What a change may touch; absent fields keep their value. */
export interface BookingChanges {
  checkin_date?: string | undefined;
  checkout_date?: string | undefined;
  /** adults + children; babies are not counted (the webhook's head count) */
  guest_count?: number | undefined;
  /** The host's exact counts (the admin API and the console); they win over guest_count. */
  adults?: number | undefined;
  children?: number | undefined;
  babies?: number | undefined;
  notes?: string | undefined;
  /** The host's own note: never mailed, never shown to the guest, a partner or a channel. */
  internal_note?: string | undefined;
  /** A price set by hand, minor units; absent: re-priced when dates or guests change. */
  total?: number | undefined;
}

const FIELDS = { checkin: 'new_data.checkin_date', checkout: 'new_data.checkout_date', guests: 'new_data.guest_count' };

/**
 * A new head count keeps the children (at most all but one guest) and counts the rest as adults:
 * a stay always has an adult, and babies are neither counted nor changed.
 */
function splitGuests(booking: Booking, guests: number): { adults: number; children: number } {
  const children = Math.min(booking.children, guests - 1);
  return { adults: guests - children, children };
}

export interface ModifyCommand extends BookingCommand {
  changes: BookingChanges;
  /** Whether the guest is mailed about what changed for them (default: yes, as for the webhook). */
  notifyGuest?: boolean | undefined;
  /** The field names a 400 or 409 names (the webhook's new_data.* by default). */
  fields?: { checkin: string; checkout: string; guests: string } | undefined;
}

/** A modification the transition table refuses. */
function refusal(booking: Booking, why: RefusalOf['modify']): AppError {
  const code = booking.confirmation_code;
  const details = { parameter: 'booking_id', received: booking.id };
  switch (why) {
    case 'booking_cancelled':
      return conflict('booking_cancelled', `Booking ${code} is cancelled and cannot be modified.`, details);
    case 'booking_not_confirmed':
      // Its payment is for the quoted total; changing the stay under it would break the match.
      return conflict(
        'booking_not_confirmed',
        `Booking ${code} is a draft awaiting card payment and cannot be modified; cancel it and book again.`,
        details,
      );
  }
}

/**
 * Applies changes to a confirmed or modified booking. New dates or guests are checked like a new
 * stay, against every other booking, and re-priced; the nights move in the same transaction. The
 * answer's status is `modified` whether or not anything changed (docs/api.md#webhook-update;
 * `updated` says which); a draft is refused, since its card payment is for the quoted total.
 */
export async function modifyBooking(
  ctx: LifecycleContext,
  command: ModifyCommand,
  within?: Unit,
): Promise<LifecycleOutcome> {
  return onLockedBooking(ctx, command.bookingId, within, (unit, booking) => modify(ctx, unit, booking, command));
}

async function modify(
  ctx: LifecycleContext,
  unit: Unit,
  booking: Booking,
  { changes: newData, actor, notifyGuest = true, fields: fieldsNamed }: ModifyCommand,
): Promise<LifecycleOutcome> {
  const fields = fieldsNamed ?? FIELDS;
  const code = booking.confirmation_code;
  const move = moveOf(booking, 'modify');
  if (move.kind === 'refused') throw refusal(booking, move.refusal);
  if (move.kind === 'unchanged') throw new Error(`the transition table leaves a ${booking.status} booking as it is`);

  const checkin = newData.checkin_date ?? booking.checkin;
  const checkout = newData.checkout_date ?? booking.checkout;
  const exact = newData.adults !== undefined || newData.children !== undefined;
  const { adults, children } = exact
    ? { adults: newData.adults ?? booking.adults, children: newData.children ?? booking.children }
    : newData.guest_count === undefined || newData.guest_count === booking.adults + booking.children
      ? { adults: booking.adults, children: booking.children }
      : splitGuests(booking, newData.guest_count);
  const babies = newData.babies ?? booking.babies;
  const guests = adults + children;
  const notes = newData.notes ?? booking.guest_notes;
  const internalNote = newData.internal_note ?? booking.internal_note;
  const datesChanged = checkin !== booking.checkin || checkout !== booking.checkout;
  const guestsChanged = adults !== booking.adults || children !== booking.children || babies !== booking.babies;
  const totalChanged = newData.total !== undefined && newData.total !== booking.total;
  const forGuest = datesChanged || guestsChanged || totalChanged || notes !== booking.guest_notes;
  if (!forGuest && internalNote !== booking.internal_note) return noteOnly(unit, booking, internalNote, actor);
  if (!forGuest) {
    // The webhook's confirmed booking still becomes what its answer says
    // (docs/decisions.md#lenient-input-exact-output); the host's edit that changes nothing changes nothing.
    if (fieldsNamed === undefined && booking.status !== move.to) return markModified(ctx, unit, booking, move, actor);
    return {
      updated: false,
      message: `new_data matches booking ${code}; nothing changed.`,
      booking_id: booking.id,
      new_status: move.to,
    };
  }

  const now = unit.now;
  const nowIso = now.toISOString();
  let quote: StayQuote | null = null;
  let nights = booking.nights;
  if (datesChanged || guestsChanged) {
    const accommodation = await findAccommodation(unit.trx, booking.accommodation_id);
    if (accommodation === undefined) throw new Error(`booking ${booking.id} names a missing accommodation`);
    // A stay under way keeps its check-in day: extending it or changing its guests is not "in the past".
    const today = todayIn(accommodation.timezone, now);
    const stay = checkStayOrThrow(
      accommodation,
      { checkin, checkout, guests },
      fields,
      now,
      checkin === booking.checkin && checkin < today ? checkin : today,
    );
    nights = stay.nights;
    if (datesChanged) await moveNights(ctx, unit, booking, checkin, checkout, fields.checkin);
    quote = await quoteStay(unit.trx, accommodation, {
      checkin,
      checkout,
      guests,
      children,
      extras: bookedExtras(booking.extras),
    });
  }

  // A re-priced stay keeps the refunds that lowered its price; a price set by hand replaces them
  // (docs/money.md#refunds).
  const repriced = quote === null ? booking.total : Math.max(0, quote.total - booking.price_reduction);
  const total = newData.total ?? repriced;
  const priceReduction = newData.total === undefined ? booking.price_reduction : 0;
  const priceNote = newData.total === undefined ? (quote === null ? booking.price_note : null) : booking.price_note;
  const babyWords = babies > 0 ? ` and ${babies} bab${babies === 1 ? 'y' : 'ies'}` : '';
  const guestWords = `${guests} guest${guests === 1 ? '' : 's'}${babyWords}`;
  // What changed for the guest: the history says it, and so does their mail (in their language).
  const newTotal = total !== booking.total;
  const changes = [
    datesChanged ? `dates ${checkin} to ${checkout}` : null,
    guestsChanged ? guestWords : null,
    newTotal ? `total ${formatMoney(total, booking.currency)}` : null,
  ].filter((w) => w !== null);
  const what = [
    ...changes,
    notes === booking.guest_notes ? null : 'notes',
    internalNote === booking.internal_note ? null : 'internal note',
    newData.total === undefined ? null : 'price set by hand',
  ]
    .filter((w) => w !== null)
    .join(', ');
  const changed = await writeTransition(
    unit.trx,
    [booking.id],
    {
      event: move.event,
      status: move.to,
      set: {
        checkin,
        checkout,
        nights,
        adults,
        children,
        babies,
        guest_notes: notes,
        internal_note: internalNote,
        ...(quote === null ? {} : quoteColumns(quote)),
        total,
        price_reduction: priceReduction,
        price_note: priceNote,
      },
      reason: what,
    },
    actor,
    nowIso,
  );
  const mailed = notifyGuest && booking.guest_email !== '';
  await afterTransition(
    ctx,
    unit,
    changed,
    move.event,
    { notify: mailed, changes: { dates: datesChanged, guests: guestsChanged, total: newTotal } },
    datesChanged ? { from: booking.checkin, to: booking.checkout } : undefined,
  );
  return {
    updated: true,
    message:
      `Booking ${code} modified: ${checkin} to ${checkout}, ${guestWords}, ` +
      `total ${formatMoney(total, booking.currency)}; ` +
      `${mailed ? 'the guest has been mailed' : 'the guest was not mailed'}.`,
    booking_id: booking.id,
    new_status: move.to,
  };
}

/**
 * A change that changes nothing to a confirmed booking: its status becomes `modified`, with its
 * history row, and nothing else (no mail: the guest's stay is as it was).
 */
async function markModified(
  ctx: LifecycleContext,
  unit: Unit,
  booking: Booking,
  move: Extract<Move<'modify'>, { kind: 'move' }>,
  actor: BookingCommand['actor'],
): Promise<LifecycleOutcome> {
  await writeTransition(
    unit.trx,
    [booking.id],
    { event: move.event, status: move.to, set: {}, reason: 'new_data changed nothing' },
    actor,
    unit.now.toISOString(),
  );
  unit.afterCommit(() => {
    ctx.store.changes.committed({ table: 'bookings', id: String(booking.accommodation_id) });
  });
  return {
    updated: true,
    message: `new_data matches booking ${booking.confirmation_code}; it is now ${move.to}, and nothing else changed.`,
    booking_id: booking.id,
    new_status: move.to,
  };
}

/**
 * Frees the old nights and claims the new ones; any night held by another stay is a 409. Changes
 * come from the host's signed webhook, which sees every booking, so the 409 may name any code.
 */
async function moveNights(
  ctx: LifecycleContext,
  unit: Unit,
  booking: Booking,
  checkin: string,
  checkout: string,
  field: string,
): Promise<void> {
  const now = unit.now.toISOString();
  const taken = await findTakenNights(unit.trx, booking.accommodation_id, checkin, checkout, now, booking.id);
  if (taken.length > 0) throw datesUnavailable(taken, SEES_ALL, field);
  await expireHoldsOverlapping(ctx, { accommodationId: booking.accommodation_id, from: checkin, to: checkout }, unit);
  try {
    await moveBookingNights(unit.trx, booking, eachDate(checkin, checkout), now);
  } catch (error) {
    if (error instanceof NightTakenError) throw datesUnavailable([], SEES_ALL, field);
    throw error;
  }
}

/**
 * Only the host's internal note changed: nothing changes for the guest, so the status stays and
 * no one is mailed; the history says who changed the note.
 */
async function noteOnly(
  unit: Unit,
  booking: Booking,
  internalNote: string,
  actor: BookingActor,
): Promise<LifecycleOutcome> {
  const now = unit.now.toISOString();
  await unit.trx
    .updateTable('bookings')
    .set({ internal_note: internalNote, updated_at: now })
    .where('id', '=', booking.id)
    .execute();
  await unit.trx
    .insertInto('booking_events')
    .values(bookingEventRow(booking.id, 'noted', booking.status, actor, 'internal note', now))
    .execute();
  return {
    updated: true,
    message: `Booking ${booking.confirmation_code}: internal note saved; the guest was not mailed.`,
    booking_id: booking.id,
    new_status: booking.status,
  };
}
