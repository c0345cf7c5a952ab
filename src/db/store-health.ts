import { storeFaultCause } from './unavailable.ts';

/** What the health of the store logs: one line when the state changes. */
export interface HealthLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** How often a failing store is tried again, in milliseconds. */
export const PROBE_INTERVAL_MS = 1000;

/**
 * Whether the store can be written now, as the last fault and the probes since say. A store fault
 * seen by a request or a job (storeFaultCause: PostgreSQL unreachable, the disk full) makes it
 * `failing`; from then on a small write (the probe) is tried every PROBE_INTERVAL_MS until one
 * succeeds. Each change of state is logged once with the store's own words for the cause, however
 * many requests meet the fault meanwhile; /readyz answers 503 while the store is failing.
 */
export class StoreHealth {
  #cause: string | null = null;
  #since: Date | null = null;
  #log: HealthLog | null = null;
  #probe: () => Promise<void>;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(probe: () => Promise<void>) {
    this.#probe = probe;
  }

  /** The cause of the current fault, or null while the store works. */
  get failing(): string | null {
    return this.#cause;
  }

  /** Where state changes are logged (the server's logger, once it exists). */
  attach(log: HealthLog): void {
    this.#log = log;
  }

  /** Records `error` if it is a store fault; returns whether it was. */
  noteFault(error: unknown): boolean {
    const cause = storeFaultCause(error);
    if (cause === null) return false;
    if (this.#cause === null) {
      this.#cause = cause;
      this.#since = new Date();
      this.#log?.warn({ cause }, `store failing: ${cause}; answering 503 until it works again`);
      this.#schedule();
    }
    // While failing, the words of each fault differ (refused, reset, terminated): the first is kept
    // and nothing more is logged until the store works again.
    return true;
  }

  /** Records that the store answered a write (or, at start, a read). */
  noteWorking(): void {
    if (this.#cause === null) return;
    const seconds = this.#since === null ? 0 : Math.round((Date.now() - this.#since.getTime()) / 1000);
    this.#cause = null;
    this.#since = null;
    this.#log?.info({ failing_seconds: seconds }, 'store works again');
  }

  /** Tries the store once now; true when it works. */
  async check(): Promise<boolean> {
    try {
      await this.#probe();
      this.noteWorking();
      return true;
    } catch (error) {
      this.noteFault(error);
      return false;
    }
  }

  #schedule(): void {
    if (this.#timer !== null || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.check().then((works) => {
        if (!works) this.#schedule();
      });
    }, PROBE_INTERVAL_MS);
    this.#timer.unref();
  }

  close(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
