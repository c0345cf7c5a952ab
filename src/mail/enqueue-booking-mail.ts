import type { Config } from '../config/config.ts';
import type { Mode, NewOutboxMessage } from '../db/schema.ts';
import { bookingsWithGuest, type BookingWithGuest } from '../db/booking-with-guest.ts';
import type { Executor } from '../db/store.ts';
import { guestPageUrl } from '../guests/guest-page-url.ts';
import { invoiceUrl } from '../invoices/invoice-url.ts';
import { bookingSchedule } from '../pricing/payment-schedule.ts';
import { guestLanguageOf } from '../shared/guest-language.ts';
import { readHostIdentity, type HostIdentity } from '../settings/host-identity.ts';
import {
  renderBookingMail,
  type BookingMailDetails,
  type BookingMailKind,
  type MailedChanges,
} from './booking-mail-templates.ts';

export type { BookingMailKind } from './booking-mail-templates.ts';

/**
 * Writes a mail about a booking to the outbox, inside the caller's transaction: the mail is
 * committed with the change that causes it, or not at all. The mail worker delivers it later
 * (src/mail/deliver-mail.ts). The body is rendered now, so the guest reads the booking as it was
 * when the change happened; `now` (the app's clock) is when it was queued and first due.
 */
export async function enqueueBookingMail(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  kind: BookingMailKind,
  bookingId: number,
  now: string,
  /** What changed for the guest, said in a modification mail. */
  changes?: MailedChanges,
): Promise<void> {
  // A cancelled booking has no invoice to look at; the others link to theirs.
  await writeBookingMail(
    db,
    kind,
    bookingId,
    kind === 'cancellation'
      ? null
      : (row) => ({ invoice: invoiceUrl(config, row.invoice_token), guestPage: guestPageUrl(config, row.guest_token) }),
    now,
    changes,
  );
}

async function writeBookingMail(
  db: Executor,
  kind: BookingMailKind,
  bookingId: number,
  linkFor: ((row: Pick<MailedBooking, 'invoice_token' | 'guest_token'>) => MailLinks) | null,
  now: string,
  changes: MailedChanges | undefined,
): Promise<void> {
  const row = await bookingsWithGuest(db).where('b.id', '=', bookingId).executeTakeFirstOrThrow();
  // A guest the host booked without an e-mail address is not mailed.
  if (row.guest_email === '') return;
  const host = await readHostIdentity(db);
  const details = { ...mailDetailsOf(row, host), ...(changes === undefined ? {} : { changes }) };
  await insertBookingMail(
    db,
    kind,
    { bookingId, recipient: row.guest_email, details },
    linkFor === null ? NO_LINKS : linkFor(row),
    now,
    row.mode,
  );
}

/**
 * What a booking mail is written from: the booking's own columns (with the guest details it
 * keeps) and its accommodation's name and times, as bookingsWithGuest reads them.
 */
export type MailedBooking = Pick<
  BookingWithGuest,
  | 'confirmation_code'
  | 'guest_first_name'
  | 'guest_email'
  | 'invoice_token'
  | 'guest_token'
  | 'accommodation_name'
  | 'checkin'
  | 'checkout'
  | 'checkin_time'
  | 'checkout_time'
  | 'nights'
  | 'adults'
  | 'children'
  | 'babies'
  | 'total'
  | 'extra_guest_fee'
  | 'city_tax'
  | 'registration_number'
  | 'currency'
  | 'payment_method'
  | 'cancel_reason'
  | 'language'
  | 'accommodation_language'
  | 'status'
  | 'created_at'
  | 'payment_terms'
  | 'timezone'
>;

/** The one mapping from a booking to the fields its mails show. */
function mailDetailsOf(b: MailedBooking, host: HostIdentity): BookingMailDetails {
  return {
    host: { signature: host.business?.name ?? b.accommodation_name, bank: host.bank_details },
    confirmationCode: b.confirmation_code,
    firstName: b.guest_first_name,
    accommodationName: b.accommodation_name,
    checkin: b.checkin,
    checkout: b.checkout,
    checkinTime: b.checkin_time,
    checkoutTime: b.checkout_time,
    nights: b.nights,
    adults: b.adults,
    children: b.children,
    babies: b.babies,
    total: b.total,
    extraGuestFee: b.extra_guest_fee,
    cityTax: b.city_tax,
    currency: b.currency,
    registrationNumber: b.registration_number,
    paymentMethod: b.payment_method,
    schedule: bookingSchedule(b),
    cancelReason: b.cancel_reason,
    language: guestLanguageOf(b.language) ?? guestLanguageOf(b.accommodation_language) ?? 'en',
  };
}

export type BookingMailRow = Omit<NewOutboxMessage, 'booking_id'>;

/**
 * The outbox row of a booking mail, rendered from a booking the caller already holds (booking
 * creation has its rows in hand before they are written); the caller writes it with the booking's id.
 */
export function bookingMailRow(
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  kind: Exclude<BookingMailKind, 'cancellation'>,
  booking: MailedBooking,
  host: HostIdentity,
  now: string,
  mode: Mode = 'live',
): BookingMailRow {
  return outboxRow(
    kind,
    { recipient: booking.guest_email, details: mailDetailsOf(booking, host) },
    { invoice: invoiceUrl(config, booking.invoice_token), guestPage: guestPageUrl(config, booking.guest_token) },
    now,
    mode,
  );
}

/** The links a booking mail carries: its invoice and the guest's page. */
interface MailLinks {
  invoice: string | null;
  guestPage: string | null;
}
const NO_LINKS: MailLinks = { invoice: null, guestPage: null };

/** A test booking's mail is kept for the host to read, as `test`: the mail worker sends only `pending` ones. */
function outboxRow(
  kind: BookingMailKind,
  mail: { recipient: string; details: BookingMailDetails },
  links: MailLinks,
  now: string,
  mode: Mode,
): BookingMailRow {
  const rendered = renderBookingMail(kind, mail.details, links.invoice, links.guestPage);
  return {
    kind: 'mail',
    template: `booking_${kind}`,
    recipient: mail.recipient,
    subject: rendered.subject,
    body_text: rendered.text,
    body_html: rendered.html,
    status: mode === 'test' ? 'test' : 'pending',
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
  links: MailLinks,
  now: string,
  mode: Mode,
): Promise<void> {
  const row = outboxRow(kind, mail, links, now, mode);
  await db
    .insertInto('outbox')
    .values({ ...row, booking_id: mail.bookingId })
    .execute();
}
