import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cameDueFirst, laneCount, pickLanes, type DueRow } from '../../src/events/delivery-lanes.ts';

const at = (minute: number) => `2026-12-04T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** An endpoint whose due deliveries are `rows` ([id, minute due]). */
const endpoint = (name: string, ...rows: [number, number][]) => ({
  name,
  due: rows.map(([id, minute]): DueRow => ({ id, next_attempt_at: at(minute) })),
});

describe('delivery lanes', () => {
  test('more lanes than a key may have endpoints, and at least 32', () => {
    assert.equal(laneCount(1), 32);
    assert.equal(laneCount(10), 40);
    assert.equal(laneCount(100), 400);
    for (const perKey of [1, 5, 10, 50, 1000]) assert.ok(laneCount(perKey) > perKey);
  });

  test('deliveries come due by their time, the lower id first among those due at once', () => {
    assert.ok(cameDueFirst({ id: 9, next_attempt_at: at(1) }, { id: 2, next_attempt_at: at(2) }) < 0);
    assert.ok(cameDueFirst({ id: 2, next_attempt_at: at(3) }, { id: 9, next_attempt_at: at(2) }) > 0);
    assert.ok(cameDueFirst({ id: 2, next_attempt_at: at(2) }, { id: 9, next_attempt_at: at(2) }) < 0);
    assert.equal(cameDueFirst({ id: 4, next_attempt_at: at(2) }, { id: 4, next_attempt_at: at(2) }), 0);
  });

  test('picks the endpoints whose first due delivery waited longest, in that order', () => {
    const open = [endpoint('a', [5, 3], [6, 4]), endpoint('b', [9, 1]), endpoint('c', [2, 3]), endpoint('d', [7, 2])];
    const names = (lanes: number) => pickLanes(open, lanes).map((e) => e.name);
    assert.deepEqual(names(2), ['b', 'd']);
    assert.deepEqual(names(3), ['b', 'd', 'c']);
    assert.deepEqual(names(10), ['b', 'd', 'c', 'a']);
  });

  test('a backlog of one endpoint takes one lane; the endpoints queued behind it get theirs', () => {
    const backlog = endpoint('backlog', ...Array.from({ length: 25 }, (_, i): [number, number] => [i + 1, i]));
    const lanes = pickLanes([endpoint('late', [900, 59]), backlog, endpoint('later', [901, 59])], 3);
    assert.deepEqual(
      lanes.map((e) => e.name),
      ['backlog', 'late', 'later'],
    );
  });

  test('nothing due, or no lane free, picks nothing', () => {
    assert.deepEqual(pickLanes([endpoint('idle')], 5), []);
    assert.deepEqual(pickLanes([endpoint('a', [1, 1])], 0), []);
  });
});
