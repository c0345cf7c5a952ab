import assert from 'node:assert/strict';
import { test } from 'node:test';
import { semaphore } from '../../src/shared/semaphore.ts';

test('a semaphore never has more than its limit in flight, lets the others through in order, and survives failures', async () => {
  const slots = semaphore(2);
  let inFlight = 0;
  let peak = 0;
  const order: number[] = [];
  const task = (n: number) =>
    slots.run(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      order.push(n);
      inFlight -= 1;
      if (n === 2) throw new Error('two');
      return n;
    });
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map(task));
  assert.equal(peak, 2);
  assert.deepEqual(order, [1, 2, 3, 4, 5]);
  assert.deepEqual(
    results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed')),
    [1, 'failed', 3, 4, 5],
  );
  assert.equal(slots.active, 0);
});
