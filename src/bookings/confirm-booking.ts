import type { Config } from '../config/config.ts';
import type { Booking } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { enqueueBookingMail } from '../mail/enqueue-booking-mail.ts';
import { tryClaimNights } from '../occupancy/night-ledger.ts';
import { eachDate } from '../shared/dates.ts';
import { writeTransition, type BookingActor } from './booking-lifecycle.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';

/** A booking a payment may still confirm: a draft, or one the hold expiry cancelled (never one cancelled by anyone else). */
export function awaitsPayment(booking: Pick<Booking, 'status' | 'hold_expired_at'>): boolean {
  return booking.status === 'draft' || (booking.status === 'cancelled' && booking.hold_expired_at !== null);
}

/**
 * Confirms a booking (locked by the caller) paid by `paymentIntentId`, and queues the
 * confirmation mail. A booking whose hold had expired takes its nights again first; when one of
 * them has been taken meanwhile nothing changes and the answer is 'nights_taken'.
 */
export async function confirmBooking(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  booking: Booking,
  paymentIntentId: string,
  actor: BookingActor,
  now: string,
): Promise<'confirmed' | 'nights_taken'> {
  if (booking.status === 'cancelled') {
    await expireHoldsOverlapping(db, booking.accommodation_id, booking.checkin, booking.checkout, now);
    const nights = eachDate(booking.checkin, booking.checkout);
    if (
      !(await tryClaimNights(
        db,
        { accommodationId: booking.accommodation_id, nights, kind: 'booking', bookingId: booking.id },
        now,
      ))
    )
      return 'nights_taken';
  }
  await writeTransition(
    db,
    [booking.id],
    {
      event: 'confirmed',
      status: 'confirmed',
      set: {
        payment_intent_id: paymentIntentId,
        confirmed_at: now,
        hold_expires_at: null,
        hold_expired_at: null,
        cancel_reason: null,
        cancelled_at: null,
      },
      reason: `payment ${paymentIntentId}`,
    },
    actor,
    now,
  );
  await enqueueBookingMail(db, config, 'confirmation', booking.id, now);
  return 'confirmed';
}
