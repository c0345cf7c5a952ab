import type { Timers } from '../../packages/client/src/index.ts';

/** One timer armed on a fake clock: how long it asked for, and a way to make it go off now. */
export interface FakeTimer {
  ms: number;
  fire(): void;
}

/**
 * Timers that go off only when the test says so, for code that takes a `Timers` (the client):
 * `when(match)` waits until a timer that matches is armed, then the test fires it. Nothing waits
 * in real time, and the test chooses which timer goes off (a backoff wait, not the request's
 * timeout that is also armed while a request is out).
 */
export function fakeTimers() {
  const pending = new Set<FakeTimer>();
  const armed: number[] = [];
  const waiting: { match: (ms: number) => boolean; resolve: (timer: FakeTimer) => void }[] = [];

  function offer(timer: FakeTimer): void {
    const i = waiting.findIndex((w) => w.match(timer.ms));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(timer);
  }

  const timers: Timers = {
    setTimeout(callback, ms) {
      const timer: FakeTimer = {
        ms,
        fire() {
          if (!pending.delete(timer)) throw new Error(`the ${ms} ms timer is not pending`);
          callback();
        },
      };
      pending.add(timer);
      armed.push(ms);
      offer(timer);
      return timer;
    },
    clearTimeout(handle) {
      pending.delete(handle as FakeTimer);
    },
  };

  return {
    timers,
    /** Every delay asked for, in order. */
    armed,
    pending: () => [...pending].map((t) => t.ms),
    /**
     * A pending timer whose delay matches (any, by default), as soon as one is armed. Rejects when
     * none is armed within `withinMs` of real time, so that a timer the code never arms fails the
     * test instead of hanging it.
     */
    when(match: (ms: number) => boolean = () => true, withinMs = 10_000): Promise<FakeTimer> {
      for (const timer of pending) if (match(timer.ms)) return Promise.resolve(timer);
      return new Promise((resolve, reject) => {
        const entry = {
          match,
          resolve: (timer: FakeTimer) => {
            clearTimeout(guard);
            resolve(timer);
          },
        };
        const guard = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no matching timer was armed within ${withinMs} ms (armed so far: ${armed.join(', ')})`));
        }, withinMs);
        waiting.push(entry);
      });
    },
  };
}
