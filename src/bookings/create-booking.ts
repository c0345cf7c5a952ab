import type { AppContext } from '../app-context.ts';
import { loadCachedAccommodation, nightlyOverrides } from '../accommodations/load-accommodation.ts';
import { isPostgres, isTransientConflict, isUniqueViolation } from '../db/dialect.ts';
import type { Accommodation, ApiKeyScope, BookingStatus } from '../db/schema.ts';
import { badRequest, conflict, type AppError } from '../http/errors.ts';
import { viewerOfKey, type Viewer } from '../http/viewer.ts';
import { invoiceUrl } from '../invoices/invoice-url.ts';
import { assertDraftCapacity } from '../limits/draft-cap.ts';
import { bookingMailRow } from '../mail/enqueue-booking-mail.ts';
import { NightTakenError, type TakenNight } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { loadNightWindow } from '../occupancy/night-window.ts';
import { decimalsOf } from '../pricing/accommodation-rules.ts';
import type { StayQuote } from '../pricing/price-stay.ts';
import { eachDate } from '../shared/dates.ts';
import { amountMatches, formatMoney, toMajor } from '../shared/money.ts';
import { colorIndexOf, newConfirmationCode, newInvoiceToken } from './booking-codes.ts';
import type { BookingCreated, CreateBookingInput } from './booking-schemas.ts';
import { recordIdempotent, replayIdempotent, requestHash } from './idempotency.ts';
import { insertBookingRows, type BookingRows } from './insert-booking-rows.ts';
import { nextSteps } from './next-steps.ts';
import { guestColumns } from '../partners/partner-repository.ts';
import { priceFromOverrides, quoteColumns } from '../pricing/quote-stay.ts';
import { checkStayOrThrow } from '../pricing/check-stay-or-throw.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';
import { applyChange } from '../caches.ts';

/** How often a booking is written when PostgreSQL aborts it for a deadlock. */
const WRITE_ATTEMPTS = 3;

const BOOKING_FIELDS = {
  checkin: 'booking_data.checkin_date',
  checkout: 'booking_data.checkout_date',
  guests: 'booking_data.adults_count',
};

/** decisions.md 5: the caller's amount must match the computed total to within half a minor unit. */
function checkAmount(input: CreateBookingInput, quote: StayQuote, accommodation: Accommodation): void {
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
  if (!amountMatches(received, quote.total, decimals)) {
    throw conflict(
      'price_mismatch',
      `The amount sent (${received}) does not match the price of the stay (${toMajor(quote.total, decimals)} ${accommodation.currency}).`,
      {
        parameter: expected_amount === undefined ? 'booking_data.total_amount' : 'booking_data.expected_amount',
        expected: toMajor(quote.total, decimals),
        received,
      },
    );
  }
}

/**
 * POST /bookings (api-v1.md 4.2, decisions.md 5). Validation and pricing come first, from the
 * cached accommodation and its prices; then the partner, the booking, its nights, its outbox
 * mail and the idempotency record are written together or not at all. The nights are not read
 * beforehand: the unique key on night_claims decides whether they are free, and a race for them.
 */
export async function createBooking(
  ctx: AppContext,
  key: { readonly id: number; readonly scope: ApiKeyScope },
  input: CreateBookingInput,
): Promise<BookingCreated> {
  // The booking remembers the key that made it: that key (and admin keys) read it in full.
  const apiKeyId = key.id;
  const viewer = viewerOfKey(key);
  const idempotencyKey = input.booking_data.idempotency_key;
  const hash = idempotencyKey === undefined ? '' : requestHash(input);
  if (idempotencyKey !== undefined) {
    const replay = await replayIdempotent(ctx.db, apiKeyId, idempotencyKey, hash);
    if (replay !== null) return replay;
  }

  const now = ctx.now();
  const nowIso = now.toISOString();
  const cached = await loadCachedAccommodation(ctx, input.accommodation_id);
  const accommodation = cached.accommodation;
  const b = input.booking_data;
  const guests = b.adults_count + b.children_count;
  const stay = checkStayOrThrow(
    accommodation,
    { checkin: b.checkin_date, checkout: b.checkout_date, guests },
    BOOKING_FIELDS,
    now,
  );
  const prices = await nightlyOverrides(ctx, cached, stay.checkin, stay.checkout);
  const quote = priceFromOverrides(accommodation, { ...stay, guests, extras: input.extras ?? {} }, prices);
  checkAmount(input, quote, accommodation);

  const status: BookingStatus = b.payment_method === 'card_processor' ? 'draft' : 'confirmed';
  if (status === 'draft') await assertDraftCapacity(ctx, apiKeyId, now);
  const holdExpiresAt =
    status === 'draft' ? new Date(now.getTime() + ctx.config.draftHoldSeconds * 1000).toISOString() : null;

  const invoiceToken = newInvoiceToken();
  const confirmationCode = newConfirmationCode();
  const rows: BookingRows = {
    partner: input.partner_data,
    booking: {
      accommodation_id: accommodation.id,
      confirmation_code: confirmationCode,
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
      hold_expires_at: holdExpiresAt,
      cancel_reason: null,
      invoice_token: invoiceToken,
      api_key_id: apiKeyId,
      color_index: colorIndexOf(confirmationCode),
      created_at: nowIso,
      updated_at: nowIso,
      confirmed_at: status === 'confirmed' ? nowIso : null,
      cancelled_at: null,
      hold_expired_at: null,
      ...guestColumns(input.partner_data),
    },
    nights: eachDate(stay.checkin, stay.checkout),
    actor: { kind: 'api_key', apiKeyId },
    // Card drafts are mailed when the payment confirms them; the others now.
    mail:
      status === 'confirmed'
        ? bookingMailRow(
            ctx.config,
            'confirmation',
            {
              recipient: input.partner_data.email.trim(),
              invoiceToken,
              details: {
                confirmationCode,
                firstName: input.partner_data.first_name.trim(),
                accommodationName: accommodation.name,
                checkin: stay.checkin,
                checkout: stay.checkout,
                checkinTime: accommodation.checkin_time,
                checkoutTime: accommodation.checkout_time,
                nights: stay.nights,
                adults: b.adults_count,
                children: b.children_count,
                babies: b.babies_count,
                total: quote.total,
                currency: accommodation.currency,
                paymentMethod: b.payment_method,
                cancelReason: null,
              },
            },
            nowIso,
          )
        : null,
  };
  const respond = (bookingId: number, partnerId: number): BookingCreated => {
    const url = invoiceUrl(ctx.config, invoiceToken);
    return {
      booking_id: bookingId,
      confirmation_code: confirmationCode,
      booking_reference: confirmationCode,
      partner_id: partnerId,
      invoice_url: url,
      status,
      next_steps: nextSteps({
        status: status === 'draft' ? 'draft' : 'confirmed',
        paymentMethod: b.payment_method,
        confirmationCode,
        bookingId,
        email: input.partner_data.email,
        nights: stay.nights,
        total: formatMoney(quote.total, accommodation.currency),
        holdExpiresAt,
        invoiceUrl: url,
        bookingPath: `/api/v1/${ctx.config.slug}/bookings/${bookingId}`,
      }),
    };
  };

  /**
   * Writes the booking. The primary key of night_claims decides whether the nights are free,
   * so nothing is read first: on PostgreSQL a booking without an idempotency key is one
   * statement. A transaction is needed on SQLite, or to store the idempotent answer with the
   * booking.
   */
  const writeOnce = async (): Promise<BookingCreated> => {
    if (isPostgres(ctx.db) && idempotencyKey === undefined) {
      const ids = await insertBookingRows(ctx.db, rows, nowIso);
      return respond(ids.bookingId, ids.partnerId);
    }
    // On the embedded store, bookings that arrive together share one commit (db/group-commit.ts).
    return ctx.store.commitTogether(async (trx) => {
      const ids = await insertBookingRows(trx, rows, nowIso);
      const response = respond(ids.bookingId, ids.partnerId);
      if (idempotencyKey !== undefined) {
        await recordIdempotent(trx, {
          apiKeyId,
          key: idempotencyKey,
          hash,
          bookingId: ids.bookingId,
          response,
          now: nowIso,
        });
      }
      return response;
    });
  };
  /**
   * A booking's statement can deadlock with a transaction that frees and claims nights in
   * another order (a block, a webhook change, a payment); PostgreSQL then aborts one of them.
   * The booking changed nothing, so it runs again.
   */
  const write = async (): Promise<BookingCreated> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeOnce();
      } catch (error) {
        if (attempt >= WRITE_ATTEMPTS || !isTransientConflict(error)) throw error;
      }
    }
  };
  /** A concurrent repeat of the same idempotency key won the race: answer as it did. */
  const replayAfterRace = async (error: unknown): Promise<BookingCreated | null> =>
    idempotencyKey !== undefined && (error instanceof NightTakenError || isUniqueViolation(error))
      ? replayIdempotent(ctx.db, apiKeyId, idempotencyKey, hash)
      : null;

  // The nights are read only when one was refused. If someone holds it, the answer names who.
  // If only card drafts whose hold has run out hold the nights, they are expired first, in their
  // own short transaction as the expiry job would (so no transaction holds a draft while it
  // waits for a guest's row), and the booking is written once more.
  let created: BookingCreated | null = null;
  for (let attempt = 1; created === null; attempt++) {
    try {
      created = await write();
    } catch (error) {
      const replay = await replayAfterRace(error);
      if (replay !== null) return replay;
      if (!(error instanceof NightTakenError)) throw error;
      const window = await loadNightWindow(ctx.db, accommodation.id, { from: stay.checkin, to: stay.checkout }, nowIso);
      if (window.taken.length > 0 || attempt > 1) throw takenConflict(ctx, window.taken, viewer);
      if (window.expiredHoldBookingIds.length > 0) {
        await expireHoldsOverlapping(ctx, { accommodationId: accommodation.id, from: stay.checkin, to: stay.checkout });
      }
    }
  }
  // Committed: this process's next availability and calendar answers must already see these nights, and every
  // other process drops them on the announcement (no trigger announces a new booking's claims:
  // migration 0010).
  applyChange(ctx.caches, { table: 'night_claims', id: String(accommodation.id) });
  ctx.store.changes.announce('night_claims', String(accommodation.id));
  ctx.metrics.bookingsCreated.labels(status, b.payment_method).inc();
  return created;
}

function takenConflict(ctx: AppContext, taken: readonly TakenNight[], viewer: Viewer): AppError {
  ctx.metrics.bookingConflicts.inc();
  return datesUnavailable(taken, viewer, 'booking_data.checkin_date');
}
