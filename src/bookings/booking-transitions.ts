import type { Booking, BookingStatus, PaymentMethod, TransitionEventKind } from '../db/schema.ts';

/**
 * The booking lifecycle's one transition table (pure): from where a booking stands and what
 * happens to it, whether it moves and to which status, stays as it is, or is refused and why.
 * The verbs (confirm-booking, modify-booking, cancel-booking, expire-holds) ask it before they
 * write, and the predicates below, which callers use instead of comparing statuses, are read
 * from it. Docs: ARCHITECTURE.md, "The guarantees and where they live".
 */

/**
 * Where a booking stands: its status, except that a booking the hold expiry cancelled is told
 * apart (`expired`), since a payment that arrives late may still confirm it while its nights are
 * free. It is stored as `cancelled` with `hold_expired_at` set.
 */
export type BookingState = BookingStatus | 'expired';

/** What can happen to an existing booking; each is one verb. */
export type LifecycleEvent = 'confirm' | 'modify' | 'cancel' | 'expire' | 'reinstate';

/** Why a move is refused, for each event that can be refused. */
export interface RefusalOf {
  /** a payment for a booking that no longer (or never) waits for one: the guest is refunded */
  confirm: 'not_awaiting_payment';
  /** a draft's card payment is for the quoted stay, so the stay cannot change under it */
  modify: 'booking_not_confirmed' | 'booking_cancelled';
  cancel: never;
  expire: never;
  /**
   * the host undoes a cancellation (reinstate-booking.ts): only a cancelled booking that had been
   * confirmed; an expired draft waits for its late payment instead
   */
  reinstate: 'booking_not_cancelled' | 'never_confirmed';
}

export type Move<E extends LifecycleEvent = LifecycleEvent> =
  /** The booking takes status `to`; its history records `event`. */
  | { readonly kind: 'move'; readonly to: BookingStatus; readonly event: TransitionEventKind }
  /** Nothing to do, and nothing wrong: it is already so (cancelling twice), or not the verb's business. */
  | { readonly kind: 'unchanged' }
  | ([RefusalOf[E]] extends [never] ? never : { readonly kind: 'refused'; readonly refusal: RefusalOf[E] });

const to = (status: BookingStatus, event: TransitionEventKind) => ({ kind: 'move', to: status, event }) as const;
const unchanged = { kind: 'unchanged' } as const;
const refused = <R extends RefusalOf[LifecycleEvent]>(refusal: R) => ({ kind: 'refused', refusal }) as const;

/** Every move, state by state. */
export const TRANSITIONS: { readonly [S in BookingState]: { readonly [E in LifecycleEvent]: Move<E> } } = {
  draft: {
    confirm: to('confirmed', 'confirmed'),
    modify: refused('booking_not_confirmed'),
    cancel: to('cancelled', 'cancelled'),
    // Only once its hold has run out: the expiry's own UPDATE checks the time (expire-holds.ts).
    expire: to('cancelled', 'expired'),
    reinstate: refused('booking_not_cancelled'),
  },
  confirmed: {
    confirm: refused('not_awaiting_payment'),
    modify: to('modified', 'modified'),
    cancel: to('cancelled', 'cancelled'),
    expire: unchanged,
    reinstate: refused('booking_not_cancelled'),
  },
  modified: {
    confirm: refused('not_awaiting_payment'),
    modify: to('modified', 'modified'),
    cancel: to('cancelled', 'cancelled'),
    expire: unchanged,
    reinstate: refused('booking_not_cancelled'),
  },
  cancelled: {
    confirm: refused('not_awaiting_payment'),
    modify: refused('booking_cancelled'),
    cancel: unchanged,
    expire: unchanged,
    // Only the host, and only while every night is still free (reinstate-booking.ts checks both);
    // a cancelled draft that was never paid is refused there ('never_confirmed').
    reinstate: to('confirmed', 'reinstated'),
  },
  expired: {
    // A late payment: the booking takes its nights again if they are still free (confirm-booking.ts).
    confirm: to('confirmed', 'confirmed'),
    modify: refused('booking_cancelled'),
    cancel: unchanged,
    expire: unchanged,
    reinstate: refused('never_confirmed'),
  },
};

export function stateOf(booking: Pick<Booking, 'status' | 'hold_expired_at'>): BookingState {
  return booking.status === 'cancelled' && booking.hold_expired_at !== null ? 'expired' : booking.status;
}

/** What `event` does to `booking`. */
export function moveOf<E extends LifecycleEvent>(
  booking: Pick<Booking, 'status' | 'hold_expired_at'>,
  event: E,
): Move<E> {
  return TRANSITIONS[stateOf(booking)][event];
}

/**
 * The status a new booking starts in: a card payment's draft holds its nights until it is paid;
 * the others are confirmed at once.
 */
export function initialStatus(paymentMethod: PaymentMethod): Extract<BookingStatus, 'draft' | 'confirmed'> {
  return paymentMethod === 'card_processor' ? 'draft' : 'confirmed';
}

// The predicates callers ask instead of comparing statuses.

/** Whether cancelling changes anything (what the console offers a cancel button for). */
export function canCancel(status: BookingStatus): boolean {
  return TRANSITIONS[status].cancel.kind === 'move';
}

/** Whether the host may undo this booking's cancellation (what the console offers an undo button for). */
export function canReinstate(booking: Pick<Booking, 'status' | 'hold_expired_at' | 'confirmed_at'>): boolean {
  return moveOf(booking, 'reinstate').kind === 'move' && booking.confirmed_at !== null;
}

/** A card-payment draft: it holds its nights until paid or until its hold runs out. */
export function isDraft(status: BookingStatus): boolean {
  return status === 'draft';
}

/**
 * A confirmed booking, changed since or not: the one state whose stay may still be modified,
 * which has a confirmation to send again and an invoice to show.
 */
export function isConfirmed(status: BookingStatus): boolean {
  return TRANSITIONS[status].modify.kind === 'move';
}
