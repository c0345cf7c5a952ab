import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  outOfQuietHours,
  plan,
  sendAtOf,
  type ScheduleFacts,
  type ScheduledRule,
} from '../../src/messages/message-schedule.ts';

const booking = (over: Partial<ScheduleFacts> = {}): ScheduleFacts => ({
  id: 1,
  accommodation_id: 7,
  status: 'confirmed',
  mode: 'live',
  source: 'phone',
  nights: 3,
  checkin: '2031-07-10',
  checkout: '2031-07-13',
  checkin_time: '15:00',
  checkout_time: '10:00',
  timezone: 'Europe/Paris',
  guest_email: 'ada@example.com',
  confirmed_at: '2031-06-01T10:00:00.000Z',
  cancelled_at: null,
  balance_days_before: null,
  ...over,
});

const rule = (over: Partial<ScheduledRule> = {}): ScheduledRule => ({
  id: 1,
  event: 'before_checkin',
  offset_days: 2,
  at: '16:00',
  conditions: { accommodation_ids: [], sources: [], min_nights: null, payment_states: [] },
  state: 'active',
  created_at: '2031-01-01T00:00:00.000Z',
  ...over,
});

const at = (r: Partial<ScheduledRule>, b: Partial<ScheduleFacts> = {}) => sendAtOf(rule(r), booking(b))?.toISOString();

test('each day trigger: its date in the home zone at `at` (10:00 when none)', () => {
  // Paris is UTC+2 in July.
  assert.equal(at({ event: 'before_checkin', offset_days: 2 }), '2031-07-08T14:00:00.000Z');
  assert.equal(at({ event: 'checkin_day', offset_days: 0, at: null }), '2031-07-10T08:00:00.000Z');
  assert.equal(at({ event: 'before_checkout', offset_days: 1, at: '18:30' }), '2031-07-12T16:30:00.000Z');
  assert.equal(at({ event: 'after_checkout', offset_days: 3, at: '11:00' }), '2031-07-16T09:00:00.000Z');
  assert.equal(at({ event: 'balance_due', offset_days: 1, at: '09:00' }), undefined);
  assert.equal(
    at({ event: 'balance_due', offset_days: 1, at: '09:00' }, { balance_days_before: 30 }),
    '2031-06-09T07:00:00.000Z',
  );
});

test('event triggers follow their instant, out of quiet hours', () => {
  // Confirmed at 12:00 Paris: at once.
  assert.equal(at({ event: 'booking_confirmed', offset_days: 0, at: null }), '2031-06-01T10:00:00.000Z');
  // Confirmed at 23:30 Paris: 09:00 the next morning.
  assert.equal(
    at({ event: 'booking_confirmed', offset_days: 0, at: null }, { confirmed_at: '2031-06-01T21:30:00.000Z' }),
    '2031-06-02T07:00:00.000Z',
  );
  // Confirmed at 06:00 Paris: 09:00 that morning.
  assert.equal(
    at({ event: 'booking_confirmed', offset_days: 0, at: null }, { confirmed_at: '2031-06-01T04:00:00.000Z' }),
    '2031-06-01T07:00:00.000Z',
  );
  // Two days later at 22:00 local: quiet, so 09:00 the day after.
  assert.equal(at({ event: 'booking_confirmed', offset_days: 2, at: '22:00' }), '2031-06-04T07:00:00.000Z');
  assert.equal(at({ event: 'booking_cancelled', offset_days: 0, at: null }), undefined);
  assert.equal(
    at(
      { event: 'booking_cancelled', offset_days: 0, at: null },
      { status: 'cancelled', cancelled_at: '2031-06-03T12:00:00.000Z' },
    ),
    '2031-06-03T12:00:00.000Z',
  );
});

test('quiet hours across the day: 21:00 to 09:00 waits, 09:00 to 21:00 goes', () => {
  const z = 'UTC';
  const q = (iso: string) => outOfQuietHours(new Date(iso), z).toISOString();
  assert.equal(q('2031-01-01T20:59:00.000Z'), '2031-01-01T20:59:00.000Z');
  assert.equal(q('2031-01-01T21:00:00.000Z'), '2031-01-02T09:00:00.000Z');
  assert.equal(q('2031-01-02T08:59:00.000Z'), '2031-01-02T09:00:00.000Z');
  assert.equal(q('2031-01-02T09:00:00.000Z'), '2031-01-02T09:00:00.000Z');
});

const NOW = new Date('2031-06-01T10:00:00.000Z');

test('a future time is scheduled; a guest without an address is skipped no_email', () => {
  assert.deepEqual(plan(rule(), booking(), null, NOW, 'booking'), {
    send_at: '2031-07-08T14:00:00.000Z',
    state: 'scheduled',
    reason: null,
  });
  assert.equal(plan(rule(), booking({ guest_email: '' }), null, NOW, 'booking')?.reason, 'no_email');
});

test('a past time: at once for a booking made after the rule and before its stay; never for a rule made late', () => {
  const late = new Date('2031-07-09T12:00:00.000Z');
  const made = booking({ confirmed_at: '2031-07-09T11:00:00.000Z' });
  assert.deepEqual(plan(rule(), made, null, late, 'booking'), {
    send_at: late.toISOString(),
    state: 'scheduled',
    reason: null,
  });
  // The rule came after the booking: no flood.
  assert.equal(plan(rule({ created_at: '2031-07-09T11:30:00.000Z' }), made, null, late, 'booking'), null);
  assert.equal(plan(rule(), made, null, late, 'rule'), null);
  // The stay has begun: too late.
  assert.equal(plan(rule(), made, null, new Date('2031-07-10T14:00:00.000Z'), 'booking'), null);
  // After-stay triggers never send late.
  assert.equal(
    plan(
      rule({ event: 'after_checkout', offset_days: 0 }),
      made,
      null,
      new Date('2031-07-14T00:00:00.000Z'),
      'booking',
    ),
    null,
  );
});

test('what is scheduled is skipped on cancellation, pause, conditions; sent, failed and host-skipped rows stay', () => {
  const row = { send_at: '2031-07-08T14:00:00.000Z', state: 'scheduled' as const, reason: null };
  const skipped = (r: ReturnType<typeof plan>) => [r?.state, r?.reason];
  assert.deepEqual(skipped(plan(rule(), booking({ status: 'cancelled' }), row, NOW, 'booking')), [
    'skipped',
    'booking_cancelled',
  ]);
  assert.deepEqual(skipped(plan(rule({ state: 'paused' }), booking(), row, NOW, 'rule')), ['skipped', 'rule_paused']);
  const conditions = { accommodation_ids: [8], sources: [], min_nights: null, payment_states: [] };
  assert.deepEqual(skipped(plan(rule({ conditions }), booking(), row, NOW, 'rule')), ['skipped', 'not_matching']);
  assert.equal(plan(rule(), booking({ status: 'cancelled' }), null, NOW, 'booking'), null);
  for (const state of ['sent', 'failed'] as const)
    assert.equal(plan(rule(), booking({ status: 'cancelled' }), { ...row, state }, NOW, 'booking'), null);
  assert.equal(plan(rule(), booking(), { ...row, state: 'skipped', reason: 'skipped_by_host' }, NOW, 'booking'), null);
  // A test booking or a draft never confirmed has none.
  assert.equal(plan(rule(), booking({ mode: 'test' }), null, NOW, 'booking'), null);
  assert.equal(plan(rule(), booking({ status: 'draft', confirmed_at: null }), null, NOW, 'booking'), null);
});
