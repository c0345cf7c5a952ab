import type { AppContext } from '../app-context.ts';
import { isPostgres, isTransientConflict, isUniqueViolation } from '../db/dialect.ts';
import type { AppError } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { NightTakenError, type TakenNight } from '../occupancy/night-ledger.ts';
import { datesUnavailable } from '../occupancy/nights-unavailable.ts';
import { loadNightWindow } from '../occupancy/night-window.ts';
import { assertDraftCapacity } from '../limits/draft-cap.ts';
import type { BookingCreated } from './booking-schemas.ts';
import { expireHoldsOverlapping } from './expire-holds.ts';
import { recordIdempotent, replayIdempotent } from './idempotency.ts';
import { insertBookingRows, type BookingRows } from './insert-booking-rows.ts';

/** How often a booking is written when PostgreSQL aborts it for a deadlock. */
const WRITE_ATTEMPTS = 3;

/** A new booking ready to be written, and what its writing needs to answer. */
export interface BookingWrite {
  rows: BookingRows;
  now: string;
  /** Who the 409 of a taken night is worded for. */
  viewer: Viewer;
  /** The request's idempotency key and body hash; its first answer is stored with the booking. */
  idempotency: { apiKeyId: number; key: string; hash: string } | null;
  /** For a card draft: the key's cap on live drafts, counted in the transaction that writes it. */
  draftCap: { apiKeyId: number; cap: number; now: Date } | null;
  /** The answer, once the rows have ids. */
  answer(ids: { bookingId: number; partnerId: number }): BookingCreated;
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
export async function writeBooking(ctx: AppContext, write: BookingWrite): Promise<BookingCreated> {
  const { booking } = write.rows;
  let created: BookingCreated | null = null;
  for (let attempt = 1; created === null; attempt++) {
    try {
      created = await retryDeadlocks(() => writeOnce(ctx, write));
    } catch (error) {
      const replay = await replayAfterRace(ctx, write, error);
      if (replay !== null) return replay;
      if (!(error instanceof NightTakenError)) throw error;
      const stay = { from: booking.checkin, to: booking.checkout };
      const window = await loadNightWindow(ctx.db, booking.accommodation_id, stay, write.now);
      if (window.taken.length > 0 || attempt > 1) throw takenConflict(ctx, window.taken, write.viewer);
      if (window.expiredHoldBookingIds.length > 0)
        await expireHoldsOverlapping(ctx, { accommodationId: booking.accommodation_id, ...stay });
    }
  }
  ctx.store.changes.committed({ table: 'night_claims', id: String(booking.accommodation_id) }, { announce: true });
  ctx.metrics.bookingsCreated.labels(booking.status, booking.payment_method).inc();
  return created;
}

/**
 * Writes the booking once. On PostgreSQL a booking without an idempotency key or draft cap is one
 * statement (insert-booking-rows.ts). A transaction is needed on SQLite, to store the idempotent
 * answer with the booking, or to count the key's live drafts with the draft it writes; on the embedded store, bookings that arrive together share one commit
 * (db/group-commit.ts).
 */
async function writeOnce(ctx: AppContext, write: BookingWrite): Promise<BookingCreated> {
  const { rows, now, idempotency, draftCap } = write;
  const capped = draftCap !== null && draftCap.cap > 0 ? draftCap : null;
  if (isPostgres(ctx.db) && idempotency === null && capped === null)
    return write.answer(await insertBookingRows(ctx.db, rows, now));
  return ctx.store.commitTogether(async (trx) => {
    if (capped !== null) await assertDraftCapacity(trx, capped.cap, capped.apiKeyId, capped.now);
    const ids = await insertBookingRows(trx, rows, now);
    const response = write.answer(ids);
    if (idempotency !== null) {
      await recordIdempotent(trx, {
        apiKeyId: idempotency.apiKeyId,
        key: idempotency.key,
        hash: idempotency.hash,
        bookingId: ids.bookingId,
        response,
        now,
      });
    }
    return response;
  });
}

/**
 * A booking's statement can deadlock with a transaction that frees and claims nights in another
 * order (a block, a webhook change, a payment); PostgreSQL then aborts one of them. The booking
 * changed nothing, so it runs again.
 */
async function retryDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isTransientConflict(error)) throw error;
    }
  }
}

/** A concurrent repeat of the same idempotency key won the race: answer as it did. */
async function replayAfterRace(ctx: AppContext, write: BookingWrite, error: unknown): Promise<BookingCreated | null> {
  const { idempotency } = write;
  return idempotency !== null && (error instanceof NightTakenError || isUniqueViolation(error))
    ? replayIdempotent(ctx.db, idempotency.apiKeyId, idempotency.key, idempotency.hash)
    : null;
}

function takenConflict(ctx: AppContext, taken: readonly TakenNight[], viewer: Viewer): AppError {
  ctx.metrics.bookingConflicts.inc();
  return datesUnavailable(taken, viewer, 'booking_data.checkin_date');
}
