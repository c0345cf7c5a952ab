import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { boundAnswers, connectionSettings, tuneKeepAlive } from './postgres.ts';
import { ANSWER_MARGIN_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './store-timeouts.ts';
import {
  CHANGE_CHANNEL,
  parseChange,
  Subscribers,
  type ChangeFeed,
  type ChangeListener,
  type TableChange,
} from './change-feed.ts';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;
/** How long closing waits for what was announced to go out, and then for the server's goodbye. */
const CLOSE_FLUSH_WAIT_MS = 1000;
/**
 * Announcements are sent at most this often: what is announced in between goes out together, at
 * most one per accommodation and table. Under booking load that is one NOTIFY for many
 * bookings instead of one each; another process hears of a booking this much later at most.
 */
export const ANNOUNCE_INTERVAL_MS = 20;
/** How the listening connection shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION_NAME = 'staydesk change feed';

/**
 * PostgreSQL's feed: one dedicated connection per process that LISTENs on the triggers'
 * channel. It connects on the first subscription. When the connection fails or ends (server
 * restart, network), subscribers are told the feed is not live (so caches stop trusting what
 * they keep) and it reconnects with doubling back-off; once LISTEN succeeds again they are
 * told it is live. The connection has the pool's bounds (postgres.ts, connectionSettings and
 * boundAnswers), and, as it mostly waits, asks `select 1` every `statementTimeoutMs`: a
 * connection gone silent (packets dropped, no reset) misses announcements without an error, and
 * is found so, closed and replaced, within twice that and ANSWER_MARGIN_MS.
 */
export class PgChangeFeed implements ChangeFeed {
  readonly #url: string;
  readonly #statementTimeoutMs: number;
  readonly #subscribers = new Subscribers();
  #client: pg.Client | null = null;
  #live = false;
  #started = false;
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #timer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  /** Announcements waiting to be sent, as NOTIFY payloads (at most one per accommodation and table). */
  readonly #pending = new Set<string>();
  #flushing: Promise<void> | null = null;
  /** When the last statement of announcements went out (performance.now(): a clock that never steps back). */
  #lastFlushAt = 0;

  constructor(url: string, options: { statementTimeoutMs?: number } = {}) {
    this.#url = url;
    this.#statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
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
    const client = new pg.Client({
      ...connectionSettings(this.#url, this.#statementTimeoutMs),
      application_name: CHANGE_FEED_APPLICATION_NAME,
    });
    boundAnswers(client, this.#statementTimeoutMs + ANSWER_MARGIN_MS);
    this.#client = client;
    let failed = false;
    /** The server process of this connection: notifications it sent are this process's own. */
    let ownPid: number | null = null;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (this.#client === client) this.#client = null;
      this.#stopHeartbeat();
      void endClient(client);
      this.#setLive(false);
      this.#scheduleReconnect();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || message.payload === undefined) return;
      // Sent by `announce` on this very connection: this process applied it when it announced.
      if (message.processId === ownPid) return;
      const change = parseChange(message.payload);
      if (change !== null) this.#subscribers.change(change);
    });
    try {
      await client.connect();
      tuneKeepAlive(client);
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      ownPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? null;
    } catch {
      fail();
      return;
    }
    if (this.#closed || failed) return;
    this.#retryMs = FIRST_RETRY_MS;
    this.#setLive(true);
    this.#beat(client, fail);
    // Announcements made while the connection was down go out now.
    if (this.#pending.size > 0) this.#scheduleFlush();
  }

  /**
   * Sends announcements together, as one statement on the listening connection (outside any
   * transaction, so it holds no other commit back), one statement at a time and at most every
   * ANNOUNCE_INTERVAL_MS. While that connection is down they are kept, and sent once it listens
   * again; meanwhile the other processes' entries run out by their TTL. This process does not
   * hear its own announcements back: it applied them when it made them.
   */
  announce(table: string, id: string): void {
    if (this.#closed) return;
    this.#pending.add(`${table}:${id}`);
    this.#scheduleFlush();
  }

  committed(change: TableChange, options: { announce?: boolean } = {}): void {
    this.#subscribers.change(change);
    if (options.announce === true) this.announce(change.table, change.id);
  }

  #scheduleFlush(): void {
    if (this.#flushing !== null) return;
    let sent = false;
    const wait = this.#lastFlushAt + ANNOUNCE_INTERVAL_MS - performance.now();
    this.#flushing = new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)))
      .then(async () => {
        sent = await this.#flush();
      })
      .finally(() => {
        this.#flushing = null;
        // What was announced while this statement ran goes in the next one. After a failure the
        // announcements wait for the next announcement or for the connection to listen again.
        if (sent && this.#pending.size > 0) this.#scheduleFlush();
      });
  }

  /** True when a statement went out and succeeded. */
  async #flush(): Promise<boolean> {
    const client = this.#client;
    if (client === null || !this.#live || this.#pending.size === 0) return false;
    const payloads = [...this.#pending];
    this.#pending.clear();
    this.#lastFlushAt = performance.now();
    try {
      await client.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        CHANGE_CHANNEL,
        payloads,
      ]);
      return true;
    } catch {
      for (const payload of payloads) this.#pending.add(payload);
      return false;
    }
  }

  /**
   * Asks the listening connection a trivial question every statementTimeoutMs while it is live;
   * no answer within its bound closes it (boundAnswers), any failure ends it, and it is replaced.
   */
  #beat(client: pg.Client, fail: () => void): void {
    this.#stopHeartbeat();
    this.#heartbeat = setTimeout(() => {
      this.#heartbeat = null;
      if (this.#client !== client) return;
      client.query('select 1').then(() => {
        if (this.#client === client && !this.#closed) this.#beat(client, fail);
      }, fail);
    }, this.#statementTimeoutMs);
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat !== null) clearTimeout(this.#heartbeat);
    this.#heartbeat = null;
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
    // What was announced before closing is still sent (also what came while a statement was in
    // flight), if the connection listens and answers within a second; the server's goodbye is
    // waited for within the same second.
    const deadline = performance.now() + CLOSE_FLUSH_WAIT_MS;
    while (this.#live && (this.#pending.size > 0 || this.#flushing !== null) && performance.now() < deadline) {
      if (this.#flushing === null) this.#scheduleFlush();
      const flushing = this.#flushing;
      if (flushing === null) break;
      await Promise.race([flushing, delay(Math.max(0, deadline - performance.now()))]);
    }
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#stopHeartbeat();
    const client = this.#client;
    this.#client = null;
    this.#setLive(false);
    if (client !== null) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await endClient(client, Math.max(0, deadline - performance.now()));
    }
  }
}

/**
 * Ends the connection politely, or, when the server's goodbye has not come within `waitMs` (a
 * silent network), closes it at once.
 */
async function endClient(client: pg.Client, waitMs = CLOSE_FLUSH_WAIT_MS): Promise<void> {
  const ended = client.end().catch(() => undefined);
  const timer = setTimeout(() => {
    client.connection.stream.destroy();
  }, waitMs);
  await ended;
  clearTimeout(timer);
}
