/**
 * A small in-process cache for things that are read on every request and change rarely
 * (API keys, accommodation rules). Entries live `ttlMs`; the process that changes a thing
 * deletes its entry at once, and other processes see the change within `ttlMs`.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();
  /** Loads in flight, so a burst of misses for one key reads the store once. */
  readonly #loading = new Map<K, Promise<V | undefined>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** Milliseconds since the epoch: the app context's clock, so tests can move time. */
  readonly #clock: () => number;
  /** Bumped by every delete and clear: a load that began before one must not store its value. */
  #epoch = 0;

  constructor(ttlMs: number, maxEntries = 10_000, clock: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#clock = clock;
  }

  /** False when the TTL is 0: nothing is kept. */
  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  get(key: K, now = this.#clock()): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = this.#clock()): void {
    if (this.#ttlMs <= 0) return;
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
  }

  delete(key: K): void {
    this.#epoch++;
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  clear(): void {
    this.#epoch++;
    this.#entries.clear();
    this.#loading.clear();
  }

  /**
   * The cached value, or the loader's (cached unless undefined). Concurrent misses for a key
   * share one load; a value loaded while the key was deleted (a change made through this
   * process meanwhile) is returned to its callers but not kept.
   */
  getOrLoad(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.#loading.get(key);
    if (pending !== undefined) return pending;
    const epoch = this.#epoch;
    // A loader that throws instead of rejecting still ends in a rejected promise.
    const loading = Promise.resolve()
      .then(load)
      .then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (value !== undefined && epoch === this.#epoch) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw error;
      },
    );
    if (this.enabled) this.#loading.set(key, loading);
    return loading;
  }
}
