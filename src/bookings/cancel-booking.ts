import type { Unit } from '../db/unit-of-work.ts';
import { releaseBookingNights } from '../occupancy/night-ledger.ts';
import {
  afterTransition,
  bookingEventRow,
  onLockedBooking,
  writeTransition,
  type BookingCommand,
  type LifecycleContext,
  type LifecycleOutcome,
} from './booking-lifecycle.ts';
import { moveOf } from './booking-transitions.ts';
import { cancellationCharge } from './cancellation-charge.ts';
import { conflict, notFound } from '../http/errors.ts';

export interface CancelCommand extends BookingCommand {
  /** Why, for the guest and the history; blank keeps none. */
  reason?: string | undefined;
  /** Whether the guest is mailed (default: yes). */
  notifyGuest?: boolean | undefined;
  /**
   * A partner releasing its own draft (POST /bookings/:id/cancel): another key's booking is not
   * there for it (404), and only a draft may be released (409).
   */
  draftOfKey?: number;
  /** The host waives the cancellation fee the home's policy would keep (the desk and console only). */
  waiveFee?: boolean | undefined;
}

/**
 * Cancels a booking: it becomes cancelled, its nights are free at once, the reason is kept for
 * the guest and the history, and the guest is mailed. Cancelling twice changes nothing. Whatever
 * the reason says, this is not a hold expiry: only expireHolds marks a booking as one a late
 * payment may still confirm. The fee the home's cancellation policy keeps is set with it
 * (cancellation-charge.ts): the amount due becomes that fee.
 */
export async function cancelBooking(
  ctx: LifecycleContext,
  command: CancelCommand,
  within?: Unit,
): Promise<LifecycleOutcome> {
  return onLockedBooking(ctx, command.bookingId, within, async (unit, booking) => {
    const code = booking.confirmation_code;
    if (command.draftOfKey !== undefined) {
      if (booking.api_key_id !== command.draftOfKey)
        throw notFound('booking_not_found', `Booking ${booking.id} not found.`, {
          parameter: 'booking_id',
          received: booking.id,
        });
      if (booking.status !== 'draft')
        throw conflict('booking_not_draft', `Booking ${code} is ${booking.status}: only a draft can be released.`, {
          parameter: 'booking_id',
          expected: 'draft',
          received: booking.status,
        });
    }
    const move = moveOf(booking, 'cancel');
    if (move.kind === 'unchanged') {
      return {
        updated: false,
        message: `Booking ${code} was already cancelled; nothing changed.`,
        booking_id: booking.id,
        new_status: booking.status,
      };
    }
    const now = unit.now.toISOString();
    const keptReason = command.reason?.trim() ? command.reason.trim() : null;
    const charge = await cancellationCharge(unit, booking, command.waiveFee === true);
    const changed = await writeTransition(
      unit.trx,
      [booking.id],
      {
        event: move.event,
        status: move.to,
        set: {
          cancel_reason: keptReason,
          cancelled_at: now,
          hold_expires_at: null,
          hold_expired_at: null,
          cancellation_fee: charge.fee,
        },
        reason: keptReason,
      },
      command.actor,
      now,
    );
    if (charge.noted !== null)
      await unit.trx
        .insertInto('booking_events')
        .values(bookingEventRow(booking.id, 'cancellation_fee', move.to, command.actor, charge.noted, now))
        .execute();
    await releaseBookingNights(unit.trx, booking.id, now);
    const mailed = command.notifyGuest !== false && booking.guest_email !== '';
    await afterTransition(ctx, unit, changed, move.event, { notify: mailed });
    return {
      updated: true,
      message:
        `Booking ${code} cancelled${keptReason === null ? '' : ` (${keptReason})`}; ` +
        `its nights are free again and ${mailed ? 'the guest has been mailed' : 'the guest was not mailed'}.`,
      booking_id: booking.id,
      new_status: move.to,
    };
  });
}
