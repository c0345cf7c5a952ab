import type { Updateable } from 'kysely';
import type { BookingActorKind, BookingEventKind, BookingStatus, BookingsTable } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';

/**
 * The booking lifecycle: the only code that writes `bookings.status`, and with every change a
 * `booking_events` row saying who made it and why, in the same transaction. The verbs live in
 * their own files of this folder (create-booking, confirm-booking, cancel-booking,
 * modify-booking, expire-holds); every actor — the v1 API, webhooks, card payments, the hold
 * expiry, the admin API — calls them instead of writing rows itself.
 */

/** Who changed a booking. */
export type BookingActor =
  | { kind: 'api_key'; apiKeyId: number }
  | { kind: 'webhook'; deliveryId: number | null }
  | { kind: 'payment_event'; eventId: string }
  | { kind: 'hold_expiry' }
  | { kind: 'host'; apiKeyId: number }
  | { kind: 'host'; consoleUserId: number }
  | { kind: 'system' };

function actorRef(actor: BookingActor): string | null {
  switch (actor.kind) {
    case 'api_key':
      return String(actor.apiKeyId);
    case 'host':
      // A host acts through an admin key or signed in to the console as a console user.
      return 'apiKeyId' in actor ? String(actor.apiKeyId) : `console_user:${actor.consoleUserId}`;
    case 'webhook':
      return actor.deliveryId === null ? null : String(actor.deliveryId);
    case 'payment_event':
      return actor.eventId;
    case 'hold_expiry':
    case 'system':
      return null;
  }
}

/** The history row of one change: the lifecycle writes it beside the change, never alone. */
export function bookingEventRow(
  bookingId: number,
  event: BookingEventKind,
  status: BookingStatus,
  actor: BookingActor,
  reason: string | null,
  now: string,
) {
  return {
    booking_id: bookingId,
    event,
    status,
    actor_kind: actor.kind satisfies BookingActorKind,
    actor_ref: actorRef(actor),
    reason,
    created_at: now,
  };
}

/** What an actor hears back from a verb: whether anything changed, in words, and the status now. */
export interface LifecycleOutcome {
  updated: boolean;
  message: string;
  booking_id: number;
  new_status: BookingStatus;
}

export interface Transition {
  event: Exclude<BookingEventKind, 'created'>;
  status: BookingStatus;
  /** Other columns that change with the status. */
  set?: Omit<Updateable<BookingsTable>, 'status' | 'id'>;
  /** Why, in the history: a payment id, a cancellation reason, what was modified. */
  reason: string | null;
}

/**
 * Writes one transition to these bookings and its history rows. `onlyExpiredDraftsAt` makes the
 * status condition part of the UPDATE itself (the hold expiry): when two transactions race for the
 * same draft, only the one whose update changes the row gets its id back and goes on to free its
 * nights and queue its mail. Returns the ids that changed. Used by the verbs of this folder only.
 */
export async function writeTransition(
  db: Executor,
  bookingIds: readonly number[],
  transition: Transition,
  actor: BookingActor,
  now: string,
  onlyExpiredDraftsAt?: string,
): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  let update = db
    .updateTable('bookings')
    .set({ ...transition.set, status: transition.status, updated_at: now })
    .where('id', 'in', bookingIds);
  if (onlyExpiredDraftsAt !== undefined)
    update = update.where('status', '=', 'draft').where('hold_expires_at', '<=', onlyExpiredDraftsAt);
  const changed = (await update.returning('id').execute()).map((r) => r.id);
  if (changed.length > 0) {
    await db
      .insertInto('booking_events')
      .values(
        changed.map((id) => bookingEventRow(id, transition.event, transition.status, actor, transition.reason, now)),
      )
      .execute();
  }
  return changed;
}

/** A booking's history, oldest first. */
export function listBookingEvents(db: Executor, bookingId: number) {
  return db
    .selectFrom('booking_events')
    .select(['event', 'status', 'actor_kind', 'actor_ref', 'reason', 'created_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}
