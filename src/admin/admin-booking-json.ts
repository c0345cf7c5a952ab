import { storedDecimals } from '../accommodations/accommodation-mapper.ts';
import { parseExtras } from '../pricing/booked-extras.ts';
import { toMajor } from '../shared/money.ts';
import type { BookingRow } from './booking-queries.ts';

/** The admin's view of a booking: every stored fact, amounts in major units of its currency. */

export function bookingToJson(row: BookingRow) {
  const decimals = storedDecimals(row.currency);
  const major = (minor: number) => toMajor(minor, decimals);
  const extras = Object.fromEntries(
    Object.entries(parseExtras(row.extras)).map(([name, minor]) => [name, major(minor)]),
  );
  return {
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
    payment_method: row.payment_method,
    payment_intent_id: row.payment_intent_id,
    currency: row.currency,
    pricing: {
      base_price: major(row.base_price),
      discount: major(row.discount),
      cleaning_fee: major(row.cleaning_fee),
      extras,
      tax: major(row.tax),
      total: major(row.total),
    },
    total_amount: major(row.total),
    hold_expires_at: row.hold_expires_at,
    cancel_reason: row.cancel_reason,
    partner: {
      id: row.partner_id,
      name: `${row.guest_first_name} ${row.guest_last_name}`.trim(),
      email: row.guest_email,
      phone: row.guest_phone,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
    confirmed_at: row.confirmed_at,
    cancelled_at: row.cancelled_at,
  };
}
