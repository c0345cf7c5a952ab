import type { AppContext } from '../app-context.ts';
import { loadCachedAccommodation, nightlyOverrides } from '../accommodations/load-accommodation.ts';
import { refuseIfArchived } from '../accommodations/manage-accommodations.ts';
import type { Accommodation, PaymentMethod } from '../db/schema.ts';
import { SEES_ALL } from '../http/viewer.ts';
import { bookingMailRow } from '../mail/enqueue-booking-mail.ts';
import { guestColumns } from '../guests/guest-repository.ts';
import { toMinorOrFail } from '../accommodations/accommodation-mapper.ts';
import { decimalsOf } from '../pricing/accommodation-rules.ts';
import { checkStayOrThrow } from '../pricing/check-stay-or-throw.ts';
import type { StayQuote } from '../pricing/price-stay.ts';
import { priceFromOverrides, quoteColumns } from '../pricing/quote-stay.ts';
import { eachDate } from '../shared/dates.ts';
import { bookingSearchText } from '../shared/search-text.ts';
import type { BookingActor } from './booking-lifecycle.ts';
import { colorIndexOf, newConfirmationCode, newGuestToken, newInvoiceToken } from './booking-codes.ts';
import type { BookingRows } from './insert-booking-rows.ts';
import { moneySnapshot } from './money-snapshot.ts';
import { writeBooking } from './write-booking.ts';
import { cachedHostIdentity } from '../settings/host-identity.ts';

/** A booking the host makes by hand (phone, walk-in, owner stay): docs/api.md#admin-bookings. */
export interface HostBookingInput {
  accommodationId: number;
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  babies: number;
  guest: { first_name: string; last_name: string; email?: string | undefined; phone?: string | undefined };
  source: string;
  paymentMethod: PaymentMethod;
  /** The price in major units of the accommodation's currency, set by hand; undefined: the computed price. */
  total?: number | undefined;
  priceNote?: string | undefined;
  internalNote?: string | undefined;
  /** Mail the guest a confirmation (only when the guest has an e-mail). */
  notifyGuest: boolean;
  /** Skip the minimum and maximum stay (never the taken nights, the guests or the dates). */
  overrideRules: boolean;
}

/** The field names a 400 or 409 of the admin API names. */
const FIELDS = { checkin: 'checkin_date', checkout: 'checkout_date', guests: 'adults_count' };

/** A stay checked as the host asks for it, and its computed price. */
export interface HostQuote {
  accommodation: Accommodation;
  stay: { checkin: string; checkout: string; nights: number };
  quote: StayQuote;
}

/**
 * Checks a stay against the accommodation's rules as for v1 (with `overrideRules`, the minimum and
 * maximum stay are not applied) and prices it with the same pricing: the console's live quote and
 * the first step of a booking by hand.
 */
export async function quoteHostStay(
  ctx: AppContext,
  input: Pick<HostBookingInput, 'accommodationId' | 'checkin' | 'checkout' | 'adults' | 'children' | 'overrideRules'>,
): Promise<HostQuote> {
  const cached = await loadCachedAccommodation(ctx, input.accommodationId);
  const accommodation = cached.accommodation;
  refuseIfArchived(accommodation, 'accommodation_id');
  const guests = input.adults + input.children;
  const rules = input.overrideRules
    ? { ...accommodation, min_stay: 1, max_stay: Number.MAX_SAFE_INTEGER }
    : accommodation;
  const stay = checkStayOrThrow(rules, { checkin: input.checkin, checkout: input.checkout, guests }, FIELDS, ctx.now());
  const prices = await nightlyOverrides(ctx, cached, stay.checkin, stay.checkout);
  const quote = priceFromOverrides(accommodation, { ...stay, guests, children: input.children, extras: {} }, prices);
  return { accommodation, stay, quote };
}

/**
 * The lifecycle's `create` for the host: the booking is confirmed at once, its nights claimed
 * through the same write as a v1 booking (a taken night is the same 409 dates_unavailable, and a
 * race for the nights is settled by the database), and its first history row names the host.
 * Returns the new booking's id.
 */
export async function createHostBooking(
  ctx: AppContext,
  input: HostBookingInput,
  actor: BookingActor,
): Promise<number> {
  const { accommodation, stay, quote } = await quoteHostStay(ctx, input);
  const now = ctx.now().toISOString();
  const code = newConfirmationCode();
  const email = input.guest.email?.trim() ?? '';
  const guest = {
    first_name: input.guest.first_name,
    last_name: input.guest.last_name,
    email,
    ...(input.guest.phone?.trim() ? { phone: input.guest.phone.trim() } : {}),
  };
  const total =
    input.total === undefined
      ? quote.total
      : toMinorOrFail('total_amount', input.total, accommodation.currency, decimalsOf(accommodation.currency));
  const columns = { ...quoteColumns(quote), total };
  const booking = {
    accommodation_id: accommodation.id,
    confirmation_code: code,
    status: 'confirmed' as const,
    source: input.source,
    checkin: stay.checkin,
    checkout: stay.checkout,
    nights: stay.nights,
    adults: input.adults,
    children: input.children,
    babies: input.babies,
    guest_notes: '',
    internal_note: input.internalNote?.trim() ?? '',
    price_note: input.total === undefined ? null : input.priceNote?.trim() || null,
    payment_method: input.paymentMethod,
    payment_intent_id: null,
    currency: accommodation.currency,
    ...columns,
    ...moneySnapshot(accommodation),
    hold_expires_at: null,
    cancel_reason: null,
    invoice_token: newInvoiceToken(),
    guest_token: newGuestToken(),
    api_key_id: actor.kind === 'host' && 'apiKeyId' in actor ? actor.apiKeyId : null,
    color_index: colorIndexOf(code),
    created_at: now,
    updated_at: now,
    confirmed_at: now,
    cancelled_at: null,
    hold_expired_at: null,
    // The host books in the accommodation's language (docs/api.md#mail).
    language: null,
    ...guestColumns(guest),
  };
  const mailed = input.notifyGuest && email !== '';
  const host = mailed ? await cachedHostIdentity(ctx.db, ctx.caches.hostIdentity) : null;
  const rows: BookingRows = {
    guest,
    booking: { ...booking, search_text: bookingSearchText(booking) },
    nights: eachDate(stay.checkin, stay.checkout),
    actor,
    createdReason: `created by the host (${input.source}), paid by ${input.paymentMethod}${
      input.total === undefined ? '' : ', price set by hand'
    }${mailed ? '' : '; guest not mailed'}`,
    mail:
      host !== null
        ? bookingMailRow(
            ctx.config,
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
            host,
            now,
          )
        : null,
  };
  return writeBooking(ctx, {
    rows,
    now,
    viewer: SEES_ALL,
    checkinField: FIELDS.checkin,
    idempotency: null,
    // Confirmed at once: no draft, so no cap on live drafts.
    draftCap: null,
    answer: (ids) => ids.bookingId,
    accommodationName: accommodation.name,
  });
}
