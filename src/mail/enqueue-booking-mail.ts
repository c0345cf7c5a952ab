import type { Config } from '../config/config.ts';
import type { Executor } from '../db/store.ts';
import { invoiceUrl } from '../invoices/invoice-url.ts';
import { renderBookingMail, type BookingMailDetails, type BookingMailKind } from './booking-mail-templates.ts';

export type { BookingMailKind } from './booking-mail-templates.ts';

/**
 * Writes a mail about a booking to the outbox, inside the caller's transaction: the mail is
 * committed with the change that causes it, or not at all. The mail worker delivers it later
 * (src/mail/deliver-mail.ts). The body is rendered now, so the guest reads the booking as it was
 * when the change happened.
 */
export async function enqueueBookingMail(db: Executor, config: Pick<Config, 'publicBaseUrl' | 'slug'>, kind: BookingMailKind, bookingId: number): Promise<void> {
  // A cancelled booking has no invoice to look at; the others link to theirs.
  await writeBookingMail(db, kind, bookingId, kind === 'cancellation' ? null : (token) => invoiceUrl(config, token));
}

/** The cancellation mail needs no links, so code without the configuration can queue it (hold expiry). */
export async function enqueueCancellationMail(db: Executor, bookingId: number): Promise<void> {
  await writeBookingMail(db, 'cancellation', bookingId, null);
}

async function writeBookingMail(db: Executor, kind: BookingMailKind, bookingId: number, linkFor: ((invoiceToken: string) => string) | null): Promise<void> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('partners as p', 'p.id', 'b.partner_id')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select([
      'b.confirmation_code',
      'b.checkin',
      'b.checkout',
      'b.nights',
      'b.adults',
      'b.children',
      'b.babies',
      'b.total',
      'b.currency',
      'b.payment_method',
      'b.cancel_reason',
      'b.invoice_token',
      'p.email',
      'p.first_name',
      'a.name as accommodation_name',
      'a.checkin_time',
      'a.checkout_time',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const details: BookingMailDetails = {
    confirmationCode: row.confirmation_code,
    firstName: row.first_name,
    accommodationName: row.accommodation_name,
    checkin: row.checkin,
    checkout: row.checkout,
    checkinTime: row.checkin_time,
    checkoutTime: row.checkout_time,
    nights: row.nights,
    adults: row.adults,
    children: row.children,
    babies: row.babies,
    total: row.total,
    currency: row.currency,
    paymentMethod: row.payment_method,
    cancelReason: row.cancel_reason,
  };
  const mail = renderBookingMail(kind, details, linkFor === null ? null : linkFor(row.invoice_token));
  const now = new Date().toISOString();
  await db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: `booking_${kind}`,
      booking_id: bookingId,
      recipient: row.email,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
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
