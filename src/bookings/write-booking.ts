import type { AppContext } from '../app-context.ts';
import { planQueuedStays } from '../tasks/new-stay-turnovers.ts';
import { isForeignKeyViolation, isPostgres, isUniqueViolation } from '../db/dialect.ts';
import { retryTransientConflicts } from '../db/retry-conflicts.ts';
import { mayHaveCommitted } from '../db/unavailable.ts';
import { notFound, type AppError } from '../http/errors.ts';
import { askUntilAnswered, outcomeUnknown } from '../http/uncertain-commit.ts';
import type { Viewer } from '../http/viewer.ts';
import { NightTakenError, type TakenNight } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { loadNightWindow, loadTestNightWindow } from '../occupancy/night-window.ts';
import { assertDraftCapacity } from '../limits/draft-cap.ts';
import type { BookingCreated } from './booking-schemas.ts';
import { expireHolds, expireHoldsOverlapping } from './expire-holds.ts';
import { recordIdempotent, replayIdempotent } from './idempotency.ts';
import { insertBookingRows, queuedAfterCommit, type BookingRows } from './insert-booking-rows.ts';
import { bookingView, type BookingViewFacts } from './booking-retrieval.ts';
import { createdEvents, recordBookingEvents, wakeDeliveries } from './partner-events.ts';
import { cutNewBookingEvents, type NewBookingIds } from '../events/new-booking-events.ts';
import type { Executor } from '../db/store.ts';
import { followUpQueued } from './confirmed-follow-up.ts';

/** How often a booking is written when PostgreSQL aborts it for a deadlock. */
const WRITE_ATTEMPTS = 3;
/** How often a booking that was not stored after all is written again when the connection keeps dropping. */
const UNCERTAIN_ATTEMPTS = 3;

/** A new booking ready to be written, and what its writing needs to answer. */
export interface BookingWrite<T = BookingCreated> {
  rows: BookingRows;
  now: string;
  /** Who the 409 of a taken night is worded for, and the field it names. */
  viewer: Viewer;
  checkinField?: string;
  /**
   * The request's idempotency key and body hash; its first answer is stored with the booking. Only
   * v1's POST /bookings has one, whose answer is a BookingCreated.
   */
  idempotency: T extends BookingCreated ? { apiKeyId: number; key: string; hash: string } | null : null;
  /** For a card draft: the key's cap on live drafts, counted in the transaction that writes it. */
  draftCap: { apiKeyId: number; cap: number; now: Date } | null;
  /** The answer, once the rows have ids. */
  answer(ids: { bookingId: number; guestId: number }): T;
  /** The accommodation's name, which the booking's partner event carries. */
  accommodationName: string;
}

/**
 * Writes a new booking and answers for it. The nights are not read first: the primary key of
 * night_claims decides whether they are free, and a race for them. They are read only when one
 * was refused: if someone holds it, the answer names who (409). If only card drafts whose hold
 * has run out hold the nights, they are expired first, in their own short unit as the expiry
 * job would (so no transaction holds a draft while it waits for a guest's row), and the booking
 * is written once more. A repeat of the idempotency key that won a race answers as it did.
 * Once committed, this process's caches see the nights at once and the other processes are told
 * (no trigger announces a new booking's claims: migration 0010).
 */
export async function writeBooking<T>(ctx: AppContext, write: BookingWrite<T>): Promise<T> {
  const { booking } = write.rows;
  let created: T | null = null;
  let queued = 0;
  let uncertain = 0;
  for (let attempt = 1; created === null; attempt++) {
    try {
      // A booking's statement can deadlock with a transaction that frees and claims nights in
      // another order (a block, a webhook change, a payment); the aborted booking runs again.
      ({ created, queued } = await retryTransientConflicts(() => writeOnce(ctx, write), WRITE_ATTEMPTS));
    } catch (error) {
      // The connection broke after the write was sent: it may have committed (docs/api.md#failures).
      const broke = isPostgres(ctx.db) && mayHaveCommitted(error);
      if (broke || uncertain > 0) {
        created = await findWritten(ctx, write);
        if (created !== null) continue;
        if (broke) {
          // Not stored: written again, under the same confirmation code, so that a commit that
          // lands late makes the new write fail and be found.
          if (++uncertain >= UNCERTAIN_ATTEMPTS) throw bookingOutcomeUnknown();
          continue;
        }
      }
      const replay = await replayAfterRace(ctx, write, error);
      // Only a write with an idempotency key replays, and its answer is a BookingCreated.
      if (replay !== null) return replay as T;
      // The accommodation was deleted after this booking read it (its cache was a moment old).
      if (isForeignKeyViolation(error)) throw accommodationGone(booking.accommodation_id);
      if (!(error instanceof NightTakenError)) throw error;
      const stay = { from: booking.checkin, to: booking.checkout };
      const testKey = booking.mode === 'test' ? booking.api_key_id : null;
      const window =
        testKey === null || testKey === undefined
          ? await loadNightWindow(ctx.db, booking.accommodation_id, stay, write.now)
          : await loadTestNightWindow(ctx.db, testKey, booking.accommodation_id, stay, write.now);
      if (window.taken.length > 0 || attempt > 1)
        throw takenConflict(ctx, window.taken, write.viewer, write.checkinField ?? 'booking_data.checkin_date');
      if (testKey !== null && testKey !== undefined) await expireHolds(ctx, window.expiredHoldBookingIds);
      else if (window.expiredHoldBookingIds.length > 0)
        await expireHoldsOverlapping(ctx, { accommodationId: booking.accommodation_id, ...stay });
    }
  }
  // A test booking took no live night: the live memories keep what they hold.
  if (booking.mode !== 'test')
    ctx.store.changes.committed({ table: 'night_claims', id: String(booking.accommodation_id) }, { announce: true });
  wakeDeliveries(ctx.store.changes, queued);
  // A live booking confirmed as it is made is invoiced, its messages scheduled and its turnover
  // planned once committed: its rows queued them (insert-booking-rows.ts); a draft has none. The
  // two runs are independent (each holds its bookings, then a lock of its own: the series, the
  // home), so they go together: on the embedded store they share a commit. The booking is stored
  // whatever these meet: a failed follow-up or planning leaves its row queued for the
  // follow-up-bookings or plan-turnovers job, which does it again.
  const queue = queuedAfterCommit(booking);
  await Promise.all([
    queue.followUp ? followUpQueued(ctx).catch(() => undefined) : undefined,
    queue.turnover ? planQueuedStays(ctx, booking.accommodation_id).catch(() => undefined) : undefined,
  ]);
  ctx.metrics.bookingsCreated.labels(booking.status, booking.payment_method).inc();
  return created;
}

/**
 * Writes the booking once, with its events for the key's partners (the catch-up feed and the
 * key's endpoints: partner-events.ts), with the stored answer of an idempotency key, and under the
 * key's draft cap for a card draft (counted with the draft it writes), together or not at all. On
 * PostgreSQL the booking, its events and what is left to do once it has committed (its invoice,
 * guest messages and turnover: insert-booking-rows.ts, queuedAfterCommit) are one statement,
 * atomic by itself, so a booking with no idempotency key and no draft cap needs no transaction
 * around it; the others run in one. On the embedded store, bookings that arrive together share one
 * commit (db/group-commit.ts).
 */
async function writeOnce<T>(ctx: AppContext, write: BookingWrite<T>): Promise<{ created: T; queued: number }> {
  const { rows, now, idempotency, draftCap } = write;
  const capped = draftCap !== null && draftCap.cap > 0 ? draftCap : null;
  const eventsFor = (ids: NewBookingIds) => {
    const written = writtenFacts(rows.booking, ids, write.accommodationName);
    const announced = { ...written, mode: rows.booking.mode ?? 'live' };
    return createdEvents(announced, written.api_key_id === null ? undefined : bookingView(written), now);
  };
  // Null when the events cannot be written by the booking's statement: then after it, with its ids
  // (always for a test booking, which is written by statements of its own: insert-booking-rows.ts).
  const cut = isPostgres(ctx.db) && rows.booking.mode !== 'test' ? cutNewBookingEvents(eventsFor) : null;
  const work = async (db: Executor) => {
    if (capped !== null) await assertDraftCapacity(db, capped.cap, capped.apiKeyId, capped.now);
    const inserted = await insertBookingRows(db, rows, now, cut ?? []);
    const ids = { bookingId: inserted.bookingId, guestId: inserted.guestId };
    const response = write.answer(ids);
    if (idempotency !== null) {
      await recordIdempotent(db, {
        apiKeyId: idempotency.apiKeyId,
        key: idempotency.key,
        hash: idempotency.hash,
        bookingId: ids.bookingId,
        // Only v1's POST /bookings has an idempotency key, and its answer is a BookingCreated.
        response: response as BookingCreated,
        now,
      });
    }
    const queued = inserted.queued + (cut === null ? await recordBookingEvents(db, eventsFor(ids)) : 0);
    return { created: response, queued };
  };
  if (cut !== null && capped === null && idempotency === null) return work(ctx.db);
  return ctx.store.commitTogether(work);
}

/** The booking as stored once its rows are written: the columns it leaves out take their defaults. */
function writtenFacts(
  booking: BookingRows['booking'],
  ids: { bookingId: number; guestId: number },
  accommodationName: string,
): BookingViewFacts & { api_key_id: number | null } {
  return {
    ...booking,
    id: ids.bookingId,
    guest_id: ids.guestId,
    accommodation_name: accommodationName,
    api_key_id: booking.api_key_id ?? null,
    guest_phone: booking.guest_phone ?? null,
    confirmed_at: booking.confirmed_at ?? null,
    payment_intent_id: booking.payment_intent_id ?? null,
    amount_paid: booking.amount_paid ?? 0,
    processor_paid: booking.processor_paid ?? 0,
    hold_expires_at: booking.hold_expires_at ?? null,
    cancel_reason: booking.cancel_reason ?? null,
    cancelled_at: booking.cancelled_at ?? null,
    cancellation_fee: booking.cancellation_fee ?? null,
  };
}

/**
 * The booking looked up by its confirmation code (made before the write): its answer if it was
 * stored, null if it was not; 503 outcome_unknown while the store cannot be asked.
 */
function findWritten<T>(ctx: AppContext, write: BookingWrite<T>): Promise<T | null> {
  return askUntilAnswered(
    ctx.store.health,
    async () => {
      const row = await ctx.db
        .selectFrom('bookings')
        .select(['id', 'guest_id'])
        .where('confirmation_code', '=', write.rows.booking.confirmation_code)
        .executeTakeFirst();
      return row === undefined ? null : write.answer({ bookingId: row.id, guestId: row.guest_id });
    },
    bookingOutcomeUnknown,
  );
}

function bookingOutcomeUnknown(): AppError {
  return outcomeUnknown(
    'the booking',
    'Retry with the same booking_data.idempotency_key: the retry answers with the booking if it was saved, ' +
      'and makes it once if it was not.',
  );
}

/** A concurrent repeat of the same idempotency key won the race: answer as it did. */
async function replayAfterRace<T>(
  ctx: AppContext,
  write: BookingWrite<T>,
  error: unknown,
): Promise<BookingCreated | null> {
  const { idempotency } = write;
  return idempotency !== null && (error instanceof NightTakenError || isUniqueViolation(error))
    ? replayIdempotent(ctx.db, idempotency.apiKeyId, idempotency.key, idempotency.hash)
    : null;
}

function takenConflict(ctx: AppContext, taken: readonly TakenNight[], viewer: Viewer, field: string): AppError {
  ctx.metrics.bookingConflicts.inc();
  return datesUnavailable(taken, viewer, field);
}

function accommodationGone(id: number): AppError {
  return notFound('accommodation_not_found', `Accommodation ${id} not found.`, {
    parameter: 'accommodation_id',
    received: id,
  });
}
