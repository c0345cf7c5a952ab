import type { Booking } from '../db/schema.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { guestAddressOf, storedAddressText, type GuestAddress } from '../guests/stored-address.ts';
import { badRequest } from '../http/errors.ts';
import { syncDocuments } from '../invoices/sync-documents.ts';
import { countryCode } from '../shared/countries.ts';
import { bookingSearchText } from '../shared/search-text.ts';
import {
  bookingEventRow,
  onLockedBooking,
  type BookingCommand,
  type LifecycleContext,
  type LifecycleOutcome,
} from './booking-lifecycle.ts';

/**
 * The guest and billing details a host corrects (docs/money.md#guest-and-billing-details): any
 * subset; absent fields keep their value, `null` (or empty text) clears an optional one. An
 * address is corrected field by field; `address: null` clears all of it.
 */
export interface GuestCorrection {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  address?: { [F in keyof GuestAddress]?: string | null | undefined } | null | undefined;
  company_name?: string | null | undefined;
  company_tax_id?: string | null | undefined;
}

export interface CorrectGuestCommand extends BookingCommand {
  guest: GuestCorrection;
  /**
   * false: the caller brings the booking's documents in line itself, once, after its other
   * changes in the same unit (a PATCH that also changes the stay), so that one credit note and
   * one new invoice cover both. Default true.
   */
  syncDocuments?: boolean | undefined;
}

type GuestColumns = Pick<
  Booking,
  | 'guest_first_name'
  | 'guest_last_name'
  | 'guest_email'
  | 'guest_phone'
  | 'guest_address'
  | 'guest_company_name'
  | 'guest_company_tax_id'
>;

/** Optional text as stored: trimmed, and empty → null. */
function optional(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function name(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '')
    throw badRequest('blank', `guest.${field} must not be blank.`, {
      parameter: `guest.${field}`,
      expected: 'non-blank string',
      received: value,
    });
  return trimmed;
}

/** The corrected address, or null for none; an unknown country code is a 400 `unknown_country`. */
function correctedAddress(stored: string | null, given: GuestCorrection['address']): string | null {
  if (given === null) return null;
  const was = guestAddressOf(stored);
  const pick = (field: keyof GuestAddress) =>
    given?.[field] === undefined ? (was?.[field] ?? null) : optional(given[field]);
  let country = pick('country');
  if (given?.country !== undefined && country !== null) {
    const code = countryCode(country);
    if (code === null)
      throw badRequest('unknown_country', `guest.address.country "${country}" is not an ISO 3166-1 alpha-2 code.`, {
        parameter: 'guest.address.country',
        expected: 'a two-letter ISO 3166-1 country code such as DE, PL or CZ',
        received: given.country,
      });
    country = code;
  }
  return storedAddressText({
    line1: pick('line1'),
    line2: pick('line2'),
    postal_code: pick('postal_code'),
    city: pick('city'),
    country,
  });
}

/** The booking's guest columns with the correction applied (pure; a refusal is a 400). */
export function correctedColumns(booking: GuestColumns, guest: GuestCorrection): GuestColumns {
  return {
    guest_first_name: guest.first_name === undefined ? booking.guest_first_name : name(guest.first_name, 'first_name'),
    guest_last_name: guest.last_name === undefined ? booking.guest_last_name : name(guest.last_name, 'last_name'),
    guest_email: guest.email === undefined ? booking.guest_email : guest.email.trim(),
    guest_phone: guest.phone === undefined ? booking.guest_phone : optional(guest.phone),
    guest_address:
      guest.address === undefined ? booking.guest_address : correctedAddress(booking.guest_address, guest.address),
    guest_company_name: guest.company_name === undefined ? booking.guest_company_name : optional(guest.company_name),
    guest_company_tax_id:
      guest.company_tax_id === undefined ? booking.guest_company_tax_id : optional(guest.company_tax_id),
  };
}

const WHAT: Readonly<Record<keyof GuestColumns, string>> = {
  guest_first_name: 'first name',
  guest_last_name: 'last name',
  guest_email: 'e-mail',
  guest_phone: 'phone',
  guest_address: 'billing address',
  guest_company_name: 'company',
  guest_company_tax_id: 'company tax id',
};

/**
 * Corrects the guest and billing details a booking keeps (whatever its status): the booking's
 * columns and search text, a `guest_corrected` history entry naming what changed, and its issued
 * documents brought in line (a credit note and a new invoice, never an edit: syncDocuments), all
 * in one unit. The guest is not mailed. A correction that changes nothing writes nothing.
 */
export async function correctGuestDetails(
  ctx: LifecycleContext,
  command: CorrectGuestCommand,
  within?: Unit,
): Promise<LifecycleOutcome> {
  return onLockedBooking(ctx, command.bookingId, within, async (unit, booking) => {
    const corrected = correctedColumns(booking, command.guest);
    const changed = (Object.keys(WHAT) as (keyof GuestColumns)[]).filter((c) => corrected[c] !== booking[c]);
    const code = booking.confirmation_code;
    if (changed.length === 0)
      return {
        updated: false,
        message: `The guest details of booking ${code} are as given; nothing changed.`,
        booking_id: booking.id,
        new_status: booking.status,
      };
    const now = unit.now.toISOString();
    const what = changed.map((c) => WHAT[c]).join(', ');
    await unit.trx
      .updateTable('bookings')
      .set({ ...corrected, search_text: bookingSearchText({ ...booking, ...corrected }), updated_at: now })
      .where('id', '=', booking.id)
      .execute();
    await unit.trx
      .insertInto('booking_events')
      .values(bookingEventRow(booking.id, 'guest_corrected', booking.status, command.actor, what, now))
      .execute();
    if (command.syncDocuments !== false) await syncDocuments(unit, booking.id);
    return {
      updated: true,
      message: `Booking ${code}: guest details corrected (${what}); the guest was not mailed.`,
      booking_id: booking.id,
      new_status: booking.status,
    };
  });
}
