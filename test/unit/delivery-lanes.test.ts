import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { candidateWindow, LANE_BATCH, laneCount, pickLanes } from '../../src/events/delivery-lanes.ts';

const rows = (...pairs: [number, number][]) => pairs.map(([id, endpoint_id]) => ({ id, endpoint_id }));

describe('delivery lanes', () => {
  test('more lanes than a key may have endpoints, and at least 32', () => {
    assert.equal(laneCount(1), 32);
    assert.equal(laneCount(10), 40);
    assert.equal(laneCount(100), 400);
    for (const perKey of [1, 5, 10, 50, 1000]) assert.ok(laneCount(perKey) > perKey);
  });

  test('the candidate window grows with the lanes to fill, up to 1000 rows', () => {
    assert.equal(candidateWindow(1), LANE_BATCH);
    assert.equal(candidateWindow(4), 4 * LANE_BATCH);
    assert.equal(candidateWindow(400), 1000);
  });

  test('picks the endpoints met first, at most perEndpoint deliveries of each, in order', () => {
    const due = rows([1, 7], [2, 7], [3, 8], [4, 7], [5, 9], [6, 8], [7, 10]);
    assert.deepEqual(pickLanes(due, 2, 2), { ids: [1, 2, 3, 6], endpoints: 2 });
    assert.deepEqual(pickLanes(due, 3, 1), { ids: [1, 3, 5], endpoints: 3 });
    assert.deepEqual(pickLanes(due, 10, 10), { ids: [1, 2, 3, 4, 5, 6, 7], endpoints: 4 });
  });

  test('a backlog of one endpoint takes one lane only; the others are picked after it', () => {
    const backlog = Array.from({ length: 30 }, (_, i): [number, number] => [i + 1, 1]);
    const due = rows(...backlog, [31, 2], [32, 3]);
    const picked = pickLanes(due, 3, LANE_BATCH).ids;
    assert.equal(picked.filter((id) => id <= 30).length, LANE_BATCH);
    assert.deepEqual(
      picked.filter((id) => id > 30),
      [31, 32],
    );
  });

  test('nothing due, or no lane free, picks nothing', () => {
    assert.deepEqual(pickLanes([], 5, 5), { ids: [], endpoints: 0 });
    assert.deepEqual(pickLanes(rows([1, 1]), 0, 5), { ids: [], endpoints: 0 });
  });
});
