import type { AppContext } from '../app-context.ts';
import { loadCachedAccommodation, nightlyOverrides } from '../accommodations/load-accommodation.ts';
import { refuseIfArchived } from '../accommodations/manage-accommodations.ts';
import type { Accommodation, ApiKeyScope, Mode } from '../db/schema.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { viewerOfKey } from '../http/viewer.ts';
import { checkStayOrThrow } from '../pricing/check-stay-or-throw.ts';
import { decimalsOf } from '../pricing/accommodation-rules.ts';
import type { StayQuote } from '../pricing/price-stay.ts';
import { priceFromOverrides } from '../pricing/quote-stay.ts';
import { cachedHostIdentity } from '../settings/host-identity.ts';
import { amountMatches, toMajor } from '../shared/money.ts';
import { newConfirmationCode, newGuestToken, newInvoiceToken } from './booking-codes.ts';
import type { BookingCreated, CreateBookingInput } from './booking-schemas.ts';
import { initialStatus, isDraft } from './booking-transitions.ts';
import { replayIdempotent, requestHash } from './idempotency.ts';
import { createdAnswer, newBookingRows, type PricedStay } from './new-booking-rows.ts';
import { writeBooking } from './write-booking.ts';

const BOOKING_FIELDS = {
  checkin: 'booking_data.checkin_date',
  checkout: 'booking_data.checkout_date',
  guests: 'booking_data.adults_count',
};

/**
 * POST /bookings (docs/api.md#bookings-create), the lifecycle's `create`, in three steps:
 * check and price the stay from the cached accommodation and its prices (checkAndPrice), build
 * the rows (new-booking-rows.ts, pure), and write them — the guest, the booking, its nights, its
 * outbox mail and the idempotency record together or not at all — retrying what a race allows
 * (write-booking.ts).
 */
export async function createBooking(
  ctx: AppContext,
  key: { readonly id: number; readonly scope: ApiKeyScope; readonly mode?: Mode },
  input: CreateBookingInput,
): Promise<BookingCreated> {
  // The booking remembers the key that made it: that key (and admin keys) read it in full.
  const apiKeyId = key.id;
  const idempotencyKey = input.booking_data.idempotency_key;
  const idempotency = idempotencyKey === undefined ? null : { apiKeyId, key: idempotencyKey, hash: requestHash(input) };
  if (idempotency !== null) {
    const replay = await replayIdempotent(ctx.db, apiKeyId, idempotency.key, idempotency.hash);
    if (replay !== null) return replay;
  }

  const now = ctx.now();
  const priced = await checkAndPrice(ctx, apiKeyId, input, now);
  const rows = newBookingRows(ctx.config, input, priced, {
    apiKeyId,
    guestsOfKey: key.scope === 'admin' ? null : apiKeyId,
    confirmationCode: newConfirmationCode(),
    invoiceToken: newInvoiceToken(),
    guestToken: newGuestToken(),
    now: now.toISOString(),
    host: await cachedHostIdentity(ctx.db, ctx.caches.hostIdentity),
    mode: key.mode ?? 'live',
  });
  return writeBooking(ctx, {
    rows,
    now: now.toISOString(),
    viewer: viewerOfKey(key),
    idempotency,
    draftCap: isDraft(priced.status) ? { apiKeyId, cap: ctx.config.limits.draftsPerKey, now } : null,
    answer: (ids) => createdAnswer(ctx.config, input, priced, rows, ids),
    accommodationName: priced.accommodation.name,
  });
}

/**
 * The stay checked against the accommodation's rules (a 400 names the field), priced from the
 * cached accommodation and its prices, the caller's amount checked against the price (409), and
 * for a card draft, when its hold ends (the key's cap on live drafts is checked as it is written).
 */
async function checkAndPrice(
  ctx: AppContext,
  apiKeyId: number,
  input: CreateBookingInput,
  now: Date,
): Promise<PricedStay> {
  const cached = await loadCachedAccommodation(ctx, input.accommodation_id);
  const accommodation = cached.accommodation;
  refuseIfArchived(accommodation, 'accommodation_id');
  const b = input.booking_data;
  const guests = b.adults_count + b.children_count;
  const stay = checkStayOrThrow(
    accommodation,
    { checkin: b.checkin_date, checkout: b.checkout_date, guests },
    BOOKING_FIELDS,
    now,
  );
  const prices = await nightlyOverrides(ctx, cached, stay.checkin, stay.checkout);
  const wanted = { ...stay, guests, children: b.children_count, extras: input.extras ?? {} };
  const quote = priceFromOverrides(accommodation, wanted, prices);
  // The availability answer without a composition counts every guest as an adult: its total is
  // accepted too, and the booking is priced for who actually stays.
  const quotedAsAdults = () => priceFromOverrides(accommodation, { ...wanted, children: 0 }, prices).total;
  checkAmount(input, quote, quotedAsAdults, accommodation);

  const status = initialStatus(b.payment_method);
  const holdExpiresAt = isDraft(status)
    ? new Date(now.getTime() + ctx.config.draftHoldSeconds * 1000).toISOString()
    : null;
  return { accommodation, stay, quote, status, holdExpiresAt };
}

/**
 * docs/api.md#bookings-create: the caller's amount must match the computed total to within half a
 * minor unit, or the total availability quoted for the same guests all counted as adults
 * (docs/money.md#city-tax-and-extra-guests).
 */
function checkAmount(
  input: CreateBookingInput,
  quote: StayQuote,
  quotedAsAdults: () => number,
  accommodation: Accommodation,
): void {
  const { expected_amount, total_amount } = input.booking_data;
  const received = expected_amount ?? total_amount;
  const decimals = decimalsOf(accommodation.currency);
  if (received === undefined) {
    throw badRequest('missing', 'Send the total you expect to pay as booking_data.expected_amount (or total_amount).', {
      parameter: 'booking_data.expected_amount',
      expected: 'number',
      received: null,
    });
  }
  const matches =
    amountMatches(received, quote.total, decimals) ||
    (quote.cityTax > 0 && input.booking_data.children_count > 0 && amountMatches(received, quotedAsAdults(), decimals));
  if (!matches) {
    throw conflict(
      'price_mismatch',
      `The amount sent (${received}) does not match the price of the stay ` +
        `(${toMajor(quote.total, decimals)} ${accommodation.currency}).`,
      {
        parameter: expected_amount === undefined ? 'booking_data.total_amount' : 'booking_data.expected_amount',
        expected: toMajor(quote.total, decimals),
        received,
      },
    );
  }
}
