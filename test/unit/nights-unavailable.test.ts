import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TakenNight } from '../../src/occupancy/night-ledger.ts';
import { conflictMessage, datesUnavailable } from '../../src/occupancy/nights-unavailable.ts';
import { SEES_ALL, seesBooking, viewerOfKey, type Viewer } from '../../src/http/viewer.ts';

// docs/decisions.md#tenant-isolation: the one wording of "who holds these nights" names a
// booking's code only to the key that created it and to the host's view.

const byKey7: TakenNight = {
  night: '2031-03-04',
  kind: 'booking',
  booking_id: 12,
  confirmation_code: 'K7CODE',
  reason: null,
  created_by: 7,
};
const keyless: TakenNight = { ...byKey7, confirmation_code: 'NOKEY1', created_by: null };
const key7: Viewer = viewerOfKey({ id: 7, scope: 'api' });
const key8: Viewer = viewerOfKey({ id: 8, scope: 'api' });
const admin: Viewer = viewerOfKey({ id: 9, scope: 'admin' });

describe('who sees a booking', () => {
  test('a v1 key sees the bookings it created; admin keys and the host see all; keyless bookings only the host', () => {
    assert.equal(seesBooking(key7, 7), true);
    assert.equal(seesBooking(key8, 7), false);
    assert.equal(seesBooking(key7, null), false);
    assert.equal(seesBooking(admin, 7), true);
    assert.equal(seesBooking(admin, null), true);
    assert.equal(seesBooking(SEES_ALL, null), true);
  });
});

describe('conflict wording', () => {
  test("another key's booking is another reservation, with no code", () => {
    for (const [night, viewer] of [
      [byKey7, key8],
      [keyless, key7],
      [keyless, key8],
    ] as const) {
      const message = conflictMessage([night], viewer);
      assert.equal(message, 'Not available: the dates conflict with another reservation (night of 2031-03-04).');
      const error = datesUnavailable([night], viewer, 'booking_data.checkin_date');
      assert.ok(
        !JSON.stringify({ message: error.message, details: error.details }).includes(night.confirmation_code ?? '-'),
      );
      assert.equal(error.details.conflicting_booking, null);
      assert.equal(error.details.conflicting_night, '2031-03-04');
    }
  });

  test("the caller's own booking, and any booking to the host's view, is named by its code", () => {
    assert.match(conflictMessage([byKey7], key7), /booking K7CODE/);
    assert.match(conflictMessage([byKey7], admin), /booking K7CODE/);
    assert.match(conflictMessage([keyless], SEES_ALL), /booking NOKEY1/);
    const error = datesUnavailable([byKey7], key7);
    assert.equal(error.details.conflicting_booking, 'K7CODE');
    assert.equal(error.details.confirmation_code, 'K7CODE');
  });

  test('blocks and imported stays read the same to every viewer', () => {
    const block: TakenNight = {
      night: '2031-03-05',
      kind: 'block',
      booking_id: null,
      confirmation_code: null,
      reason: 'repairs',
      created_by: null,
    };
    const external: TakenNight = { ...block, kind: 'external', reason: null };
    for (const viewer of [key7, admin]) {
      assert.equal(conflictMessage([block], viewer), 'Not available: 2031-03-05 is blocked (repairs).');
      assert.match(conflictMessage([external], viewer), /another channel/);
    }
  });
});
