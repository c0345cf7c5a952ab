import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { isUniqueViolation } from '../db/dialect.ts';
import type { ClaimKind, Database, Mode } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { runShaped, StatementValues } from '../db/shaped-statement.ts';

/**
 * The night ledger: the only code that writes or deletes night_claims rows. Every booking, block
 * and imported reservation holds one row per night, whose primary key (accommodation_id, night)
 * lets the database itself refuse a second claim on a night, however many transactions race
 * for it. Who may change a booking's state is the lifecycle's business (src/bookings); the ledger
 * only knows nights and the one rule of which claims are live.
 *
 * Every change of a claim is announced to the processes' memories of taken nights by the store's
 * triggers (migration 0007), except the insert of a booking's claims (migration 0010): a new
 * booking is announced by its creator after it commits (src/bookings/create-booking.ts), and the
 * other inserts of a booking's claims come with an announced change in the same transaction (a
 * move deletes the old claims first, a late payment changes the booking's status). Code that
 * inserts a booking's claims some other way must announce them itself.
 */

export interface ClaimInput {
  accommodationId: number;
  nights: readonly string[];
  kind: ClaimKind;
  bookingId?: number | null;
  externalReservationId?: number | null;
  reason?: string | null;
  /**
   * A test booking's claims (its test key's id): written to test_night_claims, never to
   * night_claims, and refused when a live claim holds one of the nights (test-nights.ts).
   */
  testKeyId?: number | null;
}

export class NightTakenError extends Error {
  override readonly name = 'NightTakenError';
}

/**
 * The live-claim rule, for rows already read: a claim holds its night unless it belongs to a
 * card-payment draft whose hold has run out (the expiry job may not have cancelled it yet).
 */
export function holdsNothing(claim: { status: string | null; hold_expires_at: string | null }, now: string): boolean {
  return claim.status === 'draft' && claim.hold_expires_at !== null && claim.hold_expires_at <= now;
}

/**
 * The same rule as a SQL condition, for queries that join a claim's booking as `b` (left join:
 * a block or an imported night has no booking and is always live).
 */
export function liveClaim(now: string): RawBuilder<SqlBool> {
  const status = sql.ref('b.status');
  return sql<SqlBool>`(${status} is null or ${status} <> 'draft' or ${sql.ref('b.hold_expires_at')} > ${now})`;
}

/** One claim row; every claim the ledger writes, in any statement, is built here. */
export function claimRow(input: Omit<ClaimInput, 'nights'>, night: string, createdAt: string) {
  return {
    accommodation_id: input.accommodationId,
    night,
    kind: input.kind,
    booking_id: input.bookingId ?? null,
    external_reservation_id: input.externalReservationId ?? null,
    reason: input.reason ?? null,
    created_at: createdAt,
  };
}

/**
 * Claims every night or none, recorded at `now` (the app's clock); a night already taken throws
 * NightTakenError (the caller's transaction must roll back).
 */
export async function claimNights(db: Executor, input: ClaimInput, now: string): Promise<void> {
  if (input.nights.length === 0) return;
  if (input.testKeyId !== undefined && input.testKeyId !== null) {
    await claimTestNights(db, { ...input, testKeyId: input.testKeyId, bookingId: input.bookingId ?? 0 }, now);
    return;
  }
  try {
    const values = new StatementValues();
    const claims = input.nights.map((night) => values.row(claimRow(input, night, now)));
    await runShaped(db, 'claim-nights', values, () => db.insertInto('night_claims').values(claims));
  } catch (error) {
    if (isUniqueViolation(error)) throw new NightTakenError('night already taken', { cause: error });
    throw error;
  }
}

/** The tables a CTE of the booking statement sees: the schema and the inserted booking `b`. */
export type InsertedBooking = Database & { b: { id: number } };

/**
 * The claim insert of a booking written in one PostgreSQL statement (src/bookings/insert-booking-rows.ts),
 * for a data-modifying CTE: one row per night (unnest of the nights, the only raw SQL needed),
 * for the booking the statement's CTE `b` inserted.
 */
export function claimNightsOfInsertedBooking(
  qb: QueryCreator<InsertedBooking>,
  accommodationId: number,
  nights: readonly string[],
  createdAt: string,
) {
  const claim = claimRow({ accommodationId, kind: 'booking' }, '', createdAt);
  return qb
    .insertInto('night_claims')
    .columns(['accommodation_id', 'night', 'kind', 'booking_id', 'external_reservation_id', 'reason', 'created_at'])
    .expression(
      qb
        .selectFrom(['b', sql<{ night: string }>`unnest(${nights}::date[])`.as('n')])
        .select([
          sql<number>`${claim.accommodation_id}::integer`.as('accommodation_id'),
          sql<string>`n`.as('night'),
          sql<string>`${claim.kind}`.as('kind'),
          'b.id',
          sql<null>`null::integer`.as('external_reservation_id'),
          sql<string | null>`${claim.reason}::text`.as('reason'),
          sql<string>`${claim.created_at}::timestamptz`.as('created_at'),
        ]),
    );
}

/**
 * Claims a booking's nights again after a late payment, inside a savepoint: a lost claim is undone
 * without aborting the caller's transaction (PostgreSQL aborts a transaction on any failed
 * statement). False when a night is taken.
 */
export async function tryClaimNights(db: Executor, input: ClaimInput, now: string): Promise<boolean> {
  await sql`savepoint try_claim_nights`.execute(db);
  try {
    await claimNights(db, input, now);
  } catch (error) {
    if (!(error instanceof NightTakenError)) throw error;
    await sql`rollback to savepoint try_claim_nights`.execute(db);
    return false;
  }
  await sql`release savepoint try_claim_nights`.execute(db);
  return true;
}

/** A night a release freed. */
interface FreedNight {
  accommodation_id: number;
  night: string;
}

const FREED = ['accommodation_id', 'night'] as const;

/**
 * Nights just freed go at once to an imported stay that covers them and does not hold them yet
 * (the one imported first; never an echo of one of our own stays, see src/ical/echoes.ts): an
 * imported stay wants every one of its nights, and a night a cancelled booking, a removed block
 * or a dropped stay gives up must not be bookable until the stay's feed is pulled again.
 * `except` names the stays being released themselves.
 */
async function handOverFreedNights(
  db: Executor,
  freed: readonly FreedNight[],
  except: { reservationIds?: readonly number[]; feedId?: number } = {},
  now?: string,
): Promise<void> {
  if (freed.length === 0) return;
  const byAccommodation = new Map<number, string[]>();
  for (const f of freed)
    byAccommodation.set(f.accommodation_id, [...(byAccommodation.get(f.accommodation_id) ?? []), f.night]);
  const claims: ExternalClaim[] = [];
  for (const [accommodationId, nights] of byAccommodation) {
    const sorted = [...nights].sort();
    let query = db
      .selectFrom('external_reservations')
      .select(['id', 'start_date', 'end_date'])
      .where('accommodation_id', '=', accommodationId)
      .where('echo_of', 'is', null)
      .where('start_date', '<=', sorted.at(-1) ?? '')
      .where('end_date', '>', sorted[0] ?? '')
      .orderBy('id');
    if (except.reservationIds !== undefined && except.reservationIds.length > 0)
      query = query.where('id', 'not in', except.reservationIds);
    if (except.feedId !== undefined) query = query.where('feed_id', '!=', except.feedId);
    const waiting = await query.execute();
    if (waiting.length === 0) continue;
    for (const night of sorted) {
      const stay = waiting.find((r) => r.start_date <= night && night < r.end_date);
      if (stay !== undefined) claims.push({ accommodationId, reservationId: stay.id, night });
    }
  }
  // The handed-over claims record the app's clock where the caller gives it.
  if (claims.length > 0) await claimFreeNights(db, claims, now === undefined ? new Date() : new Date(now));
}

/** Frees every night of these bookings; an imported stay that wants one of them takes it. */
export async function releaseBookingNights(
  db: Executor,
  bookingIds: number | readonly number[],
  now: string,
): Promise<void> {
  const ids = typeof bookingIds === 'number' ? [bookingIds] : bookingIds;
  if (ids.length === 0) return;
  await releaseTestNights(db, ids);
  const freed = await db.deleteFrom('night_claims').where('booking_id', 'in', ids).returning(FREED).execute();
  await handOverFreedNights(db, freed, {}, now);
}

/** Moves a booking to new nights: frees the old ones and claims the new ones; NightTakenError when one is taken. */
export async function moveBookingNights(
  db: Executor,
  booking: { id: number; accommodation_id: number; mode: Mode; api_key_id: number | null },
  nights: readonly string[],
  now: string,
): Promise<void> {
  if (booking.mode === 'test') {
    await releaseTestNights(db, [booking.id]);
    await claimNights(
      db,
      {
        accommodationId: booking.accommodation_id,
        nights,
        kind: 'booking',
        bookingId: booking.id,
        testKeyId: testKeyOf(booking),
      },
      now,
    );
    return;
  }
  const freed = await db.deleteFrom('night_claims').where('booking_id', '=', booking.id).returning(FREED).execute();
  await claimNights(
    db,
    { accommodationId: booking.accommodation_id, nights, kind: 'booking', bookingId: booking.id },
    now,
  );
  const kept = new Set(nights);
  await handOverFreedNights(
    db,
    freed.filter((f) => !kept.has(f.night)),
    {},
    now,
  );
}

/** Frees the blocked nights in [from, to); nights taken by stays are left alone. Returns how many were freed. */
export async function releaseBlocks(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
  now: string,
): Promise<number> {
  const freed = await db
    .deleteFrom('night_claims')
    .where('accommodation_id', '=', accommodationId)
    .where('kind', '=', 'block')
    .where('night', '>=', from)
    .where('night', '<', to)
    .returning(FREED)
    .execute();
  await handOverFreedNights(db, freed, {}, now);
  return freed.length;
}

/** Frees the nights held by the reservations imported through one feed (the feed is being removed). */
export async function releaseFeedNights(db: Executor, feedId: number, now: string): Promise<void> {
  const reservations = db.selectFrom('external_reservations').select('id').where('feed_id', '=', feedId);
  const freed = await db
    .deleteFrom('night_claims')
    .where('external_reservation_id', 'in', reservations)
    .returning(FREED)
    .execute();
  await handOverFreedNights(db, freed, { feedId }, now);
}

/** Frees the nights held by these imported reservations (an import that dropped them, or found them echoes). */
export async function releaseReservationNights(
  db: Executor,
  reservationIds: readonly number[],
  now?: string,
): Promise<void> {
  if (reservationIds.length === 0) return;
  const freed = await db
    .deleteFrom('night_claims')
    .where('external_reservation_id', 'in', reservationIds)
    .returning(FREED)
    .execute();
  await handOverFreedNights(db, freed, { reservationIds }, now);
}

/** Frees the nights of one imported stay outside [keep.start, keep.end) (the stay moved). */
export async function releaseReservationNightsOutside(
  db: Executor,
  reservationId: number,
  keep: { start: string; end: string },
  now?: string,
): Promise<void> {
  const freed = await db
    .deleteFrom('night_claims')
    .where('external_reservation_id', '=', reservationId)
    .where((eb) => eb.or([eb('night', '<', keep.start), eb('night', '>=', keep.end)]))
    .returning(FREED)
    .execute();
  await handOverFreedNights(db, freed, { reservationIds: [reservationId] }, now);
}

export interface ExternalClaim {
  accommodationId: number;
  reservationId: number;
  night: string;
}

const FREE_CLAIM_CHUNK = 500;

/**
 * An imported stay takes every night that is free and leaves the others to whoever holds them
 * (the iCal import turns those into overbooking alerts), so this insert skips taken nights
 * instead of failing the pull's transaction. Returns the claims it got.
 */
export async function claimFreeNights(
  db: Executor,
  claims: readonly ExternalClaim[],
  now: Date,
): Promise<ExternalClaim[]> {
  const createdAt = now.toISOString();
  const got: ExternalClaim[] = [];
  for (let i = 0; i < claims.length; i += FREE_CLAIM_CHUNK) {
    const rows = await db
      .insertInto('night_claims')
      .values(
        claims
          .slice(i, i + FREE_CLAIM_CHUNK)
          .map((c) =>
            claimRow(
              { accommodationId: c.accommodationId, kind: 'external', externalReservationId: c.reservationId },
              c.night,
              createdAt,
            ),
          ),
      )
      .onConflict((oc) => oc.columns(['accommodation_id', 'night']).doNothing())
      .returning(['accommodation_id', 'night', 'external_reservation_id'])
      .execute();
    for (const r of rows)
      got.push({ accommodationId: r.accommodation_id, night: r.night, reservationId: r.external_reservation_id ?? 0 });
  }
  return got;
}

/** Frees every night of an accommodation that is being deleted (its caller has refused while it has bookings). */
export async function releaseAccommodationNights(db: Executor, accommodationId: number): Promise<void> {
  await db.deleteFrom('night_claims').where('accommodation_id', '=', accommodationId).execute();
}

export interface TakenNight {
  night: string;
  kind: ClaimKind;
  booking_id: number | null;
  confirmation_code: string | null;
  reason: string | null;
  /** The API key that created the claim's booking; null for other bookings, blocks and imported stays. */
  created_by: number | null;
}

/** Nights in [from, to) that are taken right now (live claims only), optionally ignoring one booking's own. */
export function findTakenNights(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
  now: string,
  excludeBookingId?: number,
): Promise<TakenNight[]> {
  let query = db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .select(['c.night', 'c.kind', 'c.booking_id', 'b.confirmation_code', 'c.reason', 'b.api_key_id as created_by'])
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .where('c.night', '<', to)
    .where(liveClaim(now));
  if (excludeBookingId !== undefined) {
    query = query.where((eb) => eb.or([eb('c.booking_id', 'is', null), eb('c.booking_id', '!=', excludeBookingId)]));
  }
  return query.orderBy('c.night').execute();
}

/** Card drafts whose hold has run out and that still hold a night in [from, to): the lifecycle expires them. */
export async function findExpiredHolds(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
  now: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('night_claims as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select('b.id')
    .distinct()
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .where('c.night', '<', to)
    .where(sql<SqlBool>`not ${liveClaim(now)}`)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A test booking's nights (docs/partners.md#test-mode): it sees the live calendar, so a night a
 * live claim holds is refused (NightTakenError), but it never takes a live night: its claims go
 * to test_night_claims, whose primary key (api_key_id, accommodation_id, night) refuses a second
 * test booking of the same key on a night, as night_claims refuses a second live one. A live
 * booking never reads these rows, so it takes a night a test booking holds.
 */
async function claimTestNights(
  db: Executor,
  input: Omit<ClaimInput, 'testKeyId'> & { testKeyId: number; bookingId: number },
  now: string,
): Promise<void> {
  const sorted = [...input.nights].sort();
  const live = await db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .select('c.night')
    .where('c.accommodation_id', '=', input.accommodationId)
    .where('c.night', 'in', sorted)
    .where(liveClaim(now))
    .limit(1)
    .executeTakeFirst();
  if (live !== undefined) throw new NightTakenError('night taken by a live claim');
  try {
    await db
      .insertInto('test_night_claims')
      .values(
        sorted.map((night) => ({
          api_key_id: input.testKeyId,
          accommodation_id: input.accommodationId,
          night,
          booking_id: input.bookingId,
          created_at: now,
        })),
      )
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new NightTakenError('night already taken by a test booking', { cause: error });
    throw error;
  }
}

/** The test key whose test nights a booking holds; null for a live booking. */
export function testKeyOf(booking: { mode: Mode; api_key_id: number | null }): number | null {
  return booking.mode === 'test' ? booking.api_key_id : null;
}

/** Frees the test nights of these bookings (a live booking has none). */
async function releaseTestNights(db: Executor, bookingIds: readonly number[]): Promise<void> {
  await db.deleteFrom('test_night_claims').where('booking_id', 'in', bookingIds).execute();
}

/**
 * The test nights a test key holds in [from, to), with their booking's code, status and hold (the
 * same rows as a night window's claims): a test booking refused a night reads them to say who holds it.
 */
export function findTestClaims(db: Executor, apiKeyId: number, accommodationId: number, from: string, to: string) {
  return db
    .selectFrom('test_night_claims as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select([
      'c.night',
      sql<ClaimKind>`'booking'`.as('kind'),
      'c.booking_id',
      'b.confirmation_code',
      sql<string | null>`null`.as('reason'),
      'b.status',
      'b.hold_expires_at',
      'b.api_key_id as created_by',
    ])
    .where('c.api_key_id', '=', apiKeyId)
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .where('c.night', '<', to)
    .orderBy('c.night')
    .execute();
}
