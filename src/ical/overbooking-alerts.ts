import { sql } from 'kysely';
import type { ClaimKind } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';

/**
 * An imported stay over nights someone else already holds (a booking, a block, another feed's
 * stay) is an overbooking: the pull keeps one alert per pair of sides, adds it when the overlap
 * appears and deletes it when the overlap is gone. The alert list shows only pairs whose other
 * side still holds a night of the stay, so a cancelled booking clears its alert at once. Stays of
 * one feed that overlap each other (a family stay with a boat trip inside it) are one channel's
 * own business, never an alert; an echo (echoes.ts) is none either.
 */

interface Overlap {
  reservation_id: number;
  night: string;
  kind: ClaimKind;
  booking_id: number | null;
  external_reservation_id: number | null;
}

function otherKey(o: Pick<Overlap, 'kind' | 'booking_id' | 'external_reservation_id'>): string {
  if (o.kind === 'booking') return `booking:${o.booking_id ?? 0}`;
  if (o.kind === 'external') return `external:${o.external_reservation_id ?? 0}`;
  return 'block';
}

/**
 * Nights of the feed's stays held by someone else. The accommodation is named on the claims side
 * too, so the planner walks the claims' primary key instead of scanning every claim.
 */
function overlaps(db: Executor, feed: { id: number; accommodation_id: number }): Promise<Overlap[]> {
  return db
    .selectFrom('external_reservations as r')
    .innerJoin('night_claims as c', (join) =>
      join
        .onRef('c.accommodation_id', '=', 'r.accommodation_id')
        .onRef('c.night', '>=', 'r.start_date')
        .onRef('c.night', '<', 'r.end_date'),
    )
    .select(['r.id as reservation_id', 'c.night', 'c.kind', 'c.booking_id', 'c.external_reservation_id'])
    .where('r.feed_id', '=', feed.id)
    .where('r.echo_of', 'is', null)
    .where('c.accommodation_id', '=', feed.accommodation_id)
    .where((eb) =>
      eb.or([
        eb('c.external_reservation_id', 'is', null),
        eb(
          'c.external_reservation_id',
          'not in',
          eb.selectFrom('external_reservations as own').select('own.id').where('own.feed_id', '=', feed.id),
        ),
      ]),
    )
    .orderBy('c.night')
    .execute();
}

export interface NewAlert {
  reservationId: number;
  otherKey: string;
  firstNight: string;
  nights: number;
}

/** Brings the feed's alerts in line with its overlaps; returns the alerts that are new. */
export async function reconcileAlerts(
  db: Executor,
  feed: { id: number; accommodation_id: number },
  now: string,
): Promise<NewAlert[]> {
  const pairs = new Map<string, { o: Overlap; first: string; nights: number }>();
  for (const o of await overlaps(db, feed)) {
    const key = `${o.reservation_id} ${otherKey(o)}`;
    const pair = pairs.get(key);
    if (pair === undefined) pairs.set(key, { o, first: o.night, nights: 1 });
    else pair.nights += 1;
  }
  const existing = await db
    .selectFrom('overbooking_alerts')
    .select(['id', 'external_reservation_id', 'other_key', 'first_night', 'nights'])
    .where('feed_id', '=', feed.id)
    .execute();
  const seen = new Set<string>();
  const stale: number[] = [];
  for (const alert of existing) {
    const key = `${alert.external_reservation_id} ${alert.other_key}`;
    const pair = pairs.get(key);
    if (pair === undefined) {
      stale.push(alert.id);
      continue;
    }
    seen.add(key);
    if (pair.first !== alert.first_night || pair.nights !== alert.nights) {
      await db
        .updateTable('overbooking_alerts')
        .set({ first_night: pair.first, nights: pair.nights })
        .where('id', '=', alert.id)
        .execute();
    }
  }
  if (stale.length > 0) await db.deleteFrom('overbooking_alerts').where('id', 'in', stale).execute();
  const fresh: NewAlert[] = [];
  for (const [key, { o, first, nights }] of pairs) {
    if (seen.has(key)) continue;
    await db
      .insertInto('overbooking_alerts')
      .values({
        accommodation_id: feed.accommodation_id,
        feed_id: feed.id,
        external_reservation_id: o.reservation_id,
        other_key: otherKey(o),
        other_kind: o.kind,
        other_booking_id: o.booking_id,
        other_external_reservation_id: o.external_reservation_id,
        first_night: first,
        nights,
        created_at: now,
      })
      .execute();
    fresh.push({ reservationId: o.reservation_id, otherKey: otherKey(o), firstNight: first, nights });
  }
  return fresh;
}

export interface AlertView {
  id: number;
  accommodation_id: number;
  created_at: string;
  first_night: string;
  nights: number;
  imported: { feed_id: number; feed: string; uid: string; summary: string; start_date: string; end_date: string };
  other: {
    kind: ClaimKind;
    booking_id: number | null;
    confirmation_code: string | null;
    feed: string | null;
    start_date: string | null;
    end_date: string | null;
    reason: string | null;
  };
}

/** Live alerts: the other side still holds a night of the imported stay. */
export async function listAlerts(db: Executor, accommodationId?: number): Promise<AlertView[]> {
  let query = db
    .selectFrom('overbooking_alerts as a')
    .innerJoin('external_reservations as r', 'r.id', 'a.external_reservation_id')
    .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .leftJoin('bookings as b', 'b.id', 'a.other_booking_id')
    .leftJoin('external_reservations as o', 'o.id', 'a.other_external_reservation_id')
    .leftJoin('external_feeds as of', 'of.id', 'o.feed_id')
    .select([
      'a.id',
      'a.accommodation_id',
      'a.created_at',
      'a.first_night',
      'a.nights',
      'a.other_kind',
      'a.other_booking_id',
      'r.feed_id',
      'f.name as feed',
      'r.uid',
      'r.summary',
      'r.start_date',
      'r.end_date',
      'b.confirmation_code',
      'b.checkin',
      'b.checkout',
      'of.name as other_feed',
      'o.start_date as other_start',
      'o.end_date as other_end',
    ])
    .select((eb) =>
      eb
        .selectFrom('night_claims as c')
        .select(sql<string>`max(c.reason)`.as('reason'))
        .whereRef('c.accommodation_id', '=', 'a.accommodation_id')
        .whereRef('c.night', '>=', 'r.start_date')
        .whereRef('c.night', '<', 'r.end_date')
        .where('c.kind', '=', 'block')
        .as('block_reason'),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('night_claims as c')
          .select('c.night')
          .whereRef('c.accommodation_id', '=', 'a.accommodation_id')
          .whereRef('c.night', '>=', 'r.start_date')
          .whereRef('c.night', '<', 'r.end_date')
          .whereRef('c.kind', '=', 'a.other_kind')
          .where((w) =>
            w.or([
              w.and([w('a.other_kind', '=', 'block')]),
              w('c.booking_id', '=', w.ref('a.other_booking_id')),
              w('c.external_reservation_id', '=', w.ref('a.other_external_reservation_id')),
            ]),
          ),
      ),
    )
    .orderBy('a.first_night')
    .orderBy('a.id');
  if (accommodationId !== undefined) query = query.where('a.accommodation_id', '=', accommodationId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    accommodation_id: r.accommodation_id,
    created_at: r.created_at,
    first_night: r.first_night,
    nights: r.nights,
    imported: {
      feed_id: r.feed_id,
      feed: r.feed,
      uid: r.uid,
      summary: r.summary,
      start_date: r.start_date,
      end_date: r.end_date,
    },
    other: {
      kind: r.other_kind,
      booking_id: r.other_booking_id,
      confirmation_code: r.confirmation_code,
      feed: r.other_feed,
      start_date: r.checkin ?? r.other_start,
      end_date: r.checkout ?? r.other_end,
      reason: r.other_kind === 'block' ? r.block_reason : null,
    },
  }));
}
