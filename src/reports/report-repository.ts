import { yearMonthOf } from '../db/dialect.ts';
import type { Executor } from '../db/store.ts';
import type { ReportAccommodation, ReportBooking, ReportClaimCount, ReportImportedStay } from './occupancy-report.ts';

/**
 * What the occupancy report reads (docs/api.md#admin-reports), in four queries whatever the range:
 * the accommodations, the bookings with a night or their arrival in the range, the range's
 * blocked and imported nights counted per accommodation and month by the store, and the imported
 * stays arriving in it. Drafts are left out here already: their nights count for nothing. The
 * caller gives one snapshot (a transaction) so that the four agree.
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

export async function readReportRows(db: Executor, scope: ReportScope): Promise<ReportRows> {
  const only = scope.accommodationId;
  const month = yearMonthOf(db, 'night');
  const accommodations = await db
    .selectFrom('accommodations')
    .select(['id', 'name', 'currency', 'timezone'])
    .$if(only !== undefined, (q) => q.where('id', '=', only ?? 0))
    .orderBy('id')
    .execute();
  const bookings = await db
    .selectFrom('bookings')
    .select(['accommodation_id', 'status', 'source', 'checkin', 'checkout', 'total', 'created_at', 'confirmed_at'])
    .where('status', 'in', ['confirmed', 'modified', 'cancelled'])
    // [checkin, checkout) meets [from, to): a night in the range, or the arrival in it.
    .where('checkin', '<', scope.to)
    .where('checkout', '>', scope.from)
    .$if(only !== undefined, (q) => q.where('accommodation_id', '=', only ?? 0))
    .execute();
  const claims = await db
    .selectFrom('night_claims')
    .select((eb) => [
      'accommodation_id',
      eb.ref('kind').$castTo<'block' | 'external'>().as('kind'),
      month.as('month'),
      eb.fn.countAll<number>().as('nights'),
    ])
    .where('kind', 'in', ['block', 'external'])
    .where('night', '>=', scope.from)
    .where('night', '<', scope.to)
    .$if(only !== undefined, (q) => q.where('accommodation_id', '=', only ?? 0))
    .groupBy(['accommodation_id', 'kind', month])
    .execute();
  const importedStays = await db
    .selectFrom('external_reservations as r')
    .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .select(['r.accommodation_id', 'f.name as source', 'r.start_date', 'r.end_date'])
    .where('r.start_date', '>=', scope.from)
    .where('r.start_date', '<', scope.to)
    .$if(only !== undefined, (q) => q.where('r.accommodation_id', '=', only ?? 0))
    .execute();
  return { accommodations, bookings, claims, importedStays };
}
