import type { Config } from '../config/config.ts';
import type { Accommodation, Mode } from '../db/schema.ts';
import { invoiceUrl } from '../invoices/invoice-url.ts';
import { bookingMailRow } from '../mail/enqueue-booking-mail.ts';
import type { HostIdentity } from '../settings/host-identity.ts';
import { guestColumns } from '../guests/guest-repository.ts';
import type { StayQuote } from '../pricing/price-stay.ts';
import { quoteColumns } from '../pricing/quote-stay.ts';
import { eachDate } from '../shared/dates.ts';
import { guestLanguageOf } from '../shared/guest-language.ts';
import { formatMoney } from '../shared/money.ts';
import { bookingSearchText } from '../shared/search-text.ts';
import { colorIndexOf } from './booking-codes.ts';
import type { BookingCreated, CreateBookingInput } from './booking-schemas.ts';
import { isConfirmed } from './booking-transitions.ts';
import { moneySnapshot } from './money-snapshot.ts';
import type { BookingRows } from './insert-booking-rows.ts';
import { nextSteps } from './next-steps.ts';

/**
 * A new booking's rows and its answer, built from the checked and priced request (pure: the
 * codes and the time come in). This is the one place a new booking's outbox rows are made (the
 * guest's confirmation mail today); insertBookingRows writes them with the booking on both stores.
 */

/** A stay checked against its accommodation's rules and priced: what a new booking is written from. */
export interface PricedStay {
  accommodation: Accommodation;
  stay: { checkin: string; checkout: string; nights: number };
  quote: StayQuote;
  /** Where the booking starts (transition table: initialStatus). */
  status: 'draft' | 'confirmed';
  /** When a draft's hold on its nights ends; null for a confirmed booking. */
  holdExpiresAt: string | null;
}

/** What is made up for a new booking rather than taken from the request. */
export interface NewBookingFacts {
  apiKeyId: number;
  /** A v1 key matches its guests among its own (docs/decisions.md#tenant-isolation); null: an admin key, among all. */
  guestsOfKey: number | null;
  confirmationCode: string;
  invoiceToken: string;
  guestToken: string;
  now: string;
  /** The host's business and bank details, which the confirmation mail carries. */
  host: HostIdentity;
  /** 'test': a test key's booking (docs/partners.md#test-mode); its mail is kept as `test`, never sent. */
  mode?: Mode;
}

export function newBookingRows(
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  input: CreateBookingInput,
  priced: PricedStay,
  facts: NewBookingFacts,
): BookingRows {
  const { accommodation, stay, quote, status } = priced;
  const b = input.booking_data;
  const booking = {
    accommodation_id: accommodation.id,
    confirmation_code: facts.confirmationCode,
    status,
    source: 'direct',
    checkin: stay.checkin,
    checkout: stay.checkout,
    nights: stay.nights,
    adults: b.adults_count,
    children: b.children_count,
    babies: b.babies_count,
    guest_notes: b.guest_notes ?? '',
    payment_method: b.payment_method,
    payment_intent_id: b.payment_intent_id ?? null,
    currency: accommodation.currency,
    ...quoteColumns(quote),
    ...moneySnapshot(accommodation),
    hold_expires_at: priced.holdExpiresAt,
    cancel_reason: null,
    invoice_token: facts.invoiceToken,
    guest_token: facts.guestToken,
    api_key_id: facts.apiKeyId,
    color_index: colorIndexOf(facts.confirmationCode),
    created_at: facts.now,
    updated_at: facts.now,
    confirmed_at: isConfirmed(status) ? facts.now : null,
    cancelled_at: null,
    hold_expired_at: null,
    language: guestLanguageOf(b.language),
    ...guestColumns(input.partner_data),
    mode: facts.mode ?? 'live',
  };
  const withSearch = { ...booking, search_text: bookingSearchText(booking) };
  return {
    guest: { ...input.partner_data, guestsOfKey: facts.guestsOfKey },
    booking: withSearch,
    nights: eachDate(stay.checkin, stay.checkout),
    actor: { kind: 'api_key', apiKeyId: facts.apiKeyId },
    // Card drafts are mailed when the payment confirms them; the others now.
    mail: isConfirmed(status)
      ? bookingMailRow(
          config,
          'confirmation',
          {
            ...booking,
            accommodation_name: accommodation.name,
            checkin_time: accommodation.checkin_time,
            checkout_time: accommodation.checkout_time,
            accommodation_language: accommodation.language,
            timezone: accommodation.timezone,
            registration_number: accommodation.registration_number,
          },
          facts.host,
          facts.now,
          booking.mode,
        )
      : null,
  };
}

/** The answer to POST /bookings once the rows are written under these ids. */
export function createdAnswer(
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  input: CreateBookingInput,
  priced: PricedStay,
  rows: BookingRows,
  ids: { bookingId: number; guestId: number },
): BookingCreated {
  const code = rows.booking.confirmation_code;
  const url = invoiceUrl(config, rows.booking.invoice_token);
  return {
    booking_id: ids.bookingId,
    confirmation_code: code,
    booking_reference: code,
    partner_id: ids.guestId,
    invoice_url: url,
    status: priced.status,
    next_steps: nextSteps({
      status: priced.status,
      paymentMethod: input.booking_data.payment_method,
      confirmationCode: code,
      bookingId: ids.bookingId,
      email: input.partner_data.email,
      nights: priced.stay.nights,
      total: formatMoney(priced.quote.total, priced.accommodation.currency),
      holdExpiresAt: priced.holdExpiresAt,
      invoiceUrl: url,
      bookingPath: `/api/v1/${config.slug}/bookings/${ids.bookingId}`,
    }),
  };
}
