import path from 'node:path';

export type StoreConfig = (
  { kind: 'sqlite'; file: string } | { kind: 'memory' } | { kind: 'postgres'; url: string }
) & {
  /**
   * STORE_STATEMENT_TIMEOUT_MS: how long one store call may take (db/store-timeouts.ts); 5000
   * when left out.
   */
  statementTimeoutMs?: number;
};

export interface Config {
  store: StoreConfig;
  dataDir: string;
  host: string;
  port: number;
  publicBaseUrl: string;
  slug: string;
  smtpUrl: string | null;
  mailFrom: string;
  paymentWebhookSecret: string | null;
  /** STRIPE_SECRET_KEY: the card processor's secret API key (may also be set in admin settings). */
  stripeSecretKey: string | null;
  /**
   * STRIPE_API_BASE: where the `stripe` package sends its calls instead of the processor's own
   * API (a local stand-in in tests); null: the processor's.
   */
  stripeApiBase: StripeApiBase | null;
  draftHoldSeconds: number;
  icalSyncIntervalSeconds: number;
  /**
   * Outbound calls (iCal feeds, partners' event endpoints) may reach loopback, private and link-local
   * addresses: OUTBOUND_ALLOW_PRIVATE_NETWORKS, or its older name ICAL_ALLOW_PRIVATE_NETWORKS.
   */
  allowPrivateNetworks: boolean;
  /** How often the event delivery worker looks for due deliveries. */
  eventPollMs: number;
  /**
   * ENDPOINTS_PER_KEY: how many event endpoints a v1 key may have unless the host gives it a
   * limit of its own (api_keys.endpoint_limit); the delivery worker's lanes outnumber it.
   */
  endpointsPerKey: number;
  /** Legacy senders: with a webhook secret, accept a body without `timestamp` (deduped by its bytes for 24 h only). */
  webhookAllowMissingTimestamp: boolean;
  logLevel: string;
  /** How often the background worker looks for due work (mail, expired drafts). */
  jobPollMs: number;
  /**
   * How long a process may keep API keys, accommodation rules and taken nights in memory when
   * no change is announced (a change made elsewhere is announced at once: caches.ts).
   */
  cacheTtlMs: number;
  /** How long SIGTERM/SIGINT may take to drain requests and jobs before the process exits 1. */
  shutdownTimeoutSeconds: number;
  /** Abuse limits (README, Security); 0 turns a limit off. */
  limits: Limits;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** How many accommodations' taken nights a process keeps in memory (least recently used go first); 0 keeps none. */
  nightMemoryMax: number;
}

/** The host, port and protocol `new Stripe(key, {host, port, protocol})` takes. */
export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface Limits {
  /** A request whose headers and body have not arrived within this is answered 408. */
  requestTimeoutSeconds: number;
  /** Requests per API key per minute (v1 and admin API). */
  perKeyPerMinute: number;
  /** Requests per client address per minute to the public webhook, payment and invoice routes. */
  publicPerIpPerMinute: number;
  /** Fetches of exported calendars per client address per minute: far above any channel's polling. */
  icalExportPerIpPerMinute: number;
  /** Requests per client address per minute to guest pages (`/guest/...`): a guesser of tokens is refused soon. */
  guestPagePerIpPerMinute: number;
  /** Failed authentications per client address per minute before it is refused with 429. */
  authFailuresPerIpPerMinute: number;
  /** Card-payment drafts a key may hold at once. */
  draftsPerKey: number;
  /** Shares the request counters among processes; null keeps them in each process. */
  redisUrl: string | null;
}

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${n}`);
  return n;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function storeFrom(env: Env, dataDir: string): StoreConfig {
  const url = value(env, 'DATABASE_URL');
  const statementTimeoutMs = integer(env, 'STORE_STATEMENT_TIMEOUT_MS', 5000, 100, 3_600_000);
  if (url === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'staydesk.sqlite'), statementTimeoutMs };
  if (url === 'memory:') return { kind: 'memory', statementTimeoutMs };
  if (/^postgres(ql)?:\/\//.test(url)) {
    try {
      new URL(url);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { kind: 'postgres', url, statementTimeoutMs };
  }
  throw new ConfigError('DATABASE_URL', 'expected postgres://..., memory:, or unset for the embedded store');
}

function stripeApiBase(env: Env): StripeApiBase | null {
  const raw = value(env, 'STRIPE_API_BASE');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('STRIPE_API_BASE', `is not a valid URL: "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
    throw new ConfigError('STRIPE_API_BASE', 'expected http://host:port or https://host[:port], without a path');
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, protocol };
}

/** Reads and validates every setting; throws a ConfigError naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(value(env, 'STAYDESK_DATA_DIR') ?? './.staydesk');
  const host = value(env, 'HOST') ?? '127.0.0.1';
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const slug = value(env, 'STAYDESK_SLUG') ?? 'staydesk';
  if (!/^[a-z0-9][a-z0-9_-]{0,62}$/.test(slug)) {
    throw new ConfigError('STAYDESK_SLUG', 'expected lower-case letters, digits, "-" or "_"');
  }
  const base = value(env, 'PUBLIC_BASE_URL');
  if (base !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(base);
    } catch {
      throw new ConfigError('PUBLIC_BASE_URL', `is not a valid URL: "${base}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ConfigError('PUBLIC_BASE_URL', 'must be an http:// or https:// URL');
    }
  }
  const smtpUrl = value(env, 'SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', 'expected smtp://host:port or smtps://host:port');
  }
  const redisUrl = value(env, 'RATE_LIMIT_REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    throw new ConfigError('RATE_LIMIT_REDIS_URL', 'expected redis://host:port or rediss://host:port');
  }
  const metricsToken = value(env, 'METRICS_TOKEN') ?? null;
  if (metricsToken !== null && !/^[A-Za-z0-9_\-.~+/]{16,200}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN', 'expected 16 to 200 characters from A-Z a-z 0-9 _ - . ~ + /');
  }
  const logLevel = value(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    store: storeFrom(env, dataDir),
    dataDir,
    host,
    port,
    publicBaseUrl: (base ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, ''),
    slug,
    smtpUrl,
    mailFrom: value(env, 'MAIL_FROM') ?? 'Staydesk <no-reply@localhost>',
    paymentWebhookSecret: value(env, 'PAYMENT_WEBHOOK_SECRET') ?? null,
    stripeSecretKey: value(env, 'STRIPE_SECRET_KEY') ?? null,
    stripeApiBase: stripeApiBase(env),
    draftHoldSeconds: integer(env, 'DRAFT_HOLD_SECONDS', 1800, 1, 60 * 60 * 24 * 30),
    icalSyncIntervalSeconds: integer(env, 'ICAL_SYNC_INTERVAL_SECONDS', 900, 0, 60 * 60 * 24 * 7),
    allowPrivateNetworks:
      boolean(env, 'OUTBOUND_ALLOW_PRIVATE_NETWORKS', false) || boolean(env, 'ICAL_ALLOW_PRIVATE_NETWORKS', false),
    eventPollMs: integer(env, 'STAYDESK_EVENT_POLL_MS', 200, 10, 60 * 60 * 1000),
    endpointsPerKey: integer(env, 'ENDPOINTS_PER_KEY', 10, 1, 1000),
    webhookAllowMissingTimestamp: boolean(env, 'WEBHOOK_ALLOW_MISSING_TIMESTAMP', false),
    logLevel,
    jobPollMs: integer(env, 'STAYDESK_JOB_POLL_MS', 1000, 10, 60 * 60 * 1000),
    cacheTtlMs: integer(env, 'STAYDESK_CACHE_TTL_MS', 2000, 0, 60_000),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 3600),
    limits: {
      requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 30, 0, 3600),
      perKeyPerMinute: integer(env, 'RATE_LIMIT_PER_KEY', 600, 0, 10_000_000),
      publicPerIpPerMinute: integer(env, 'RATE_LIMIT_PUBLIC_PER_IP', 120, 0, 10_000_000),
      icalExportPerIpPerMinute: integer(env, 'RATE_LIMIT_ICAL_EXPORT_PER_IP', 6000, 0, 10_000_000),
      guestPagePerIpPerMinute: integer(env, 'RATE_LIMIT_GUEST_PAGE_PER_IP', 30, 0, 10_000_000),
      authFailuresPerIpPerMinute: integer(env, 'AUTH_FAILURES_PER_IP', 20, 0, 10_000_000),
      draftsPerKey: integer(env, 'DRAFTS_PER_KEY', 20, 0, 1_000_000),
      redisUrl,
    },
    metricsToken,
    nightMemoryMax: integer(env, 'STAYDESK_NIGHT_MEMORY_MAX', 1000, 0, 100_000),
  };
}
