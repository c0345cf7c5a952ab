import { sql } from 'kysely';
import { epochSecondsOf, yearMonthOf } from '../db/dialect.ts';
import type { Executor } from '../db/store.ts';
import type { ReportAccommodation, ReportBooking, ReportClaimCount, ReportImportedStay } from './occupancy-report.ts';

/**
 * What the occupancy report reads (docs/api.md#admin-reports), in four queries whatever the range:
 * the accommodations, the bookings with a night or their arrival in the range, the range's
 * blocked and imported nights counted per accommodation and month by the store, and the imported
 * stays arriving in it. Drafts are left out here already: their nights count for nothing. The
 * two large reads go through the indexes of migration 0015, so what a report costs follows its
 * range, not the history kept. The caller gives one snapshot (a transaction) so the four agree.
 */

export interface ReportScope {
  from: string;
  to: string;
  accommodationId?: number;
}

export interface ReportRows {
  accommodations: ReportAccommodation[];
  bookings: ReportBooking[];
  claims: ReportClaimCount[];
  importedStays: ReportImportedStay[];
}

/** Confirmed, modified and cancelled bookings whose stay [checkin, checkout) meets [from, to). */
export function reportBookingsQuery(db: Executor, scope: ReportScope) {
  const only = scope.accommodationId;
  return (
    db
      .selectFrom('bookings')
      .select((eb) => [
        'accommodation_id',
        'status',
        'source',
        'checkin',
        'checkout',
        // The city tax is collected for the city: never the host's revenue (docs/api.md#admin-reports).
        sql<number>`total - city_tax`.as('revenue'),
        // Numbers, not instants: parsing two timestamps a row cost more than the rest of the read.
        epochSecondsOf(db, 'created_at').as('booked_at'),
        eb.case().when('confirmed_at', 'is', null).then(sql.lit(0)).else(sql.lit(1)).end().as('confirmed'),
      ])
      .where('checkout', '>', scope.from)
      .where('checkin', '<', scope.to)
      .where('status', 'in', ['confirmed', 'modified', 'cancelled'])
      // Test bookings are never counted (docs/partners.md#test-mode).
      .where('mode', '=', 'live')
      .$if(only !== undefined, (q) => q.where('accommodation_id', '=', only ?? 0))
  );
}

/**
 * Blocked and imported nights of [from, to), counted per accommodation, kind and month. Nights a
 * channel's calendar closed (an imported "Not available" event: stay-kind.ts) are the host's
 * blocks, not stays: they count as blocked, whichever calendar closed them.
 */
export function reportClaimsQuery(db: Executor, scope: ReportScope) {
  const only = scope.accommodationId;
  const month = yearMonthOf(db, 'c.night');
  return (
    db
      .selectFrom('night_claims as c')
      .leftJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
      .select((eb) => {
        const kind = eb
          .case()
          .when('r.kind', '=', sql.lit('not_available'))
          .then(sql.lit('block'))
          .else(eb.ref('c.kind'))
          .end()
          .$castTo<'block' | 'external'>();
        return ['c.accommodation_id', kind.as('kind'), month.as('month'), eb.fn.countAll<number>().as('nights')];
      })
      // Written out, not bound: only a literal proves the partial index's condition.
      .where('c.kind', '<>', sql.lit('booking'))
      .where('c.night', '>=', scope.from)
      .where('c.night', '<', scope.to)
      .$if(only !== undefined, (q) => q.where('c.accommodation_id', '=', only ?? 0))
      .groupBy(['c.accommodation_id', 'c.kind', 'r.kind', month])
  );
}

/**
 * Stays imported from channels' calendars arriving in [from, to): the stays of their own, as the
 * Bookings page lists them, so both count the same. An echo of one of our own stays is that stay,
 * counted already; a "Not available" event is the host's block, not a stay.
 */
export function reportImportedStaysQuery(db: Executor, scope: ReportScope) {
  const only = scope.accommodationId;
  return db
    .selectFrom('external_reservations as r')
    .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .select(['r.accommodation_id', 'f.name as source', 'r.start_date', 'r.end_date'])
    .where('r.echo_of', 'is', null)
    .where('r.kind', '=', 'reserved')
    .where('r.start_date', '>=', scope.from)
    .where('r.start_date', '<', scope.to)
    .$if(only !== undefined, (q) => q.where('r.accommodation_id', '=', only ?? 0));
}

export async function readReportRows(db: Executor, scope: ReportScope): Promise<ReportRows> {
  const only = scope.accommodationId;
  const accommodations = await db
    .selectFrom('accommodations')
    .select(['id', 'name', 'currency', 'timezone'])
    .$if(only !== undefined, (q) => q.where('id', '=', only ?? 0))
    .orderBy('id')
    .execute();
  const bookings = (await reportBookingsQuery(db, scope).execute()).map(({ confirmed, ...b }) => ({
    ...b,
    was_confirmed: confirmed === 1,
  }));
  const claims = await reportClaimsQuery(db, scope).execute();
  const importedStays = await reportImportedStaysQuery(db, scope).execute();
  return { accommodations, bookings, claims, importedStays };
}
