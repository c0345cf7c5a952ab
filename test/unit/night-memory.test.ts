import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { snapshotCovers, windowFromSnapshot, type RememberedClaim } from '../../src/occupancy/night-memory.ts';

function claim(night: string, over: Partial<RememberedClaim> = {}): RememberedClaim {
  return {
    night,
    kind: 'booking',
    booking_id: 1,
    confirmation_code: 'ABC',
    reason: null,
    status: 'confirmed',
    hold_expires_at: null,
    created_by: null,
    ...over,
  };
}

const snapshot = {
  from: '2030-01-01',
  until: null,
  claims: [
    claim('2030-01-02'),
    claim('2030-01-03', { kind: 'block', booking_id: null, confirmation_code: null, status: null, reason: 'repairs' }),
    claim('2030-01-05', { booking_id: 7, status: 'draft', hold_expires_at: '2030-01-01T12:00:00.000Z' }),
    claim('2030-01-06', { booking_id: 7, status: 'draft', hold_expires_at: '2030-01-01T12:00:00.000Z' }),
    claim('2030-01-09'),
  ],
};

describe('windowFromSnapshot', () => {
  test('takes the nights of [from, to): the first night counts, the checkout night does not', () => {
    const w = windowFromSnapshot(snapshot, { from: '2030-01-03', to: '2030-01-05' }, '2030-01-01T00:00:00.000Z');
    assert.deepEqual(
      w.taken.map((t) => t.night),
      ['2030-01-03'],
    );
    assert.equal(w.taken[0]?.reason, 'repairs');
    assert.deepEqual(
      windowFromSnapshot(snapshot, { from: '2030-01-07', to: '2030-01-09' }, '2030-01-01T00:00:00.000Z').taken,
      [],
    );
  });

  test('a card draft takes its nights until its hold runs out, then names itself as expired', () => {
    const held = windowFromSnapshot(snapshot, { from: '2030-01-04', to: '2030-01-08' }, '2030-01-01T11:59:59.999Z');
    assert.deepEqual(
      held.taken.map((t) => t.night),
      ['2030-01-05', '2030-01-06'],
    );
    const expired = windowFromSnapshot(snapshot, { from: '2030-01-04', to: '2030-01-08' }, '2030-01-01T12:00:00.000Z');
    assert.deepEqual(expired.taken, []);
    assert.deepEqual(expired.expiredHoldBookingIds, [7]);
  });

  test('a range past every claim, or before the first, takes nothing', () => {
    assert.deepEqual(
      windowFromSnapshot(snapshot, { from: '2030-02-01', to: '2030-02-05' }, '2030-01-01T00:00:00.000Z').taken,
      [],
    );
    assert.deepEqual(
      windowFromSnapshot(snapshot, { from: '2030-01-01', to: '2030-01-02' }, '2030-01-01T00:00:00.000Z').taken,
      [],
    );
  });
});

describe('windowFromSnapshot and tenant isolation', () => {
  test('a night taken from memory keeps the API key that created its booking', () => {
    const kept = {
      from: '2030-01-01',
      until: null,
      claims: [
        claim('2030-01-02', { created_by: 4 }),
        claim('2030-01-03', { kind: 'block', booking_id: null, confirmation_code: null, status: null }),
      ],
    };
    const w = windowFromSnapshot(kept, { from: '2030-01-01', to: '2030-01-05' }, '2030-01-01T00:00:00.000Z');
    assert.deepEqual(
      w.taken.map((n) => n.created_by),
      [4, null],
    );
  });
});

describe('snapshotCovers', () => {
  test('a complete snapshot covers every range from its first night on', () => {
    assert.equal(snapshotCovers(snapshot, { from: '2030-01-01', to: '2035-01-01' }), true);
    assert.equal(snapshotCovers(snapshot, { from: '2029-12-31', to: '2030-01-02' }), false);
  });

  test('a snapshot cut at its first night left out covers the ranges that end by that night', () => {
    const cut = { ...snapshot, until: '2030-01-09', claims: snapshot.claims.slice(0, 4) };
    assert.equal(snapshotCovers(cut, { from: '2030-01-07', to: '2030-01-09' }), true);
    assert.equal(snapshotCovers(cut, { from: '2030-01-07', to: '2030-01-10' }), false);
    assert.equal(snapshotCovers(cut, { from: '2030-01-09', to: '2030-01-10' }), false);
  });
});
