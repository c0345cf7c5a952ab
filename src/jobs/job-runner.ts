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
  /** Stops scheduling and waits for runs in progress, so the store can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs each job now and then again `intervalMs` after each run ends, so a job never overlaps
 * itself in one process. Across processes, jobs keep each item to one process themselves (row
 * claims or a lease). A failing run is logged and counted; the schedule goes on.
 */
export function startJobRunner(
  jobs: readonly Job[],
  deps: { metrics: Pick<Metrics, 'jobRuns'>; log: JobLogger; health?: { noteFault(error: unknown): boolean } },
): JobRunner {
  let stopped = false;
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

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
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run: Promise<void> = runOnce(job).then(() => {
        running.delete(run);
        schedule(job, job.intervalMs);
      });
      running.add(run);
    }, delayMs);
    // The HTTP server keeps the process alive; pending job timers alone should not.
    timer.unref();
    timers.add(timer);
  }

  for (const job of jobs) schedule(job, 0);
  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
