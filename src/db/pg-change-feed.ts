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
