import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Counter } from 'prom-client';
import { startJobRunner, WAKE_GAP_MS } from '../../src/jobs/job-runner.ts';

// A woken job runs at once instead of at its next interval (an hour here, so any second run
// within the test is the wake's doing), again right after a run that was woken meanwhile, and
// wakes that come together make one run.

const metrics = {
  jobRuns: new Counter({ name: 'test_job_runs_total', help: 'runs', labelNames: ['job', 'outcome'], registers: [] }),
};
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HOUR = 3_600_000;

function job() {
  const started: number[] = [];
  let ran: (() => void) | null = null;
  return {
    started,
    /** Resolves when the next run starts. */
    nextRun: () =>
      new Promise<void>((resolve) => {
        ran = resolve;
      }),
    spec: {
      name: 'woken-job',
      intervalMs: HOUR,
      run: async () => {
        started.push(Date.now());
        ran?.();
        return 'done' as const;
      },
    },
  };
}

/** Lets every promise the runner has settled run on (setImmediate is not one of the faked timers). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test(
  'a woken job runs at once, not at its next interval; wakes together make one run',
  { timeout: 10_000 },
  async (t) => {
    // The runner's timers and its clock are the test's: the gap and the "no second run" are shown
    // by moving the clock, not by waiting.
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const j = job();
    const first = j.nextRun();
    const runner = startJobRunner([j.spec], { metrics, log: silent, now: () => Date.now() });
    try {
      t.mock.timers.tick(0);
      await first;
      await settle();
      const second = j.nextRun();
      runner.wake('woken-job');
      runner.wake('woken-job');
      runner.wake('woken-job');
      // Not before the least gap after the run before it.
      t.mock.timers.tick(WAKE_GAP_MS - 1);
      await settle();
      assert.equal(j.started.length, 1, 'no run before WAKE_GAP_MS has passed');
      t.mock.timers.tick(1);
      await second;
      assert.equal(j.started.length, 2);
      assert.equal((j.started[1] ?? 0) - (j.started[0] ?? 0), WAKE_GAP_MS);
      await settle();
      t.mock.timers.tick(WAKE_GAP_MS * 5);
      await settle();
      assert.equal(j.started.length, 2, 'three wakes made one run');
      runner.wake('no-such-job');
    } finally {
      await runner.stop();
    }
  },
);

test('a job woken while it runs runs again right after, not at its next interval', { timeout: 10_000 }, async () => {
  let release: () => void = () => undefined;
  let runs = 0;
  let again: () => void = () => undefined;
  const ranAgain = new Promise<void>((resolve) => (again = resolve));
  let firstStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (firstStarted = resolve));
  const runner = startJobRunner(
    [
      {
        name: 'slow-job',
        intervalMs: HOUR,
        run: async () => {
          runs++;
          if (runs === 1) {
            firstStarted();
            await new Promise<void>((resolve) => (release = resolve));
          }
          if (runs === 2) again();
          return 'done';
        },
      },
    ],
    { metrics, log: silent },
  );
  try {
    await started;
    runner.wake('slow-job');
    release();
    await ranAgain;
    assert.equal(runs, 2);
  } finally {
    await runner.stop();
  }
});
