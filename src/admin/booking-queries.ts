import { sql, type Expression, type SqlBool } from 'kysely';
import { bookingsWithGuest, type BookingWithGuest } from '../db/booking-with-guest.ts';
import type { BookingStatus } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import type { PaymentState } from '../pricing/payment-summary.ts';
import { foldText, searchPatterns } from '../shared/search-text.ts';

/** Read-only views of bookings for the admin, with their accommodation's name and guest. */

export type BookingRow = BookingWithGuest;

export const BOOKING_SORTS = ['created', 'arrival', 'departure'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

export interface BookingFilter {
  accommodationId?: number;
  status?: BookingStatus;
  /** Bookings with at least one night in [from, to). */
  from?: string;
  to?: string;
  /** Code, full name in either order, part of a name, e-mail or phone digits (case- and accent-insensitive). */
  q?: string;
  paymentState?: PaymentState;
  /** Newest created first (default); arrival and departure soonest first. */
  sort?: BookingSort;
  limit: number;
  offset: number;
}

type FilterOnly = Omit<BookingFilter, 'limit' | 'offset' | 'sort'>;

/**
 * The SQL of paymentSummary (src/pricing/payment-summary.ts), for filtering a list by payment
 * state; the two are tested to agree (test/integration/payment-state-filter.test.ts). Due: the total
 * unless cancelled, then the cancellation fee; paid: the recorded payments less refunds
 * and what the card processor's payment paid.
 */
const DUE = sql<number>`(case when b.status = 'cancelled' then coalesce(b.cancellation_fee, 0) else b.total end)`;
const PAID = sql<number>`(b.amount_paid + b.processor_paid)`;

function paymentStateIs(state: PaymentState): Expression<SqlBool> {
  switch (state) {
    case 'overpaid':
      return sql<SqlBool>`${DUE} < ${PAID}`;
    case 'paid':
      return sql<SqlBool>`(${DUE} = ${PAID} and (${PAID} > 0 or b.status <> 'cancelled'))`;
    case 'partly_paid':
      return sql<SqlBool>`(${DUE} > ${PAID} and ${PAID} > 0)`;
    case 'unpaid':
      return sql<SqlBool>`(${PAID} < 0 or (${PAID} = 0 and (${DUE} > 0 or b.status = 'cancelled')))`;
  }
}

/** The bookings the filter selects. */
export function filteredBookings(db: Executor, filter: FilterOnly) {
  // Live bookings only: test bookings are in no live list (docs/partners.md#test-mode).
  let query = bookingsWithGuest(db).where('b.mode', '=', 'live');
  if (filter.accommodationId !== undefined) query = query.where('b.accommodation_id', '=', filter.accommodationId);
  if (filter.status !== undefined) query = query.where('b.status', '=', filter.status);
  // A stay [checkin, checkout) overlaps [from, to) when it starts before `to` and ends after `from`.
  if (filter.to !== undefined) query = query.where('b.checkin', '<', filter.to);
  if (filter.from !== undefined) query = query.where('b.checkout', '>', filter.from);
  // SQLite's LIKE has no escape character unless told; PostgreSQL's default is the backslash.
  for (const pattern of searchPatterns(filter.q ?? ''))
    query = query.where(sql<SqlBool>`b.search_text like ${pattern} escape '\\'`);
  if (filter.paymentState !== undefined) query = query.where(paymentStateIs(filter.paymentState));
  return query;
}

export function listBookings(db: Executor, filter: BookingFilter): Promise<BookingRow[]> {
  let query = filteredBookings(db, filter);
  switch (filter.sort ?? 'created') {
    case 'created':
      query = query.orderBy('b.id', 'desc');
      break;
    case 'arrival':
      query = query.orderBy('b.checkin').orderBy('b.id');
      break;
    case 'departure':
      query = query.orderBy('b.checkout').orderBy('b.id');
      break;
  }
  return query.limit(filter.limit).offset(filter.offset).execute();
}

export function findBookingRow(db: Executor, id: number): Promise<BookingRow | undefined> {
  // The booking desk acts on live bookings; a test booking is changed through its test key only.
  return bookingsWithGuest(db).where('b.id', '=', id).where('b.mode', '=', 'live').executeTakeFirst();
}

/** A booking's recorded payments, undone ones too, oldest first. */
/** A booking's refunds, oldest first. */
export function listRefunds(db: Executor, bookingId: number) {
  return db
    .selectFrom('booking_refunds')
    .select(['id', 'amount', 'method', 'reason', 'effect', 'recorded_by', 'created_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

export function listPayments(db: Executor, bookingId: number) {
  return db
    .selectFrom('booking_payments')
    .select([
      'id',
      'amount',
      'method',
      'received_on',
      'reference',
      'recorded_by',
      'created_at',
      'undone_at',
      'undone_by',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

/**
 * Stays imported from channel feeds (not echoes of our own stays, not "not available" blocks),
 * with the feed's name, filtered as bookings are (a search matches the stay's summary or feed).
 */
export function listImportedStays(db: Executor, filter: BookingFilter) {
  let query = db
    .selectFrom('external_reservations as r')
    .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
    .select([
      'r.id',
      'r.accommodation_id',
      'a.name as accommodation_name',
      'a.currency',
      'f.name as feed_name',
      'r.summary',
      'r.start_date',
      'r.end_date',
      'r.created_at',
    ])
    .where('r.echo_of', 'is', null)
    .where('r.kind', '=', 'reserved');
  if (filter.accommodationId !== undefined) query = query.where('r.accommodation_id', '=', filter.accommodationId);
  if (filter.to !== undefined) query = query.where('r.start_date', '<', filter.to);
  if (filter.from !== undefined) query = query.where('r.end_date', '>', filter.from);
  const words = foldText(filter.q ?? '');
  if (words !== '') {
    const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(r.summary) like ${like} escape '\\'`,
        sql<SqlBool>`lower(f.name) like ${like} escape '\\'`,
      ]),
    );
  }
  const sort = filter.sort ?? 'created';
  query =
    sort === 'created'
      ? query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
      : query.orderBy(sort === 'arrival' ? 'r.start_date' : 'r.end_date').orderBy('r.id');
  return query.limit(filter.limit + filter.offset).execute();
}

export type ImportedStayRow = Awaited<ReturnType<typeof listImportedStays>>[number];

export type ListedStay = { kind: 'booking'; row: BookingRow } | { kind: 'import'; row: ImportedStayRow };

/**
 * Bookings and, with `includeImports`, imported channel stays in one list, sorted and paged as the
 * filter says. Imports have no status or payment, so a filter on either leaves them out.
 */
export async function listBookingsAndStays(
  db: Executor,
  filter: BookingFilter,
  includeImports: boolean,
): Promise<ListedStay[]> {
  const withImports = includeImports && filter.status === undefined && filter.paymentState === undefined;
  if (!withImports) return (await listBookings(db, filter)).map((row) => ({ kind: 'booking', row }));
  // The first offset + limit of each, merged, then the page.
  const top = { ...filter, limit: filter.offset + filter.limit, offset: 0 };
  const [bookings, imports] = await Promise.all([listBookings(db, top), listImportedStays(db, top)]);
  const sort = filter.sort ?? 'created';
  const key = (s: ListedStay): string => {
    if (s.kind === 'booking')
      return sort === 'created' ? s.row.created_at : sort === 'arrival' ? s.row.checkin : s.row.checkout;
    return sort === 'created' ? s.row.created_at : sort === 'arrival' ? s.row.start_date : s.row.end_date;
  };
  const all: ListedStay[] = [
    ...bookings.map((row) => ({ kind: 'booking' as const, row })),
    ...imports.map((row) => ({ kind: 'import' as const, row })),
  ];
  const direction = sort === 'created' ? -1 : 1;
  all.sort((a, b) => direction * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return all.slice(filter.offset, filter.offset + filter.limit);
}
