import { guestAddressOf } from '../guests/stored-address.ts';
import { diffDays } from '../shared/dates.ts';
import { writeCsv, type CsvCell } from '../shared/csv.ts';
import type { ArrivingGuest, ArrivingStay } from './registration-queries.ts';

/**
 * Registrations as CSV for the authorities of every country (docs/registrations.md#other-countries):
 * one row per guest of a check-in, and one row with the guest columns empty for a stay that has
 * no check-in yet, so nobody arriving is left out. The service's CSV writer (src/shared/csv.ts).
 */

export const REGISTRATION_CSV_COLUMNS = [
  'booking',
  'accommodation',
  'registration_number',
  'arrival',
  'departure',
  'nights',
  'arrival_time',
  'guest',
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'birth_place',
  'nationality',
  'document_type',
  'document_number',
  'document_country',
  'documents_erased_at',
  'address',
  'postal_code',
  'city',
  'country',
] as const;

export function registrationsCsv(stays: readonly ArrivingStay[], guests: readonly ArrivingGuest[]): string {
  const records: CsvCell[][] = [];
  for (const s of stays) {
    const stay: CsvCell[] = [
      s.confirmation_code,
      s.accommodation_name,
      s.registration_number ?? '',
      s.checkin,
      s.checkout,
      diffDays(s.checkin, s.checkout),
      s.arrival_time ?? '',
    ];
    // Only the guests the booking has now: one stored beyond its party is not arriving.
    const own = guests.filter((g) => g.booking_id === s.booking_id && g.position < s.party);
    if (own.length === 0)
      records.push([...stay, ...Array<string>(REGISTRATION_CSV_COLUMNS.length - stay.length).fill('')]);
    for (const g of own) {
      const address = guestAddressOf(g.address);
      records.push([
        ...stay,
        g.position + 1,
        g.first_name,
        g.last_name,
        g.sex ?? '',
        g.birth_date ?? '',
        g.birth_place ?? '',
        g.nationality ?? '',
        g.document_type ?? '',
        g.document_number ?? '',
        g.document_country ?? '',
        g.documents_erased_at ?? '',
        [address?.line1, address?.line2].filter((l) => l !== null && l !== undefined).join(', '),
        address?.postal_code ?? '',
        address?.city ?? '',
        address?.country ?? '',
      ]);
    }
  }
  return writeCsv(REGISTRATION_CSV_COLUMNS, records);
}
