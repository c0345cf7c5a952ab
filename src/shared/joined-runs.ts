/**
 * Runs of a piece of work per key, one at a time, that later callers join: a caller gets the
 * first run that starts after its call, so whatever it wrote before calling is seen by that run,
 * while everyone who calls during a run shares the single run queued after it. Work that drains a
 * queue (db rows written by many requests) is done once per burst, not once per request.
 */
export class JoinedRuns<K> {
  readonly #runs = new Map<K, { running: Promise<void>; next: Promise<void> | null }>();

  run(key: K, work: () => Promise<void>): Promise<void> {
    const current = this.#runs.get(key);
    if (current?.next != null) return current.next;
    const run: Promise<void> = (current?.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.#runs.set(key, { running: run, next: null });
        return work();
      })
      .finally(() => {
        const state = this.#runs.get(key);
        if (state?.running === run && state.next === null) this.#runs.delete(key);
      });
    if (current === undefined) this.#runs.set(key, { running: run, next: null });
    else current.next = run;
    return run;
  }
}

/** One JoinedRuns per owner (a store: one per process, or per test app), made on first use. */
export function joinedRunsPer<K>(): (owner: object) => JoinedRuns<K> {
  const runs = new WeakMap<object, JoinedRuns<K>>();
  return (owner) => {
    let found = runs.get(owner);
    if (found === undefined) {
      found = new JoinedRuns<K>();
      runs.set(owner, found);
    }
    return found;
  };
}
