import { GUEST_FIELDS } from '../registrations/registration-fields.ts';
import type { Executor } from '../db/store.ts';
import type { Arrival, RegistrationGuest } from './alloggiati-export.ts';

/**
 * Stays arriving in a range, with their check-in: live bookings that are confirmed or modified
 * (a draft, a cancelled booking or a test booking brings nobody to the door).
 */

export interface ArrivingStay {
  booking_id: number;
  confirmation_code: string;
  accommodation_id: number;
  accommodation_name: string;
  registration_number: string | null;
  checkin: string;
  checkout: string;
  party: number;
  arrival_time: string | null;
  has_registration: boolean;
}

export interface ArrivingGuest extends RegistrationGuest {
  booking_id: number;
  address: string | null;
}

/**
 * Whether a home is in Italy: its registration number is an Italian CIN (Codice Identificativo
 * Nazionale, `IT` and the comune's ISTAT code first), which every home let to guests in Italy
 * must have and show (docs/registrations.md#which-homes-are-in-italy).
 */
export function isItalianHome(home: { registration_number: string | null }): boolean {
  return /^\s*IT/i.test(home.registration_number ?? '');
}

export async function arrivingStays(
  db: Executor,
  range: { from: string; to: string; accommodationId?: number },
): Promise<{ stays: ArrivingStay[]; guests: ArrivingGuest[] }> {
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .leftJoin('registrations as r', 'r.booking_id', 'b.id')
    .select([
      'b.id as booking_id',
      'b.confirmation_code',
      'b.accommodation_id',
      'a.name as accommodation_name',
      'a.registration_number',
      'b.checkin',
      'b.checkout',
      'b.adults',
      'b.children',
      'r.arrival_time',
      'r.booking_id as registered',
    ])
    .where('b.mode', '=', 'live')
    .where('b.status', 'in', ['confirmed', 'modified'])
    .where('b.checkin', '>=', range.from)
    .where('b.checkin', '<=', range.to);
  if (range.accommodationId !== undefined) query = query.where('b.accommodation_id', '=', range.accommodationId);
  const rows = await query.orderBy('b.checkin').orderBy('b.accommodation_id').orderBy('b.id').execute();
  const stays = rows.map((r) => ({
    booking_id: r.booking_id,
    confirmation_code: r.confirmation_code,
    accommodation_id: r.accommodation_id,
    accommodation_name: r.accommodation_name,
    registration_number: r.registration_number,
    checkin: r.checkin,
    checkout: r.checkout,
    party: r.adults + r.children,
    arrival_time: r.arrival_time,
    has_registration: r.registered !== null,
  }));
  const ids = stays.map((s) => s.booking_id);
  const guests =
    ids.length === 0
      ? []
      : await db
          .selectFrom('registration_guests')
          .select(['booking_id', 'position', ...GUEST_FIELDS, 'documents_erased_at', 'address'])
          .where('booking_id', 'in', ids)
          .orderBy('booking_id')
          .orderBy('position')
          .execute();
  return { stays, guests };
}

/** The stays as the Alloggiati export reads them: each with its guests, or null without a check-in. */
export function arrivalsOf(stays: readonly ArrivingStay[], guests: readonly ArrivingGuest[]): Arrival[] {
  return stays.map((s) => {
    const own = guests.filter((g) => g.booking_id === s.booking_id);
    return { ...s, guests: s.has_registration || own.length > 0 ? own : null };
  });
}
