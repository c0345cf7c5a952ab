import type { Updateable } from 'kysely';
import type { Config } from '../config/config.ts';
import { lockRows } from '../db/row-locks.ts';
import type {
  Booking,
  BookingActorKind,
  BookingEventKind,
  BookingStatus,
  BookingsTable,
  TransitionEventKind,
} from '../db/schema.ts';
import type { Executor, StoreContext } from '../db/store.ts';
import { inUnit, type Unit } from '../db/unit-of-work.ts';
import { isAppError, notFound } from '../http/errors.ts';
import type { BookingEventType } from '../events/event-types.ts';
import type { MailedChanges } from '../mail/booking-mail-templates.ts';
import { enqueueBookingMail, type BookingMailKind } from '../mail/enqueue-booking-mail.ts';
import { syncDocuments } from '../invoices/sync-documents.ts';
import { keepBookingMessagesTrue } from '../messages/keep-messages-true.ts';
import { announceToPartners, wakeDeliveries } from './partner-events.ts';
import { syncTurnovers } from '../tasks/sync-turnovers.ts';

/**
 * The booking lifecycle: the only code that writes `bookings.status`, and with every change a
 * `booking_events` row saying who made it and why, in the same transaction. The verbs live in
 * their own files of this folder (create-booking, confirm-booking, cancel-booking,
 * modify-booking, expire-holds); every actor — the v1 API, webhooks, card payments, the hold
 * expiry, the console, the admin API — calls them instead of writing rows itself. A verb takes
 * the booking's id and its actor, locks the row, asks the transition table
 * (booking-transitions.ts) whether the move is allowed, writes the state, the history, the nights
 * and the outbox rows, and commits; callers never lock, open a transaction or compare statuses.
 */

/** What the verbs need of the app context: the store, the addresses mails link to, the clock. */
export interface LifecycleContext extends StoreContext {
  readonly config: Pick<Config, 'publicBaseUrl' | 'slug'>;
  now(): Date;
}

/** Which booking a verb acts on, and who acts. */
export interface BookingCommand {
  bookingId: number;
  actor: BookingActor;
}

/** Who changed a booking. */
export type BookingActor =
  | { kind: 'api_key'; apiKeyId: number }
  | { kind: 'webhook'; deliveryId: number | null }
  | { kind: 'payment_event'; eventId: string }
  | { kind: 'hold_expiry' }
  | { kind: 'host'; apiKeyId: number }
  | { kind: 'host'; consoleUserId: number }
  | { kind: 'system' };

/** The actor's reference as history keeps it (the key, console user, delivery or event id). */
export function actorRef(actor: BookingActor): string | null {
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
  event: TransitionEventKind;
  status: BookingStatus;
  /** Other columns that change with the status. */
  set?: Omit<Updateable<BookingsTable>, 'status' | 'id'>;
  /** Why, in the history: a payment id, a cancellation reason, what was modified. */
  reason: string | null;
}

/**
 * Reads a booking and locks its row until the transaction ends (on PostgreSQL; SQLite runs one
 * transaction at a time).
 */
function lockBooking(db: Executor, id: number): Promise<Booking | undefined> {
  return lockRows(db, db.selectFrom('bookings').selectAll().where('id', '=', id)).executeTakeFirst();
}

/**
 * Runs a verb on one booking, locked: in `within` (a webhook delivery or payment event recorded
 * with its effect) or in a unit of its own that commits when the verb returns. An unknown id is a
 * 404. A refusal (an AppError) carries what an actor hears back beside it: nothing was updated,
 * and the booking's status.
 */
export async function onLockedBooking<T>(
  ctx: LifecycleContext,
  bookingId: number,
  within: Unit | undefined,
  verb: (unit: Unit, booking: Booking) => Promise<T>,
): Promise<T> {
  const run = async (unit: Unit): Promise<T> => {
    const booking = await lockBooking(unit.trx, bookingId);
    if (booking === undefined) {
      const message = `Booking ${bookingId} not found.`;
      throw notFound('booking_not_found', message, { parameter: 'booking_id', received: bookingId }).withBody({
        updated: false,
        message,
        booking_id: bookingId,
        new_status: null,
      });
    }
    try {
      return await verb(unit, booking);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw error.withBody({
        updated: false,
        message: error.message,
        booking_id: booking.id,
        new_status: booking.status,
      });
    }
  };
  return within === undefined ? inUnit(ctx.db, ctx.now(), run) : run(within);
}

/** The mail each move sends the guest. */
const MAIL_OF: Record<Transition['event'], BookingMailKind> = {
  confirmed: 'confirmation',
  modified: 'modification',
  cancelled: 'cancellation',
  expired: 'cancellation',
  reinstated: 'confirmation',
};

/** The event partners hear of each move. */
const PARTNER_EVENT_OF: Record<Transition['event'], BookingEventType> = {
  confirmed: 'booking.confirmed',
  modified: 'booking.modified',
  cancelled: 'booking.cancelled',
  expired: 'booking.expired',
  // An undone cancellation: the booking is confirmed again.
  reinstated: 'booking.confirmed',
};

/**
 * What follows every move, once its status, history and nights are written, in the same unit:
 * the guest's mail and the partners' events (outbox rows, committed with the move or not at all:
 * partner-events.ts; `formerStay` is where a modified booking's nights were), the guest messages
 * their rules schedule (moved, skipped or scheduled again: docs/messages.md), the homes' turnover
 * tasks (src/tasks), and once committed,
 * this process's caches of the accommodation (the database triggers announce the change to the
 * other processes). The one place where a move's outbox rows are written. Last, the booking's
 * documents are brought in line with it (an invoice, a credit note: docs/money.md), which takes
 * the invoice series' lock, the last lock of the unit; an expired draft has none.
 */
export async function afterTransition(
  ctx: LifecycleContext,
  unit: Unit,
  bookings: readonly Pick<Booking, 'id' | 'accommodation_id'>[],
  event: Transition['event'],
  /** Whether the guest hears of it (the host may say no), and what changed for them. */
  mail: { notify: boolean; changes?: MailedChanges } = { notify: true },
  formerStay?: { from: string; to: string },
): Promise<void> {
  const now = unit.now.toISOString();
  if (mail.notify) {
    for (const booking of bookings)
      await enqueueBookingMail(unit.trx, ctx.config, MAIL_OF[event], booking.id, now, mail.changes);
  }
  const queued = await announceToPartners(
    unit.trx,
    bookings.map((b) => b.id),
    PARTNER_EVENT_OF[event],
    now,
    // A confirmation takes no night the draft did not already hold.
    { calendar: event !== 'confirmed', formerStay },
  );
  await keepBookingMessagesTrue(
    unit.trx,
    bookings.map((b) => b.id),
    unit.now,
  );
  const accommodations = new Set(bookings.map((b) => b.accommodation_id));
  await syncTurnovers(unit.trx, accommodations, unit.now);
  unit.afterCommit(() => {
    for (const id of accommodations) ctx.store.changes.committed({ table: 'bookings', id: String(id) });
    wakeDeliveries(ctx.store.changes, queued);
  });
  if (event !== 'expired') for (const booking of bookings) await syncDocuments(unit, booking.id);
}

/**
 * Writes one transition to these bookings and its history rows. `onlyExpiredDraftsAt` makes the
 * status condition part of the UPDATE itself (the hold expiry): when two transactions race for the
 * same draft, only the one whose update changes the row gets its id back and goes on to free its
 * nights and queue its mail. Returns the bookings that changed. Used by the verbs of this folder only.
 */
export async function writeTransition(
  db: Executor,
  bookingIds: readonly number[],
  transition: Transition,
  actor: BookingActor,
  now: string,
  onlyExpiredDraftsAt?: string,
): Promise<Pick<Booking, 'id' | 'accommodation_id'>[]> {
  if (bookingIds.length === 0) return [];
  let update = db
    .updateTable('bookings')
    .set({ ...transition.set, status: transition.status, updated_at: now })
    .where('id', 'in', bookingIds);
  if (onlyExpiredDraftsAt !== undefined)
    update = update.where('status', '=', 'draft').where('hold_expires_at', '<=', onlyExpiredDraftsAt);
  const changed = await update.returning(['id', 'accommodation_id']).execute();
  if (changed.length > 0) {
    await db
      .insertInto('booking_events')
      .values(
        changed.map((b) => bookingEventRow(b.id, transition.event, transition.status, actor, transition.reason, now)),
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
