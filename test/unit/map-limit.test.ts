import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mapLimit } from '../../src/shared/map-limit.ts';

test('mapLimit keeps the order and never has more than the limit in flight', async () => {
  let inFlight = 0;
  let peak = 0;
  const results = await mapLimit([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < n; i += 1) await Promise.resolve();
    inFlight -= 1;
    return n * 10;
  });
  assert.deepEqual(results, [50, 10, 40, 20, 30, 0, 60]);
  assert.equal(peak, 3);
  assert.deepEqual(await mapLimit([], 4, () => Promise.resolve(1)), []);
});
