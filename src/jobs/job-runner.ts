import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../ops/metrics.ts';

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** 'skipped': another process holds the job's lease, or there was nothing to do worth counting. */
export type JobOutcome = 'done' | 'skipped';

export interface Job {
  name: string;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** `signal` is aborted when the runner stops: a long run ends its work early. */
  run(signal: AbortSignal): Promise<JobOutcome>;
}

export interface JobRunner {
  /**
   * Runs the named job soon rather than at its next interval: at once when it is idle (but no
   * sooner than WAKE_GAP_MS after its last run ended), or again right after the run in progress
   * when it is running, so that work committed during that run is not left to the next interval.
   * Wakes that come together make one run.
   */
  wake(name: string): void;
  /** Stops scheduling and waits for runs in progress, so the store can be closed after it. */
  stop(): Promise<void>;
}

/**
 * The least pause between a woken run and the run before it: under a stream of wakes (a booking
 * a millisecond), a job runs back to back in batches instead of once per wake.
 */
export const WAKE_GAP_MS = 20;

/**
 * Runs each job now and then again `intervalMs` after each run ends, so a job never overlaps
 * itself in one process. Across processes, jobs keep each item to one process themselves (row
 * claims or a lease). A failing run is logged and counted; the schedule goes on.
 */
export function startJobRunner(
  jobs: readonly Job[],
  deps: {
    metrics: Pick<Metrics, 'jobRuns'>;
    log: JobLogger;
    health?: { noteFault(error: unknown): boolean };
    /** The clock the gaps are measured with, in milliseconds (a test's fake clock). */
    now?: () => number;
  },
): JobRunner {
  const clock = deps.now ?? (() => performance.now());
  let stopped = false;
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  /**
   * Per job: its pending timer and when it fires, whether it runs now, whether it was woken meanwhile,
   * when it last ended.
   */
  const state = new Map<
    string,
    { timer: NodeJS.Timeout | null; dueAt: number; running: boolean; woken: boolean; endedAt: number }
  >();

  async function runOnce(job: Job): Promise<void> {
    try {
      deps.metrics.jobRuns.labels(job.name, await job.run(stopping.signal)).inc();
    } catch (error) {
      deps.metrics.jobRuns.labels(job.name, 'error').inc();
      // A store fault is logged once by the store's health, not by every run that meets it.
      if (deps.health?.noteFault(error) === true) return;
      deps.log.error({ err: error, job: job.name }, 'background job failed');
    }
  }

  function schedule(job: Job, delayMs: number): void {
    if (stopped) return;
    const own = state.get(job.name);
    if (own === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      own.timer = null;
      own.running = true;
      own.woken = false;
      const run: Promise<void> = runOnce(job).then(() => {
        running.delete(run);
        own.running = false;
        own.endedAt = clock();
        schedule(job, own.woken ? WAKE_GAP_MS : job.intervalMs);
      });
      running.add(run);
    }, delayMs);
    // The HTTP server keeps the process alive; pending job timers alone should not.
    timer.unref();
    timers.add(timer);
    own.timer = timer;
    own.dueAt = clock() + delayMs;
  }

  for (const job of jobs) {
    state.set(job.name, { timer: null, dueAt: 0, running: false, woken: false, endedAt: -Infinity });
    schedule(job, 0);
  }
  const byName = new Map(jobs.map((job) => [job.name, job]));
  return {
    wake: (name) => {
      const job = byName.get(name);
      const own = state.get(name);
      if (stopped || job === undefined || own === undefined) return;
      if (own.running) {
        own.woken = true;
        return;
      }
      const delay = Math.max(0, own.endedAt + WAKE_GAP_MS - clock());
      if (own.timer === null || own.dueAt <= clock() + delay) return;
      clearTimeout(own.timer);
      timers.delete(own.timer);
      schedule(job, delay);
    },
    stop: async () => {
      stopped = true;
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
