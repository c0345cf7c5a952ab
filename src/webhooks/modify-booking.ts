import { findAccommodation } from '../accommodations/accommodation-repository.ts';
import { checkStayOrThrow, conflictMessage } from '../availability/stay-check.ts';
import { quoteColumns, quoteStay } from '../bookings/quote-stay.ts';
import type { Config } from '../config/config.ts';
import type { Booking } from '../db/schema.ts';
import type { Tx } from '../db/store.ts';
import { conflict, type AppError } from '../http/errors.ts';
import { enqueueBookingMail } from '../mail/enqueue-booking-mail.ts';
import { NightTakenError, claimNights, expireHoldsOverlapping, findTakenNights, releaseBookingNights } from '../occupancy/night-claims.ts';
import { EXTRA_NAMES, type ExtraName, type StayQuote } from '../pricing/price-stay.ts';
import { eachDate, todayIn } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import type { NewData, UpdateResult } from './webhook-schemas.ts';

const FIELDS = { checkin: 'new_data.checkin_date', checkout: 'new_data.checkout_date', guests: 'new_data.guest_count' };

/** The extras the guest booked, read back from the priced map stored on the booking. */
function bookedExtras(stored: string): Partial<Record<ExtraName, boolean>> {
  const parsed: unknown = JSON.parse(stored);
  const extras: Partial<Record<ExtraName, boolean>> = {};
  if (typeof parsed === 'object' && parsed !== null) {
    for (const name of EXTRA_NAMES) if (Object.hasOwn(parsed, name)) extras[name] = true;
  }
  return extras;
}

/**
 * A new head count keeps the children (at most all but one guest) and counts the rest as adults:
 * a stay always has an adult, and babies are neither counted nor changed.
 */
function splitGuests(booking: Booking, guests: number): { adults: number; children: number } {
  const children = Math.min(booking.children, guests - 1);
  return { adults: guests - children, children };
}

/**
 * Webhook `booking_updated` / `modified`: applies new_data to a confirmed or modified booking
 * (locked by the caller). New dates or guests are checked like a new stay, against every other
 * booking, and re-priced; the nights move in the same transaction.
 */
export async function modifyBooking(trx: Tx, config: Config, booking: Booking, newData: NewData, now: Date): Promise<Omit<UpdateResult, 'success'>> {
  const code = booking.confirmation_code;
  if (booking.status === 'cancelled') {
    throw conflict(`Booking ${code} is cancelled and cannot be modified.`, { parameter: 'booking_id', received: booking.id, reason: 'booking_cancelled' });
  }
  if (booking.status === 'draft') {
    // Its payment is for the quoted total; changing the stay under it would break the match.
    throw conflict(`Booking ${code} is a draft awaiting card payment and cannot be modified; cancel it and book again.`, {
      parameter: 'booking_id',
      received: booking.id,
      reason: 'booking_not_confirmed',
    });
  }

  const checkin = newData.checkin_date ?? booking.checkin;
  const checkout = newData.checkout_date ?? booking.checkout;
  const guests = newData.guest_count ?? booking.adults + booking.children;
  const notes = newData.notes ?? booking.guest_notes;
  const datesChanged = checkin !== booking.checkin || checkout !== booking.checkout;
  const guestsChanged = guests !== booking.adults + booking.children;
  if (!datesChanged && !guestsChanged && notes === booking.guest_notes) {
    return { updated: false, message: `new_data matches booking ${code}; nothing changed.`, booking_id: booking.id, new_status: booking.status };
  }

  const nowIso = now.toISOString();
  let quote: StayQuote | null = null;
  let nights = booking.nights;
  if (datesChanged || guestsChanged) {
    const accommodation = await findAccommodation(trx, booking.accommodation_id);
    if (accommodation === undefined) throw new Error(`booking ${booking.id} names a missing accommodation`);
    // A stay under way keeps its check-in day: extending it or changing its guests is not "in the past".
    const today = todayIn(accommodation.timezone, now);
    const stay = checkStayOrThrow(accommodation, { checkin, checkout, guests }, FIELDS, now, checkin === booking.checkin && checkin < today ? checkin : today);
    nights = stay.nights;
    if (datesChanged) await moveNights(trx, booking, checkin, checkout, nowIso);
    quote = await quoteStay(trx, accommodation, { checkin, checkout, guests, extras: bookedExtras(booking.extras) });
  }

  const { adults, children } = guestsChanged ? splitGuests(booking, guests) : { adults: booking.adults, children: booking.children };
  await trx
    .updateTable('bookings')
    .set({
      status: 'modified',
      checkin,
      checkout,
      nights,
      adults,
      children,
      guest_notes: notes,
      ...(quote === null ? {} : quoteColumns(quote)),
      updated_at: nowIso,
    })
    .where('id', '=', booking.id)
    .execute();
  await enqueueBookingMail(trx, config, 'modification', booking.id);
  const total = formatMoney(quote?.total ?? booking.total, booking.currency);
  return {
    updated: true,
    message: `Booking ${code} modified: ${checkin} to ${checkout}, ${guests} guest${guests === 1 ? '' : 's'}, total ${total}; the guest has been mailed.`,
    booking_id: booking.id,
    new_status: 'modified',
  };
}

/** Frees the old nights and claims the new ones; any night held by another stay is a 409. */
async function moveNights(trx: Tx, booking: Booking, checkin: string, checkout: string, now: string): Promise<void> {
  const taken = await findTakenNights(trx, booking.accommodation_id, checkin, checkout, now, booking.id);
  if (taken.length > 0) throw datesUnavailable(conflictMessage(taken), taken[0]?.night ?? null);
  await expireHoldsOverlapping(trx, booking.accommodation_id, checkin, checkout, now);
  await releaseBookingNights(trx, booking.id);
  try {
    await claimNights(trx, { accommodationId: booking.accommodation_id, nights: eachDate(checkin, checkout), kind: 'booking', bookingId: booking.id });
  } catch (error) {
    if (error instanceof NightTakenError) throw datesUnavailable('Some of the new nights were just booked by someone else.', null);
    throw error;
  }
}

function datesUnavailable(message: string, night: string | null): AppError {
  return conflict(message, { parameter: FIELDS.checkin, reason: 'dates_unavailable', conflicting_night: night });
}
