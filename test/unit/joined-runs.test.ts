import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JoinedRuns } from '../../src/shared/joined-runs.ts';

/** A run that ends when told to, recording when it started. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

test('callers during a run share the one run after it; a caller after that run gets a new one', async () => {
  const runs = new JoinedRuns<string>();
  const started: number[] = [];
  const gates = [gate(), gate(), gate()];
  let n = 0;
  const work = async () => {
    const mine = n++;
    started.push(mine);
    await gates[mine]?.opened;
  };
  const first = runs.run('home', work);
  await Promise.resolve();
  const second = runs.run('home', work);
  const third = runs.run('home', work);
  assert.equal(second, third, 'callers during a run join the same next run');
  assert.notEqual(first, second);
  gates[0]?.open();
  await first;
  gates[1]?.open();
  await second;
  assert.deepEqual(started, [0, 1], 'two runs for three callers');
  const fourth = runs.run('home', work);
  gates[2]?.open();
  await fourth;
  assert.deepEqual(started, [0, 1, 2]);
});

test('keys run independently, and a failed run does not stop the next', async () => {
  const runs = new JoinedRuns<number>();
  const order: string[] = [];
  const failing = runs.run(1, () => Promise.reject(new Error('store down')));
  const next = runs.run(1, async () => {
    order.push('1 again');
  });
  const other = runs.run(2, async () => {
    order.push('2');
  });
  await assert.rejects(failing, /store down/);
  await next;
  await other;
  assert.deepEqual(order.sort(), ['1 again', '2']);
});
