/** Counters of a cache, read by /metrics. */
export interface CacheStats {
  hits: number;
  misses: number;
  /** Entries dropped to make room (least recently used first). */
  evictions: number;
  /** Entries dropped because a change to them was announced (or made through this process). */
  invalidations: number;
}

/** The share of an entry's lifetime after which the next read of it loads it again (see `get`). */
const REFRESH_SHARE = 0.75;

/**
 * A small in-process cache for things that are read on every request and change rarely
 * (API keys, accommodation rules, taken nights). Entries live at most `ttlMs`; a change drops
 * its entry as soon as it is announced (caches.ts), and the TTL bounds how stale an entry can
 * be when no announcement arrives. At most `maxEntries` are kept; the least recently used goes
 * first. An entry in use is loaded again before it runs out: the first read in the last quarter
 * of its life misses (its caller loads it, and waits), while every other read keeps the entry
 * until the new one replaces it, so a busy entry never makes every request wait for the store at
 * once.
 */
export class TtlCache<K, V> {
  /** In use order: a hit moves its entry to the end, so the first one is the least recently used. */
  readonly #entries = new Map<K, { value: V; expires: number; refreshAt: number }>();
  /** The key last put at the end of #entries: a hit on it needs no move (most hits, under load). */
  #newest: K | undefined;
  /**
   * Loads in flight, so a burst of misses for one key reads the store once. delete and clear
   * remove a key's load from here: a load that is no longer here when it ends began before a
   * change to its key and must not store its value (other keys' changes do not affect it).
   */
  readonly #loading = new Map<K, Promise<V | undefined>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** When a value stops being true by itself (milliseconds since the epoch), if it can. */
  readonly #validUntil: ((value: V) => number) | undefined;
  /** Milliseconds since the epoch: the app context's clock, so tests can move time. */
  readonly #clock: () => number;
  /** While paused (announcements may be missed) nothing is kept or answered from memory. */
  #paused = false;
  readonly stats: CacheStats = { hits: 0, misses: 0, evictions: 0, invalidations: 0 };

  /**
   * `validUntil`, if given, tells when a value goes stale with no change to any row (a calendar
   * month whose card hold runs out): its entry lives until then if that is sooner than the TTL.
   */
  constructor(ttlMs: number, maxEntries = 10_000, clock: () => number = Date.now, validUntil?: (value: V) => number) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = Math.max(1, maxEntries);
    this.#clock = clock;
    this.#validUntil = validUntil;
  }

  /** False when the TTL is 0 or the cache is paused: nothing is kept. */
  get enabled(): boolean {
    return this.#ttlMs > 0 && !this.#paused;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K, now = this.#clock()): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      if (this.enabled) this.stats.misses++;
      return undefined;
    }
    if (entry.expires <= now) {
      this.#entries.delete(key);
      this.stats.misses++;
      return undefined;
    }
    if (entry.refreshAt <= now && !this.#loading.has(key)) {
      // This read loads the entry again; the others keep it until the load replaces it (or, if
      // the load fails, until it runs out).
      entry.refreshAt = Infinity;
      this.stats.misses++;
      return undefined;
    }
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    this.stats.hits++;
    return entry.value;
  }

  set(key: K, value: V, now = this.#clock()): void {
    if (!this.enabled) return;
    this.#entries.delete(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
      this.stats.evictions++;
    }
    const expires = now + this.#ttlMs;
    this.#entries.set(key, {
      value,
      expires: this.#validUntil === undefined ? expires : Math.min(expires, this.#validUntil(value)),
      refreshAt: now + this.#ttlMs * REFRESH_SHARE,
    });
    this.#newest = key;
  }

  delete(key: K): void {
    if (this.#entries.delete(key)) this.stats.invalidations++;
    this.#loading.delete(key);
  }

  clear(): void {
    this.stats.invalidations += this.#entries.size;
    this.#entries.clear();
    this.#loading.clear();
  }

  /**
   * Stops keeping and answering entries (and drops the kept ones) until resume(): used while
   * changes made elsewhere may go unannounced, so every read goes to the store.
   */
  pause(): void {
    this.#paused = true;
    this.clear();
  }

  /** Keeps entries again; what was loaded while paused is not trusted (clear). */
  resume(): void {
    this.clear();
    this.#paused = false;
  }

  /**
   * The cached value, or the loader's (cached unless undefined). Concurrent misses for a key
   * share one load; a value loaded while the key was deleted (a change made through this
   * process meanwhile) is returned to its callers but not kept.
   */
  getOrLoad(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    return this.#load(key, load);
  }

  /**
   * The load of a key that `get` just missed (getOrLoad's second half), for the hottest paths
   * (availability): they ask `get` first and build their loader only on a miss, so a hit costs
   * neither a promise, a turn of the microtask queue nor a closure.
   */
  load(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    return this.#load(key, load);
  }

  #load(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const pending = this.#loading.get(key);
    if (pending !== undefined) return pending;
    // A loader that throws instead of rejecting still ends in a rejected promise.
    const loading = Promise.resolve()
      .then(load)
      .then(
        (value) => {
          if (this.#loading.get(key) !== loading) return value;
          this.#loading.delete(key);
          if (value !== undefined) this.set(key, value);
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
