import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isSameDay, planTurnovers, type PlannedStay } from '../../src/tasks/turnover-plan.ts';

const clock = { timeZone: 'Europe/Vienna', checkinTime: '15:00', checkoutTime: '10:00' };
const booking = (id: number, start: string, end: string, guests: number | null = 2): PlannedStay => ({
  ref: { booking_id: id },
  start,
  end,
  guests,
});

describe('turnover plan', () => {
  test('a departure with no one after it is due from checkout to the end of the next day, local time', () => {
    const [task] = planTurnovers([booking(1, '2027-07-01', '2027-07-05')], clock, '2027-01-01');
    assert.deepEqual(task, {
      ref: { booking_id: 1 },
      departure_on: '2027-07-05',
      due_from: '2027-07-05T08:00:00.000Z',
      due_by: '2027-07-06T22:00:00.000Z',
      next_arrival_on: null,
      next_guest_count: null,
    });
    assert.equal(isSameDay(task), false);
  });

  test('the next arrival the same day makes a same-day turnover due at its check-in, with its guests', () => {
    const plan = planTurnovers(
      [booking(2, '2027-07-05', '2027-07-08', 4), booking(1, '2027-07-01', '2027-07-05')],
      clock,
      '2027-01-01',
    );
    assert.equal(plan.length, 2);
    const first = plan[0]!;
    assert.deepEqual(first.ref, { booking_id: 1 });
    assert.equal(first.due_by, '2027-07-05T13:00:00.000Z');
    assert.equal(first.next_guest_count, 4);
    assert.equal(isSameDay(first), true);
    assert.equal(isSameDay(plan[1]!), false);
  });

  test('a later arrival is the deadline, the nearest one wins, imported stays count with unknown guests', () => {
    const plan = planTurnovers(
      [
        booking(1, '2027-07-01', '2027-07-05'),
        { ref: { external_reservation_id: 9 }, start: '2027-07-09', end: '2027-07-12', guests: null },
        booking(3, '2027-07-20', '2027-07-22'),
      ],
      clock,
      '2027-01-01',
    );
    assert.equal(plan[0]!.next_arrival_on, '2027-07-09');
    assert.equal(plan[0]!.next_guest_count, null);
    assert.equal(plan[0]!.due_by, '2027-07-09T13:00:00.000Z');
    assert.equal(plan[1]!.next_arrival_on, '2027-07-20');
  });

  test('departures before `from` are left out; daylight saving is followed', () => {
    const plan = planTurnovers(
      [booking(1, '2027-03-20', '2027-03-27'), booking(2, '2027-03-27', '2027-03-29')],
      clock,
      '2027-03-28',
    );
    assert.deepEqual(
      plan.map((t) => t.ref),
      [{ booking_id: 2 }],
    );
    // Vienna is UTC+2 from 28 March 2027.
    assert.equal(plan[0]!.due_from, '2027-03-29T08:00:00.000Z');
  });

  test('a check-in earlier than the checkout leaves the task due at once', () => {
    const early = { ...clock, checkinTime: '09:00' };
    const [task] = planTurnovers(
      [booking(1, '2027-07-01', '2027-07-05'), booking(2, '2027-07-05', '2027-07-06')],
      early,
      '2027-01-01',
    );
    assert.equal(task!.due_by, task!.due_from);
  });
});
