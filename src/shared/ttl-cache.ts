/**
 * A small in-process cache for things that are read on every request and change rarely
 * (API keys, accommodation rules). Entries live `ttlMs`; the process that changes a thing
 * deletes its entry at once, and other processes see the change within `ttlMs`.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.#ttlMs <= 0) return;
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The cached value, or the loader's (cached unless undefined). */
  async getOrLoad(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (value !== undefined) this.set(key, value);
    return value;
  }
}
