import type { Worker as WorkerThread } from 'node:worker_threads';
import { FeedParseError } from './feed-parse-error.ts';
import type { ParseOptions, ReadFeed } from './parse-feed.ts';

/**
 * Calendars are read on a thread of their own (parse-worker.ts), one at a time, so that a big or
 * hostile feed never holds up the event loop that answers requests: ical.js is synchronous, and
 * a feed of tens of thousands of events, or a recurring rule it cannot finish, would stall every
 * request for as long as it runs. A read that takes longer than PARSE_TIME_LIMIT_MS, or needs more
 * memory than the thread may take, ends the thread and fails that feed with a clear error; the
 * next read starts a new thread. An idle thread ends after IDLE_MS, giving its memory back.
 */

export const PARSE_TIME_LIMIT_MS = 20_000;
const IDLE_MS = 30_000;
/** The thread's heap: a 5 MiB feed of 26,000 events needs about 150 MB while it is read. */
const HEAP_MB = 384;

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
  charset: string | null;
  options: ParseOptions;
}

export type ParseAnswer = { id: number; ok: true; feed: ReadFeed } | { id: number; ok: false; error: string };

interface Job {
  request: ParseRequest;
  timeLimitMs: number;
  resolve(feed: ReadFeed): void;
  reject(error: Error): void;
}

let worker: WorkerThread | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let timeLimit: NodeJS.Timeout | null = null;
let running: Job | null = null;
const queue: Job[] = [];
let nextId = 1;

/** @internal Reads in progress or waiting: tests watch requests being answered while one runs. */
export function parsesInFlight(): number {
  return queue.length + (running === null ? 0 : 1);
}

function stopWorker(): void {
  const current = worker;
  worker = null;
  if (current !== null) void current.terminate();
}

function startWorker(): WorkerThread {
  // node:worker_threads is loaded by the first calendar read, like ical.js inside the thread.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const started = new Worker(new URL('./parse-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  started.on('message', (answer: ParseAnswer) => {
    finish(answer.id, answer.ok ? { feed: answer.feed } : { error: new FeedParseError(answer.error) });
  });
  started.on('error', (error: Error & { code?: string }) => {
    // A thread ended by the time limit is no longer the current one; its read has been answered.
    if (worker !== started) return;
    worker = null;
    const message =
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? 'the calendar needs more memory to read than one feed may take'
        : 'the calendar could not be read';
    if (running !== null) finish(running.request.id, { error: new FeedParseError(message) });
  });
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

function finish(id: number, outcome: { feed: ReadFeed } | { error: Error }): void {
  const job = running;
  if (job === null || job.request.id !== id) return;
  running = null;
  if (timeLimit !== null) clearTimeout(timeLimit);
  timeLimit = null;
  if ('feed' in outcome) job.resolve(outcome.feed);
  else job.reject(outcome.error);
  runNext();
}

function runNext(): void {
  if (running !== null) return;
  const job = queue.shift();
  if (job === undefined) {
    worker?.unref();
    idleTimer = setTimeout(stopWorker, IDLE_MS);
    idleTimer.unref();
    return;
  }
  running = job;
  if (idleTimer !== null) clearTimeout(idleTimer);
  idleTimer = null;
  try {
    worker ??= startWorker();
  } catch {
    finish(job.request.id, { error: new FeedParseError('the calendar could not be read') });
    return;
  }
  worker.ref();
  timeLimit = setTimeout(() => {
    stopWorker();
    finish(job.request.id, {
      error: new FeedParseError(`the calendar took longer than ${job.timeLimitMs / 1000} s to read`),
    });
  }, job.timeLimitMs);
  // A copy of the bytes goes to the thread (transferred, not cloned again).
  const bytes = new Uint8Array(job.request.bytes);
  worker.postMessage({ ...job.request, bytes }, [bytes.buffer]);
}

/** Reads a calendar's bytes into stays on the parsing thread; rejects with FeedParseError. */
export function readFeedOffThread(
  bytes: Uint8Array,
  charset: string | null,
  options: ParseOptions,
  timeLimitMs = PARSE_TIME_LIMIT_MS,
): Promise<ReadFeed> {
  return new Promise<ReadFeed>((resolve, reject) => {
    queue.push({ request: { id: nextId++, bytes, charset, options }, timeLimitMs, resolve, reject });
    runNext();
  });
}
