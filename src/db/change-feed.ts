/**
 * Announcements of changed rows that cached copies depend on. Database triggers (migrations
 * 0007 and 0012) announce `<table>:<id>` for api_keys, settings, accommodations, nightly_prices,
 * night_claims, bookings (every update), external_reservations and external_feeds (name or
 * removal). On PostgreSQL they are NOTIFYs on one channel,
 * delivered to every listening process only when the change commits; on SQLite the trigger
 * calls a function of this process (one process owns the file's caches), during the change.
 * A new booking's claims are the one exception (migration 0010): the process that wrote them
 * announces them with `announce` once the booking has committed.
 */

/** The PostgreSQL channel the triggers of migration 0007 notify. */
export const CHANGE_CHANNEL = 'staydesk_invalidate';

/** The name of the SQLite function the triggers of migration 0007 call. */
export const SQLITE_CHANGE_FUNCTION = 'staydesk_changed';

export interface TableChange {
  table: string;
  /** The row's id, or for rows of an accommodation (prices, claims, bookings) the accommodation's id. */
  id: string;
}

export interface ChangeListener {
  change(change: TableChange): void;
  /**
   * Called with false when announcements may be missed (the listening connection is down or not
   * yet subscribed), and with true once they are received again. Called at once on subscribe.
   */
  live(isLive: boolean): void;
}

export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  /**
   * Announces a committed change that no trigger announces (a new booking's claims, migration
   * 0010) to every other process; the caller applies it to its own caches (caches.ts,
   * applyChange). Call it only after the change has committed. On PostgreSQL it is sent a moment
   * later (at most pg-change-feed.ts's ANNOUNCE_INTERVAL_MS), together with the others made
   * meanwhile, and kept while the listening connection is down; one lost with its process is
   * seen by the others when their entry's STAYDESK_CACHE_TTL_MS runs out. The embedded store has
   * no other process to tell.
   */
  announce(table: string, id: string): void;
  /**
   * Tells this process's own subscribers (its caches) of a change it has just committed, at
   * once, so that its next answer never waits for the announcement; with `announce`, tells the
   * other processes too (`announce` above), for a change no trigger announces. The use cases
   * that change what caches keep call it after their commit, so no caller of theirs can forget.
   */
  committed(change: TableChange, options?: { announce?: boolean }): void;
  close(): Promise<void>;
}

/** `accommodations:12` -> { table: 'accommodations', id: '12' }; null when malformed. */
export function parseChange(payload: string): TableChange | null {
  const colon = payload.indexOf(':');
  if (colon <= 0) return null;
  return { table: payload.slice(0, colon), id: payload.slice(colon + 1) };
}

/** Fans one announcement out to every subscriber; one subscriber's failure does not stop the others. */
export class Subscribers {
  readonly #listeners = new Set<ChangeListener>();

  add(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  change(change: TableChange): void {
    for (const l of this.#listeners) {
      try {
        l.change(change);
      } catch {
        // A cache that cannot drop an entry must not break the writer that announced it.
      }
    }
  }

  live(isLive: boolean): void {
    for (const l of this.#listeners) l.live(isLive);
  }
}

/** The embedded store's feed: the SQLite triggers call emit() synchronously, inside the change. */
export class LocalChangeFeed implements ChangeFeed {
  readonly live = true;
  readonly #subscribers = new Subscribers();

  subscribe(listener: ChangeListener): () => void {
    const off = this.#subscribers.add(listener);
    listener.live(true);
    return off;
  }

  emit(table: string, id: string): void {
    this.#subscribers.change({ table, id });
  }

  announce(): void {
    // One process: the caller has applied the change to its own caches already.
  }

  committed(change: TableChange): void {
    // The triggers told this process during the change; telling it again after the commit is
    // harmless, and keeps the callers the same on both stores.
    this.#subscribers.change(change);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
