import { stringify } from 'csv-stringify/sync';
import { storedDecimals } from '../accommodations/accommodation-mapper.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { diffDays } from '../shared/dates.ts';
import { toMajor } from '../shared/money.ts';
import type { ListedStay } from './booking-queries.ts';

/**
 * Bookings as CSV (docs/api.md#admin-bookings-csv): RFC 4180 (commas,
 * CRLF, fields quoted when they hold a comma, a quote or a line break), UTF-8 with a byte order
 * mark so spreadsheets open accents right, a header row. Amounts in major units with every
 * decimal of their currency and a point. A text cell that a spreadsheet would read as a formula
 * (it starts with =, +, -, @, a tab or a carriage return) starts with an apostrophe instead.
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

/** Text typed by other people, made safe to open in a spreadsheet. */
export function guardCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function amount(minor: number, currency: string): string {
  const decimals = storedDecimals(currency);
  return toMajor(minor, decimals).toFixed(decimals);
}

export function bookingsCsv(rows: readonly ListedStay[]): string {
  const records = rows.map((item) => {
    if (item.kind === 'import') {
      const r = item.row;
      return [
        '',
        'imported',
        guardCell(r.accommodation_name),
        guardCell(r.summary),
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
        guardCell(r.feed_name),
        r.created_at,
      ];
    }
    const b = item.row;
    const payment = paymentSummary(b);
    return [
      b.confirmation_code,
      b.status,
      guardCell(b.accommodation_name),
      guardCell(`${b.guest_first_name} ${b.guest_last_name}`.trim()),
      guardCell(b.guest_email),
      guardCell(b.guest_phone ?? ''),
      b.checkin,
      b.checkout,
      b.nights,
      b.adults + b.children + b.babies,
      amount(b.total, b.currency),
      b.currency,
      amount(payment.amount_paid, b.currency),
      amount(payment.balance, b.currency),
      guardCell(b.source),
      b.created_at,
    ];
  });
  return stringify(records, {
    bom: true,
    header: true,
    columns: [...BOOKING_CSV_COLUMNS],
    record_delimiter: 'windows',
  });
}
