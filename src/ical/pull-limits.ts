import { semaphore, type Semaphore } from '../shared/semaphore.ts';

/**
 * How many pulls run at once, and how hard they press on one channel and on the store.
 *
 * A pull mostly waits on its channel's server (up to the 10 s timeout), so many run at once:
 * FETCHES_AT_ONCE fetches in flight. One channel's server (one host and port, e.g.
 * www.airbnb.com) gets at most PER_HOST of them at once, so a host with thousands of feeds is
 * pulled steadily rather than all at once, and the others are not held up behind it. A pull's
 * writes are one transaction, at most WRITES_AT_ONCE at a time, below the PostgreSQL pool of 10,
 * so requests keep connections.
 *
 * What that keeps up with: 10,000 feeds every 15 minutes are 11 pulls a second. At 32 fetches in
 * flight that holds while a fetch takes under 2.9 s on average; one host's feeds at 8 at once,
 * while its fetches take under 1.4 s for 5,000 feeds of it. The bench measures a run:
 * docs/benchmarks.md#channel-sync.
 */
export const FETCHES_AT_ONCE = 32;
export const PER_HOST = 8;
export const WRITES_AT_ONCE = 4;

export interface PullLimits {
  /** Runs a fetch of `url` when the host has a free slot. */
  fetch: <T>(url: string, fn: () => Promise<T>) => Promise<T>;
  /** Runs a pull's writes when a write slot is free. */
  write: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** The politeness key of a feed URL: its host and port. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

export function pullLimits(perHost = PER_HOST, writes = WRITES_AT_ONCE): PullLimits {
  const hosts = new Map<string, Semaphore>();
  const writeSlots = semaphore(writes);
  return {
    fetch: async (url, fn) => {
      const host = hostOf(url);
      let slots = hosts.get(host);
      if (slots === undefined) {
        slots = semaphore(perHost);
        hosts.set(host, slots);
      }
      try {
        return await slots.run(fn);
      } finally {
        if (slots.active === 0) hosts.delete(host);
      }
    },
    write: (fn) => writeSlots.run(fn),
  };
}

/** Feeds in turns of one per host, so that the first to start are spread over the hosts. */
export function interleaveByHost<T extends { url: string }>(feeds: readonly T[]): T[] {
  const byHost = new Map<string, T[]>();
  for (const feed of feeds) {
    const host = hostOf(feed.url);
    byHost.set(host, [...(byHost.get(host) ?? []), feed]);
  }
  const queues = [...byHost.values()];
  const out: T[] = [];
  for (let i = 0; out.length < feeds.length; i += 1)
    for (const queue of queues) if (i < queue.length) out.push(queue[i] as T);
  return out;
}
