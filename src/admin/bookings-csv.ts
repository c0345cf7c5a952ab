import { storedDecimals } from '../accommodations/accommodation-mapper.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { diffDays } from '../shared/dates.ts';
import { toMajor } from '../shared/money.ts';
import { csvNumber, writeCsv, type CsvCell, type CsvNumber } from '../shared/csv.ts';
import type { ListedStay } from './booking-queries.ts';

/**
 * Bookings as CSV (docs/api.md#admin-bookings-csv), written by the service's one CSV writer
 * (src/shared/csv.ts: RFC 4180, UTF-8 with a byte order mark, a header row, every text cell that
 * a spreadsheet would read as a formula guarded). Amounts in major units with every decimal of
 * their currency and a point, written as numbers.
 */

export const BOOKING_CSV_COLUMNS = [
  'code',
  'status',
  'accommodation',
  'guest',
  'email',
  'phone',
  'arrival',
  'departure',
  'nights',
  'guests',
  'total',
  'currency',
  'paid',
  'balance',
  'source',
  'created',
] as const;

function amount(minor: number, currency: string): CsvNumber {
  const decimals = storedDecimals(currency);
  return csvNumber(toMajor(minor, decimals).toFixed(decimals));
}

export function bookingsCsv(rows: readonly ListedStay[]): string {
  const records = rows.map((item): CsvCell[] => {
    if (item.kind === 'import') {
      const r = item.row;
      return [
        '',
        'imported',
        r.accommodation_name,
        r.summary,
        '',
        '',
        r.start_date,
        r.end_date,
        diffDays(r.start_date, r.end_date),
        '',
        '',
        r.currency,
        '',
        '',
        r.feed_name,
        r.created_at,
      ];
    }
    const b = item.row;
    const payment = paymentSummary(b);
    return [
      b.confirmation_code,
      b.status,
      b.accommodation_name,
      `${b.guest_first_name} ${b.guest_last_name}`.trim(),
      b.guest_email,
      b.guest_phone ?? '',
      b.checkin,
      b.checkout,
      b.nights,
      b.adults + b.children + b.babies,
      amount(b.total, b.currency),
      b.currency,
      amount(payment.amount_paid, b.currency),
      amount(payment.balance, b.currency),
      b.source,
      b.created_at,
    ];
  });
  return writeCsv(BOOKING_CSV_COLUMNS, records);
}
