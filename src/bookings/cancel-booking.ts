import type { Config } from '../config/config.ts';
import type { Booking } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { enqueueBookingMail } from '../mail/enqueue-booking-mail.ts';
import { releaseBookingNights } from '../occupancy/night-ledger.ts';
import { writeTransition, type BookingActor, type LifecycleOutcome } from './booking-lifecycle.ts';

/**
 * Cancels a booking (locked by the caller): it becomes cancelled, its nights are free at once,
 * the reason is kept for the guest and the history, and the guest is mailed. Cancelling twice
 * changes nothing. Whatever the reason says, this is not a hold expiry: only expireHolds marks a
 * booking as one a late payment may still confirm.
 */
export async function cancelBooking(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  booking: Booking,
  reason: string | undefined,
  actor: BookingActor,
  now: string,
): Promise<LifecycleOutcome> {
  const code = booking.confirmation_code;
  if (booking.status === 'cancelled') {
    return {
      updated: false,
      message: `Booking ${code} was already cancelled; nothing changed.`,
      booking_id: booking.id,
      new_status: 'cancelled',
    };
  }
  const keptReason = reason?.trim() ? reason.trim() : null;
  await writeTransition(
    db,
    [booking.id],
    {
      event: 'cancelled',
      status: 'cancelled',
      set: { cancel_reason: keptReason, cancelled_at: now, hold_expires_at: null, hold_expired_at: null },
      reason: keptReason,
    },
    actor,
    now,
  );
  await releaseBookingNights(db, booking.id);
  await enqueueBookingMail(db, config, 'cancellation', booking.id, now);
  return {
    updated: true,
    message: `Booking ${code} cancelled${keptReason === null ? '' : ` (${keptReason})`}; its nights are free again and the guest has been mailed.`,
    booking_id: booking.id,
    new_status: 'cancelled',
  };
}
