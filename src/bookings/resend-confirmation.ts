import { enqueueBookingMail } from '../mail/enqueue-booking-mail.ts';
import { onLockedBooking, type LifecycleContext } from './booking-lifecycle.ts';
import { isConfirmed } from './booking-transitions.ts';

/**
 * Queues a confirmed booking's confirmation mail again, as it reads now (the host's "resend").
 * False, and nothing queued, when the booking has no confirmation to send (a draft, or cancelled).
 */
export async function resendConfirmation(ctx: LifecycleContext, bookingId: number): Promise<boolean> {
  return onLockedBooking(ctx, bookingId, undefined, async (unit, booking) => {
    if (!isConfirmed(booking.status)) return false;
    await enqueueBookingMail(unit.trx, ctx.config, 'confirmation', booking.id, unit.now.toISOString());
    return true;
  });
}
