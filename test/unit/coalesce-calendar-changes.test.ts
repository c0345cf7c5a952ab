import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { coalesceCalendarChanges } from '../../src/events/coalesce-calendar-changes.ts';

const change = (event_id: number, accommodation_id: number, from: string, to: string) => ({
  event_id,
  type: 'calendar.changed',
  payload: JSON.stringify({
    type: 'calendar.changed',
    timestamp: `2030-01-01T00:00:0${String(event_id)}Z`,
    livemode: true,
    data: { accommodation_id, from, to },
  }),
});
const booking = (event_id: number) => ({
  event_id,
  type: 'booking.created',
  payload: JSON.stringify({ type: 'booking.created', timestamp: '2030-01-01T00:00:00Z', data: { id: event_id } }),
});

describe('coalescing calendar changes', () => {
  test('changes of one accommodation make one send: earliest from, latest to, the latest id and timestamp', () => {
    const batch = [
      change(1, 7, '2030-02-10', '2030-02-12'),
      change(2, 7, '2030-02-01', '2030-02-03'),
      change(3, 7, '2030-02-11', '2030-02-20'),
    ];
    const [send, ...rest] = coalesceCalendarChanges(batch);
    assert.equal(rest.length, 0);
    assert.deepEqual(send?.deliveries, batch);
    assert.equal(send?.eventId, 3);
    assert.deepEqual(JSON.parse(send?.payload ?? ''), {
      type: 'calendar.changed',
      timestamp: '2030-01-01T00:00:03Z',
      livemode: true,
      data: { accommodation_id: 7, from: '2030-02-01', to: '2030-02-20' },
    });
  });

  test('other accommodations and other events are sent apart, in the order met, untouched', () => {
    const batch = [
      booking(1),
      change(2, 7, '2030-02-10', '2030-02-12'),
      change(3, 8, '2030-03-01', '2030-03-02'),
      booking(4),
      change(5, 7, '2030-02-12', '2030-02-13'),
    ];
    const sends = coalesceCalendarChanges(batch);
    assert.deepEqual(
      sends.map((s) => s.deliveries.map((d) => d.event_id)),
      [[1], [2, 5], [3], [4]],
    );
    assert.equal(sends[0]?.payload, batch[0]?.payload);
    assert.equal(sends[2]?.payload, batch[2]?.payload);
    assert.equal(sends[3]?.payload, batch[3]?.payload);
  });

  test('an event of another type is sent as it is, whatever its body mentions', () => {
    const inside = {
      event_id: 3,
      type: 'booking.created',
      payload: JSON.stringify({
        type: 'booking.created',
        timestamp: '2030-01-01T00:00:00Z',
        data: { id: 3, note: { type: 'calendar.changed' }, remark: '"type":"calendar.changed"' },
      }),
    };
    const batch = [inside, { ...inside, event_id: 4 }];
    assert.deepEqual(
      coalesceCalendarChanges(batch).map((s) => s.deliveries.map((d) => d.event_id)),
      [[3], [4]],
    );
  });

  test('one change alone is sent as written', () => {
    const batch = [change(9, 1, '2030-01-01', '2030-01-02')];
    assert.deepEqual(coalesceCalendarChanges(batch), [{ deliveries: batch, eventId: 9, payload: batch[0]?.payload }]);
  });
});
