import type { Config } from '../config/config.ts';
import type { NewOutboxMessage } from '../db/schema.ts';
import { bookingsWithGuest } from '../db/booking-with-guest.ts';
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
export async function enqueueBookingMail(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  kind: BookingMailKind,
  bookingId: number,
): Promise<void> {
  // A cancelled booking has no invoice to look at; the others link to theirs.
  await writeBookingMail(db, kind, bookingId, kind === 'cancellation' ? null : (token) => invoiceUrl(config, token));
}

async function writeBookingMail(
  db: Executor,
  kind: BookingMailKind,
  bookingId: number,
  linkFor: ((invoiceToken: string) => string) | null,
): Promise<void> {
  const row = await bookingsWithGuest(db).where('b.id', '=', bookingId).executeTakeFirstOrThrow();
  const details: BookingMailDetails = {
    confirmationCode: row.confirmation_code,
    firstName: row.guest_first_name,
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
  await insertBookingMail(
    db,
    kind,
    { bookingId, recipient: row.guest_email, details },
    linkFor === null ? null : linkFor(row.invoice_token),
  );
}

export type BookingMailRow = Omit<NewOutboxMessage, 'booking_id'>;

/**
 * The outbox row of a booking mail, rendered from details the caller already holds (booking
 * creation has every one of them in hand); the caller writes it with the booking's id.
 */
export function bookingMailRow(
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  kind: Exclude<BookingMailKind, 'cancellation'>,
  mail: { recipient: string; invoiceToken: string; details: BookingMailDetails },
  now: string,
): BookingMailRow {
  return outboxRow(kind, mail, invoiceUrl(config, mail.invoiceToken), now);
}

function outboxRow(
  kind: BookingMailKind,
  mail: { recipient: string; details: BookingMailDetails },
  invoiceLink: string | null,
  now: string,
): BookingMailRow {
  const rendered = renderBookingMail(kind, mail.details, invoiceLink);
  return {
    kind: 'mail',
    template: `booking_${kind}`,
    recipient: mail.recipient,
    subject: rendered.subject,
    body_text: rendered.text,
    body_html: rendered.html,
    status: 'pending',
    next_attempt_at: now,
    locked_until: null,
    locked_by: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  };
}

async function insertBookingMail(
  db: Executor,
  kind: BookingMailKind,
  mail: { bookingId: number; recipient: string; details: BookingMailDetails },
  invoiceLink: string | null,
): Promise<void> {
  const row = outboxRow(kind, mail, invoiceLink, new Date().toISOString());
  await db
    .insertInto('outbox')
    .values({ ...row, booking_id: mail.bookingId })
    .execute();
}
