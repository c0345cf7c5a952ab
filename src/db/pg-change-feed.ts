import pg from 'pg';
import { CHANGE_CHANNEL, parseChange, Subscribers, type ChangeFeed, type ChangeListener } from './change-feed.ts';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

/**
 * PostgreSQL's feed: one dedicated connection per process that LISTENs on the triggers'
 * channel. It connects on the first subscription. When the connection fails or ends (server
 * restart, network), subscribers are told the feed is not live (so caches stop trusting what
 * they keep) and it reconnects with doubling back-off; once LISTEN succeeds again they are
 * told it is live.
 */
export class PgChangeFeed implements ChangeFeed {
  readonly #url: string;
  readonly #subscribers = new Subscribers();
  #client: pg.Client | null = null;
  #live = false;
  #started = false;
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #timer: NodeJS.Timeout | null = null;
  /** Announcements waiting to be sent, as NOTIFY payloads. */
  #pending = new Set<string>();
  #sending: Promise<void> | null = null;

  constructor(url: string) {
    this.#url = url;
  }

  get live(): boolean {
    return this.#live;
  }

  subscribe(listener: ChangeListener): () => void {
    const off = this.#subscribers.add(listener);
    listener.live(this.#live);
    if (!this.#started) {
      this.#started = true;
      void this.#connect();
    }
    return off;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 5000, keepAlive: true });
    this.#client = client;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (this.#client === client) this.#client = null;
      client.end().catch(() => undefined);
      this.#setLive(false);
      this.#scheduleReconnect();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || message.payload === undefined) return;
      const change = parseChange(message.payload);
      if (change !== null) this.#subscribers.change(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      fail();
      return;
    }
    if (this.#closed || failed) return;
    this.#retryMs = FIRST_RETRY_MS;
    this.#setLive(true);
  }

  /**
   * Sends the announcements of this turn of the event loop together, as one statement on the
   * listening connection (outside any transaction, so it holds no other commit back). While that
   * connection is down they are dropped: other processes then rely on their caches' TTL.
   */
  announce(table: string, id: string): void {
    if (this.#closed) return;
    this.#pending.add(`${table}:${id}`);
    if (this.#pending.size === 1 && this.#sending === null) setImmediate(() => void this.#send());
  }

  async #send(): Promise<void> {
    const client = this.#client;
    const payloads = [...this.#pending];
    this.#pending.clear();
    if (client === null || !this.#live || payloads.length === 0) return;
    this.#sending = client
      .query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [CHANGE_CHANNEL, payloads])
      .then(
        () => undefined,
        () => undefined,
      );
    await this.#sending;
    this.#sending = null;
    // What was announced while this statement ran goes in the next one.
    if (this.#pending.size > 0) await this.#send();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#timer !== null) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#connect();
    }, wait);
    this.#timer.unref();
  }

  #setLive(isLive: boolean): void {
    if (this.#live === isLive) return;
    this.#live = isLive;
    this.#subscribers.live(isLive);
  }

  async close(): Promise<void> {
    // What was announced before closing is still sent.
    if (this.#pending.size > 0 && this.#sending === null) await this.#send();
    await this.#sending;
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const client = this.#client;
    this.#client = null;
    this.#setLive(false);
    if (client !== null) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
