/**
 * At most `limit` calls of `run` in flight; the others wait their turn, first come first served.
 * mapLimit (map-limit.ts) bounds one list; this bounds whatever passes through it, from many
 * places at once (all the pulls of a schedule run sharing one host's slots).
 */
export interface Semaphore {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Calls in flight now. */
  readonly active: number;
}

export function semaphore(limit: number): Semaphore {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next();
  };
  return {
    get active() {
      return active;
    },
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (active < Math.max(1, limit)) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}
