import { storedDecimals } from '../accommodations/accommodation-mapper.ts';
import type { Config } from '../config/config.ts';
import { guestPageUrl } from '../guests/guest-page-url.ts';
import { guestAddressOf } from '../guests/stored-address.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { bookingSchedule } from '../pricing/payment-schedule.ts';
import { parseExtras } from '../pricing/booked-extras.ts';
import { diffDays } from '../shared/dates.ts';
import { toMajor } from '../shared/money.ts';
import type { RegistrationState } from '../registrations/registration-state.ts';
import type { BookingRow, ImportedStayRow, listPayments, listRefunds } from './booking-queries.ts';

/**
 * The admin's view of a booking: every stored fact, amounts in major units of its currency, its
 * guest page's address, and how far its online check-in is (registrationStates,
 * src/registrations/registration-repository.ts).
 */
export function bookingToJson(row: BookingRow, registration: RegistrationState, config: Pick<Config, 'publicBaseUrl'>) {
  const decimals = storedDecimals(row.currency);
  const major = (minor: number) => toMajor(minor, decimals);
  const extras = Object.fromEntries(
    Object.entries(parseExtras(row.extras)).map(([name, minor]) => [name, major(minor)]),
  );
  const payment = paymentSummary(row);
  return {
    kind: 'booking' as const,
    id: row.id,
    confirmation_code: row.confirmation_code,
    accommodation_id: row.accommodation_id,
    accommodation_name: row.accommodation_name,
    status: row.status,
    source: row.source,
    checkin_date: row.checkin,
    checkout_date: row.checkout,
    nights: row.nights,
    adults: row.adults,
    children: row.children,
    babies: row.babies,
    guest_notes: row.guest_notes,
    internal_note: row.internal_note,
    payment_method: row.payment_method,
    payment_intent_id: row.payment_intent_id,
    currency: row.currency,
    pricing: {
      base_price: major(row.base_price),
      discount: major(row.discount),
      cleaning_fee: major(row.cleaning_fee),
      extras,
      extra_guest_fee: major(row.extra_guest_fee),
      tax: major(row.tax),
      city_tax: major(row.city_tax),
      price_reduction: major(row.price_reduction),
      total: major(row.total),
    },
    total_amount: major(row.total),
    price_note: row.price_note,
    payment: {
      amount_due: major(payment.amount_due),
      amount_paid: major(payment.amount_paid),
      balance: major(payment.balance),
      state: payment.state,
      schedule: bookingSchedule(row).map((e) => ({ due_on: e.due_on, amount: major(e.amount) })),
    },
    cancellation_fee: row.cancellation_fee === null ? null : major(row.cancellation_fee),
    deposit:
      row.deposit_amount === null || row.deposit_state === null
        ? null
        : { amount: major(row.deposit_amount), state: row.deposit_state, kept_amount: major(row.deposit_kept) },
    hold_expires_at: row.hold_expires_at,
    cancel_reason: row.cancel_reason,
    partner: {
      id: row.guest_id,
      name: `${row.guest_first_name} ${row.guest_last_name}`.trim(),
      email: row.guest_email,
      phone: row.guest_phone,
    },
    guest: {
      first_name: row.guest_first_name,
      last_name: row.guest_last_name,
      email: row.guest_email,
      phone: row.guest_phone,
      address: guestAddressOf(row.guest_address),
      company_name: row.guest_company_name,
      company_tax_id: row.guest_company_tax_id,
    },
    registration_state: registration,
    created_at: row.created_at,
    updated_at: row.updated_at,
    confirmed_at: row.confirmed_at,
    cancelled_at: row.cancelled_at,
    guest_url: guestPageUrl(config, row.guest_token),
  };
}

/** A recorded payment, in major units of the booking's currency. */
export function paymentToJson(currency: string, p: Awaited<ReturnType<typeof listPayments>>[number]) {
  return {
    id: p.id,
    amount: toMajor(p.amount, storedDecimals(currency)),
    method: p.method,
    received_on: p.received_on,
    reference: p.reference,
    recorded_by: p.recorded_by,
    recorded_at: p.created_at,
    undone_at: p.undone_at,
    undone_by: p.undone_by,
  };
}

/** A refund, in major units of the booking's currency. */
export function refundToJson(currency: string, r: Awaited<ReturnType<typeof listRefunds>>[number]) {
  return {
    id: r.id,
    amount: toMajor(r.amount, storedDecimals(currency)),
    method: r.method,
    reason: r.reason,
    effect: r.effect,
    recorded_by: r.recorded_by,
    recorded_at: r.created_at,
  };
}

/** A stay imported from a channel's feed, listed beside the bookings (`?include=imports`). */
export function importedStayToJson(row: ImportedStayRow) {
  return {
    kind: 'import' as const,
    id: row.id,
    accommodation_id: row.accommodation_id,
    accommodation_name: row.accommodation_name,
    source: row.feed_name,
    summary: row.summary,
    checkin_date: row.start_date,
    checkout_date: row.end_date,
    nights: diffDays(row.start_date, row.end_date),
    created_at: row.created_at,
  };
}
