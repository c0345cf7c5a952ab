import type { Config } from '../config/config.ts';
import type { Executor } from '../db/store.ts';

export type BookingMailKind = 'confirmation' | 'modification' | 'cancellation';

/**
 * Writes a mail about a booking to the outbox, inside the caller's transaction: the mail is
 * committed with the change that causes it, or not at all. The worker delivers it later.
 */
export async function enqueueBookingMail(db: Executor, _config: Config, kind: BookingMailKind, bookingId: number): Promise<void> {
  const booking = await db
    .selectFrom('bookings as b')
    .innerJoin('partners as p', 'p.id', 'b.partner_id')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select(['b.confirmation_code', 'b.checkin', 'b.checkout', 'p.email', 'p.first_name', 'a.name as accommodation_name'])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const subject = `Booking ${booking.confirmation_code}: ${kind}`;
  const text = `Hello ${booking.first_name},\n\nYour stay at ${booking.accommodation_name} from ${booking.checkin} to ${booking.checkout} (booking ${booking.confirmation_code}): ${kind}.\n`;
  const now = new Date().toISOString();
  await db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: `booking_${kind}`,
      booking_id: bookingId,
      recipient: booking.email,
      subject,
      body_text: text,
      body_html: `<p>${text}</p>`,
      status: 'pending',
      next_attempt_at: now,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}
