import type { Booking } from '../db/schema.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { conflict, type AppError } from '../http/errors.ts';
import { SEES_ALL } from '../http/viewer.ts';
import { findTakenNights, testKeyOf, tryClaimNights } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { eachDate } from '../shared/dates.ts';
import {
  afterTransition,
  onLockedBooking,
  writeTransition,
  type BookingCommand,
  type LifecycleContext,
  type LifecycleOutcome,
} from './booking-lifecycle.ts';
import { moveOf, type RefusalOf } from './booking-transitions.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';

/** Only the host undoes a cancellation (the console, or the admin API with an admin key). */
export interface ReinstateCommand extends BookingCommand {
  actor: Extract<BookingCommand['actor'], { kind: 'host' }>;
}

function refusal(booking: Booking, why: RefusalOf['reinstate']): AppError {
  const code = booking.confirmation_code;
  const details = { parameter: 'booking_id', received: booking.id };
  switch (why) {
    case 'booking_not_cancelled':
      return conflict('booking_not_cancelled', `Booking ${code} is not cancelled; there is nothing to undo.`, details);
    case 'never_confirmed':
      return conflict(
        'never_confirmed',
        `Booking ${code} was never confirmed (its card payment never arrived), so its cancellation cannot be undone.`,
        details,
      );
  }
}

/**
 * Undoes a cancellation: the booking is confirmed again with the same stay and price, if every
 * one of its nights is still free (a draft whose hold ran out is expired first, as for a new
 * booking); its nights are claimed in the same transaction, so a booking racing for them either
 * wins (and this is refused with 409 `dates_unavailable`) or loses. The guest is mailed the
 * confirmation again. A cancelled draft that was never paid cannot be reinstated.
 */
export async function reinstateBooking(
  ctx: LifecycleContext,
  command: ReinstateCommand,
  within?: Unit,
): Promise<LifecycleOutcome> {
  return onLockedBooking(ctx, command.bookingId, within, async (unit, booking) => {
    const move = moveOf(booking, 'reinstate');
    if (move.kind === 'refused') throw refusal(booking, move.refusal);
    if (move.kind === 'unchanged' || booking.confirmed_at === null) throw refusal(booking, 'never_confirmed');
    const now = unit.now.toISOString();
    const range = { accommodationId: booking.accommodation_id, from: booking.checkin, to: booking.checkout };
    await expireHoldsOverlapping(ctx, range, unit);
    const nights = eachDate(booking.checkin, booking.checkout);
    const claim = {
      accommodationId: booking.accommodation_id,
      nights,
      kind: 'booking' as const,
      bookingId: booking.id,
      testKeyId: testKeyOf(booking),
    };
    if (!(await tryClaimNights(unit.trx, claim, now))) {
      const taken = await findTakenNights(unit.trx, booking.accommodation_id, booking.checkin, booking.checkout, now);
      throw datesUnavailable(taken, SEES_ALL);
    }
    const changed = await writeTransition(
      unit.trx,
      [booking.id],
      {
        event: move.event,
        status: move.to,
        set: { cancel_reason: null, cancelled_at: null, cancellation_fee: null },
        reason: 'cancellation undone',
      },
      command.actor,
      now,
    );
    await afterTransition(ctx, unit, changed, move.event);
    return {
      updated: true,
      message:
        `Booking ${booking.confirmation_code} is confirmed again; ` +
        'its nights are taken and the confirmation is queued for the guest.',
      booking_id: booking.id,
      new_status: move.to,
    };
  });
}
