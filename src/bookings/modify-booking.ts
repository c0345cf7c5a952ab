import { findAccommodation } from '../accommodations/accommodation-repository.ts';
import type { Config } from '../config/config.ts';
import type { Booking } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { conflict } from '../http/errors.ts';
import { enqueueBookingMail } from '../mail/enqueue-booking-mail.ts';
import { NightTakenError, findTakenNights, moveBookingNights } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { SEES_ALL } from '../http/viewer.ts';
import { bookedExtras } from '../pricing/booked-extras.ts';
import { quoteColumns, quoteStay } from '../pricing/quote-stay.ts';
import type { StayQuote } from '../pricing/price-stay.ts';
import { eachDate, todayIn } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import { checkStayOrThrow } from '../pricing/check-stay-or-throw.ts';
import { writeTransition, type BookingActor, type LifecycleOutcome } from './booking-lifecycle.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';

/** What a change may touch; absent fields keep their value. */
export interface BookingChanges {
  checkin_date?: string | undefined;
  checkout_date?: string | undefined;
  /** adults + children; babies are not counted */
  guest_count?: number | undefined;
  notes?: string | undefined;
}

const FIELDS = { checkin: 'new_data.checkin_date', checkout: 'new_data.checkout_date', guests: 'new_data.guest_count' };

/**
 * A new head count keeps the children (at most all but one guest) and counts the rest as adults:
 * a stay always has an adult, and babies are neither counted nor changed.
 */
function splitGuests(booking: Booking, guests: number): { adults: number; children: number } {
  const children = Math.min(booking.children, guests - 1);
  return { adults: guests - children, children };
}

/**
 * Applies changes to a confirmed or modified booking (locked by the caller). New dates or guests
 * are checked like a new stay, against every other booking, and re-priced; the nights move in the
 * same transaction. The answer's status is `modified` whether or not anything changed (docs/api.md#webhook-update;
 * `updated` says which); a draft is refused, since its card payment is for the quoted total.
 */
export async function modifyBooking(
  trx: Executor,
  config: Pick<Config, 'publicBaseUrl' | 'slug'>,
  booking: Booking,
  newData: BookingChanges,
  actor: BookingActor,
  now: Date,
): Promise<LifecycleOutcome> {
  const code = booking.confirmation_code;
  if (booking.status === 'cancelled') {
    throw conflict('booking_cancelled', `Booking ${code} is cancelled and cannot be modified.`, {
      parameter: 'booking_id',
      received: booking.id,
    });
  }
  if (booking.status === 'draft') {
    // Its payment is for the quoted total; changing the stay under it would break the match.
    throw conflict(
      'booking_not_confirmed',
      `Booking ${code} is a draft awaiting card payment and cannot be modified; cancel it and book again.`,
      {
        parameter: 'booking_id',
        received: booking.id,
      },
    );
  }

  const checkin = newData.checkin_date ?? booking.checkin;
  const checkout = newData.checkout_date ?? booking.checkout;
  const guests = newData.guest_count ?? booking.adults + booking.children;
  const notes = newData.notes ?? booking.guest_notes;
  const datesChanged = checkin !== booking.checkin || checkout !== booking.checkout;
  const guestsChanged = guests !== booking.adults + booking.children;
  if (!datesChanged && !guestsChanged && notes === booking.guest_notes) {
    return {
      updated: false,
      message: `new_data matches booking ${code}; nothing changed.`,
      booking_id: booking.id,
      new_status: 'modified',
    };
  }

  const nowIso = now.toISOString();
  let quote: StayQuote | null = null;
  let nights = booking.nights;
  if (datesChanged || guestsChanged) {
    const accommodation = await findAccommodation(trx, booking.accommodation_id);
    if (accommodation === undefined) throw new Error(`booking ${booking.id} names a missing accommodation`);
    // A stay under way keeps its check-in day: extending it or changing its guests is not "in the past".
    const today = todayIn(accommodation.timezone, now);
    const stay = checkStayOrThrow(
      accommodation,
      { checkin, checkout, guests },
      FIELDS,
      now,
      checkin === booking.checkin && checkin < today ? checkin : today,
    );
    nights = stay.nights;
    if (datesChanged) await moveNights(trx, booking, checkin, checkout, nowIso);
    quote = await quoteStay(trx, accommodation, { checkin, checkout, guests, extras: bookedExtras(booking.extras) });
  }

  const { adults, children } = guestsChanged
    ? splitGuests(booking, guests)
    : { adults: booking.adults, children: booking.children };
  const what = [
    datesChanged ? `dates ${checkin} to ${checkout}` : null,
    guestsChanged ? `${guests} guests` : null,
    notes === booking.guest_notes ? null : 'notes',
  ]
    .filter((w) => w !== null)
    .join(', ');
  await writeTransition(
    trx,
    [booking.id],
    {
      event: 'modified',
      status: 'modified',
      set: {
        checkin,
        checkout,
        nights,
        adults,
        children,
        guest_notes: notes,
        ...(quote === null ? {} : quoteColumns(quote)),
      },
      reason: what,
    },
    actor,
    nowIso,
  );
  await enqueueBookingMail(trx, config, 'modification', booking.id, nowIso);
  const total = formatMoney(quote?.total ?? booking.total, booking.currency);
  return {
    updated: true,
    message: `Booking ${code} modified: ${checkin} to ${checkout}, ${guests} guest${guests === 1 ? '' : 's'}, total ${total}; the guest has been mailed.`,
    booking_id: booking.id,
    new_status: 'modified',
  };
}

/**
 * Frees the old nights and claims the new ones; any night held by another stay is a 409. Changes
 * come from the host's signed webhook, which sees every booking, so the 409 may name any code.
 */
async function moveNights(
  trx: Executor,
  booking: Booking,
  checkin: string,
  checkout: string,
  now: string,
): Promise<void> {
  const taken = await findTakenNights(trx, booking.accommodation_id, checkin, checkout, now, booking.id);
  if (taken.length > 0) throw datesUnavailable(taken, SEES_ALL, FIELDS.checkin);
  await expireHoldsOverlapping(trx, booking.accommodation_id, checkin, checkout, now);
  try {
    await moveBookingNights(trx, booking, eachDate(checkin, checkout), now);
  } catch (error) {
    if (error instanceof NightTakenError) throw datesUnavailable([], SEES_ALL, FIELDS.checkin);
    throw error;
  }
}
