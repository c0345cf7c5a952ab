import type { Backoff } from './backoff.ts';
import { globalTimers, type Timers } from './timers.ts';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (default 60 s). */
  maxWaitMs?: number;
  /** The first retry waits between half of this and all of it; each next one up to twice as long (default 500 ms). */
  baseDelayMs?: number;
  /** The longest wait between attempts, Retry-After aside (default 5 s). */
  maxDelayMs?: number;
}

export interface ClientOptions {
  /** Where the service is, e.g. `https://staydesk.example.com`. */
  baseUrl: string;
  apiKey: string;
  /** The service slug of the deployment's paths (default `staydesk`). */
  slug?: string;
  fetch?: typeof fetch;
  /** `false` never retries. */
  retry?: RetryOptions | false;
  /** How long one attempt may take, its answer's body included, before it is abandoned (default 30,000 ms). */
  timeoutMs?: number;
  /** The timers every wait uses (default the global ones); a test hands in a fake clock. */
  timers?: Timers;
}

/** The options, checked, with their defaults filled in. */
export interface ClientSettings {
  base: string;
  apiKey: string;
  fetch: typeof fetch;
  attempts: number;
  maxWaitMs: number;
  backoff: Backoff;
  timeoutMs: number;
  timers: Timers;
}

const OPTION_NAMES = ['baseUrl', 'apiKey', 'slug', 'fetch', 'retry', 'timeoutMs', 'timers'];
const RETRY_NAMES = ['attempts', 'maxWaitMs', 'baseDelayMs', 'maxDelayMs'];
/** The longest delay a timer takes (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

function fail(message: string): never {
  throw new TypeError(`createClient: ${message}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkNames(given: Record<string, unknown>, known: string[], where: string): void {
  for (const name of Object.keys(given)) {
    if (known.includes(name)) continue;
    const meant = known.find((k) => k.toLowerCase() === name.toLowerCase());
    fail(
      `unknown option ${where}${name}${meant === undefined ? ` (known: ${known.join(', ')})` : `; did you mean ${meant}?`}`,
    );
  }
}

/** A timeout in milliseconds, checked: from 1 ms to the longest a timer takes. */
export function checkTimeout(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > MAX_TIMER_MS)
    throw new TypeError(`${name} must be a number of milliseconds from 1 to ${MAX_TIMER_MS} (got ${String(value)}).`);
  return value;
}

function milliseconds(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > MAX_TIMER_MS)
    fail(`${name} must be a number of milliseconds from ${min} to ${MAX_TIMER_MS}.`);
  return value;
}

function baseOf(value: unknown, slug: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    fail("baseUrl is required: the service's address, e.g. https://staydesk.example.com.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`baseUrl must be an absolute http(s) URL, e.g. https://staydesk.example.com (got "${value}").`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    fail(`baseUrl must be an http or https URL (got "${url.protocol}").`);
  if (url.search !== '' || url.hash !== '') fail('baseUrl must have no query string or fragment.');
  if (url.username !== '' || url.password !== '') fail('baseUrl must not carry a user name or password.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api/v1/${slug}`;
}

function retryOf(value: unknown): { attempts: number; maxWaitMs: number; backoff: Backoff } {
  if (value === false) return { attempts: 1, maxWaitMs: 0, backoff: { baseDelayMs: 0, maxDelayMs: 0 } };
  if (value !== undefined && !isObject(value)) fail('retry must be an object ({attempts, maxWaitMs, ...}) or false.');
  const retry = value ?? {};
  checkNames(retry, RETRY_NAMES, 'retry.');
  const attempts = retry.attempts ?? 3;
  if (!Number.isInteger(attempts) || (attempts as number) < 1 || (attempts as number) > 100)
    fail('retry.attempts must be an integer from 1 to 100.');
  const baseDelayMs = milliseconds(retry.baseDelayMs, 'retry.baseDelayMs', 500, 0);
  return {
    attempts: attempts as number,
    maxWaitMs: milliseconds(retry.maxWaitMs, 'retry.maxWaitMs', 60_000, 0),
    backoff: { baseDelayMs, maxDelayMs: milliseconds(retry.maxDelayMs, 'retry.maxDelayMs', 5000, 0) },
  };
}

/** Checks what `createClient` was given, with a message that names the option, and fills in defaults. */
export function clientSettings(options: unknown): ClientSettings {
  if (!isObject(options)) fail('pass the options: createClient({ baseUrl, apiKey }).');
  checkNames(options, OPTION_NAMES, '');
  const slug = options.slug ?? 'staydesk';
  if (typeof slug !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(slug))
    fail('slug must be the service slug of the paths: letters, digits, - and _ (default staydesk).');
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '')
    fail('apiKey is required: a v1 API key of the service (it is sent as Authorization: Bearer).');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch must be a function.');
  const timers = options.timers ?? globalTimers;
  if (!isObject(timers) || typeof timers.setTimeout !== 'function' || typeof timers.clearTimeout !== 'function')
    fail('timers must have setTimeout and clearTimeout functions.');
  return {
    base: baseOf(options.baseUrl, slug),
    apiKey: options.apiKey,
    fetch: (options.fetch as typeof fetch | undefined) ?? globalThis.fetch.bind(globalThis),
    ...retryOf(options.retry),
    timeoutMs: milliseconds(options.timeoutMs, 'timeoutMs', 30_000, 1),
    timers: timers as unknown as Timers,
  };
}
