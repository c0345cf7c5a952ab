import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  TRANSITIONS,
  canCancel,
  canReinstate,
  initialStatus,
  isConfirmed,
  isDraft,
  moveOf,
  stateOf,
  type BookingState,
  type LifecycleEvent,
  type Move,
} from '../../src/bookings/booking-transitions.ts';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/db/schema.ts';

const STATES: readonly BookingState[] = ['draft', 'confirmed', 'modified', 'cancelled', 'expired'];
const EVENTS: readonly LifecycleEvent[] = ['confirm', 'modify', 'cancel', 'expire', 'reinstate'];

/** Every move written out once more, by hand: a change to the table must change this too. */
const EXPECTED: Record<BookingState, Record<LifecycleEvent, string>> = {
  draft: {
    confirm: 'confirmed (confirmed)',
    modify: 'refused: booking_not_confirmed',
    cancel: 'cancelled (cancelled)',
    expire: 'cancelled (expired)',
    reinstate: 'refused: booking_not_cancelled',
  },
  confirmed: {
    confirm: 'refused: not_awaiting_payment',
    modify: 'modified (modified)',
    cancel: 'cancelled (cancelled)',
    expire: 'unchanged',
    reinstate: 'refused: booking_not_cancelled',
  },
  modified: {
    confirm: 'refused: not_awaiting_payment',
    modify: 'modified (modified)',
    cancel: 'cancelled (cancelled)',
    expire: 'unchanged',
    reinstate: 'refused: booking_not_cancelled',
  },
  cancelled: {
    confirm: 'refused: not_awaiting_payment',
    modify: 'refused: booking_cancelled',
    cancel: 'unchanged',
    expire: 'unchanged',
    reinstate: 'confirmed (reinstated)',
  },
  expired: {
    confirm: 'confirmed (confirmed)',
    modify: 'refused: booking_cancelled',
    cancel: 'unchanged',
    expire: 'unchanged',
    reinstate: 'refused: never_confirmed',
  },
};

function describeMove(move: Move): string {
  switch (move.kind) {
    case 'move':
      return `${move.to} (${move.event})`;
    case 'unchanged':
      return 'unchanged';
    case 'refused':
      return `refused: ${move.refusal}`;
  }
}

/** A stored booking in `state`. */
function booking(state: BookingState): { status: BookingStatus; hold_expired_at: string | null } {
  return state === 'expired'
    ? { status: 'cancelled', hold_expired_at: '2031-01-01T00:00:00.000Z' }
    : { status: state, hold_expired_at: null };
}

describe('the transition table', () => {
  for (const state of STATES) {
    for (const event of EVENTS) {
      test(`${event} a ${state} booking: ${EXPECTED[state][event]}`, () => {
        assert.equal(describeMove(moveOf(booking(state), event)), EXPECTED[state][event]);
        assert.equal(describeMove(TRANSITIONS[state][event]), EXPECTED[state][event]);
      });
    }
  }

  test('covers every stored status, and nothing else', () => {
    assert.deepEqual(Object.keys(TRANSITIONS).sort(), [...BOOKING_STATUSES, 'expired'].sort());
  });

  test('a booking cancelled by the hold expiry is told apart from one cancelled by anyone', () => {
    assert.equal(stateOf({ status: 'cancelled', hold_expired_at: '2031-01-01T00:00:00.000Z' }), 'expired');
    assert.equal(stateOf({ status: 'cancelled', hold_expired_at: null }), 'cancelled');
    for (const status of BOOKING_STATUSES.filter((s) => s !== 'cancelled'))
      assert.equal(stateOf({ status, hold_expired_at: null }), status);
  });

  test('no move leaves a booking in a state the table does not know', () => {
    for (const state of STATES)
      for (const event of EVENTS) {
        const move = TRANSITIONS[state][event];
        if (move.kind === 'move') assert.ok(BOOKING_STATUSES.includes(move.to), `${state} ${event}`);
      }
  });

  test('only a draft expires (the expiry UPDATE names the draft status itself)', () => {
    assert.deepEqual(
      STATES.filter((s) => TRANSITIONS[s].expire.kind === 'move'),
      ['draft'],
    );
  });
});

describe('the predicates read from the table', () => {
  test('a payment confirms a draft, or a booking the hold expiry cancelled, and nothing else', () => {
    assert.deepEqual(
      STATES.filter((s) => moveOf(booking(s), 'confirm').kind === 'move'),
      ['draft', 'expired'],
    );
  });

  test('canCancel: every status but cancelled', () => {
    assert.deepEqual(
      BOOKING_STATUSES.filter((s) => canCancel(s)),
      ['draft', 'confirmed', 'modified'],
    );
  });

  test('isConfirmed: confirmed and modified', () => {
    assert.deepEqual(
      BOOKING_STATUSES.filter((s) => isConfirmed(s)),
      ['confirmed', 'modified'],
    );
  });

  test('canReinstate: a cancelled booking that had been confirmed, and nothing else', () => {
    const at = '2031-01-01T00:00:00.000Z';
    const offered = STATES.filter((s) => canReinstate({ ...booking(s), confirmed_at: at }));
    assert.deepEqual(offered, ['cancelled']);
    assert.equal(canReinstate({ status: 'cancelled', hold_expired_at: null, confirmed_at: null }), false);
  });

  test('isDraft: draft only', () => {
    assert.deepEqual(
      BOOKING_STATUSES.filter((s) => isDraft(s)),
      ['draft'],
    );
  });

  test('a card payment starts a draft; bank transfer and cash confirm at once', () => {
    assert.equal(initialStatus('card_processor'), 'draft');
    assert.equal(initialStatus('bank_transfer'), 'confirmed');
    assert.equal(initialStatus('cash'), 'confirmed');
  });
});
