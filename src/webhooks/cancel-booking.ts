import type { Config } from '../config/config.ts';
import type { Booking } from '../db/schema.ts';
import type { Tx } from '../db/store.ts';
import { enqueueBookingMail } from '../mail/enqueue-booking-mail.ts';
import { releaseBookingNights } from '../occupancy/night-claims.ts';
import type { UpdateResult } from './webhook-schemas.ts';

/**
 * Webhook `cancelled`: the booking (locked by the caller) becomes cancelled, its nights are free
 * at once, the reason is kept and the guest is mailed. Cancelling twice changes nothing.
 */
export async function cancelBooking(trx: Tx, config: Config, booking: Booking, reason: string | undefined, now: string): Promise<Omit<UpdateResult, 'success'>> {
  const code = booking.confirmation_code;
  if (booking.status === 'cancelled') {
    return { updated: false, message: `Booking ${code} was already cancelled; nothing changed.`, booking_id: booking.id, new_status: 'cancelled' };
  }
  const keptReason = reason?.trim() ? reason.trim() : null;
  await trx
    .updateTable('bookings')
    .set({ status: 'cancelled', cancel_reason: keptReason, cancelled_at: now, updated_at: now, hold_expires_at: null })
    .where('id', '=', booking.id)
    .execute();
  await releaseBookingNights(trx, booking.id);
  await enqueueBookingMail(trx, config, 'cancellation', booking.id);
  return {
    updated: true,
    message: `Booking ${code} cancelled${keptReason === null ? '' : ` (${keptReason})`}; its nights are free again and the guest has been mailed.`,
    booking_id: booking.id,
    new_status: 'cancelled',
  };
}
