import type { Unit } from '../db/unit-of-work.ts';
import { newGuestToken } from './booking-codes.ts';
import {
  bookingEventRow,
  onLockedBooking,
  type BookingCommand,
  type LifecycleContext,
  type LifecycleOutcome,
} from './booking-lifecycle.ts';

/**
 * The host gives a booking's guest page a new address (docs/guest-page.md#revoking-the-address):
 * a new token replaces the old one, which answers 404 from the commit on, and the history says
 * so. Mails already sent keep the old, dead link; the guest is not mailed the new one (the host
 * sends it, or a message rule's `{{guest_page_url}}` prints it from now on).
 */
export async function renewGuestUrl(
  ctx: LifecycleContext,
  command: BookingCommand,
  within?: Unit,
): Promise<LifecycleOutcome> {
  return onLockedBooking(ctx, command.bookingId, within, async (unit, booking) => {
    const now = unit.now.toISOString();
    await unit.trx
      .updateTable('bookings')
      .set({ guest_token: newGuestToken(), updated_at: now })
      .where('id', '=', booking.id)
      .execute();
    await unit.trx
      .insertInto('booking_events')
      .values(
        bookingEventRow(
          booking.id,
          'guest_url_renewed',
          booking.status,
          command.actor,
          "the guest page's old address no longer works",
          now,
        ),
      )
      .execute();
    return {
      updated: true,
      message: `Booking ${booking.confirmation_code}: the guest page has a new address; the old one no longer works.`,
      booking_id: booking.id,
      new_status: booking.status,
    };
  });
}
