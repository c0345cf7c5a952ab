import type * as Undici from 'undici';
import { guardedLookup } from '../ical/fetch-feed.ts';
import { checkFeedUrl, RefusedUrlError } from '../shared/address-guard.ts';
import { KEPT_RESPONSE_CHARS, type AttemptResult } from '../events/attempt-result.ts';

/**
 * One attempt to deliver an event: a POST of the JSON body with its signed headers. The address
 * guard of iCal feeds applies at every attempt: to the URL, to every address its name resolves
 * to (inside the socket's own lookup), and again at each redirect (307 and 308 only, which keep
 * the method and body; at most three). Any answer but a 2xx, a timeout or a network error is a
 * failure.
 *
 * Sent with undici rather than node:http, which costs the sending process more CPU a delivery,
 * CPU the bookings of the same process would lose (docs/benchmarks.md#speed-mechanisms-and-the-targets-they-serve).
 * Connections are kept alive between deliveries; a new one passes the guard again.
 *
 * The answer's timeout (10 s) is undici's own: the headers must arrive within what is left of it,
 * as must each part of the body, and a body part that comes after it ends the attempt, so an
 * attempt ends at most one timeout after its time is up (a connection is given undici's 10 s to
 * open). An AbortSignal per attempt kept a timer of its own for each, which cost the sender more
 * than undici's own timeouts (docs/benchmarks.md#speed-mechanisms-and-the-targets-they-serve).
 */

export const SEND_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** undici, loaded by the first delivery (a process that sends no event never loads it). */
let undici: Promise<typeof Undici> | undefined;

/** One connection pool per guard setting (the lookup a new connection passes depends on it). */
const agents = new Map<boolean, Undici.Agent>();

/** The attempt's time ran out (a headers, body or connect timeout of undici's, or ours). */
class TimedOut extends Error {}

const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Milliseconds left until `deadline` (performance.now()); an attempt out of time ends. */
function left(deadline: number): number {
  const ms = Math.ceil(deadline - performance.now());
  if (ms <= 0) throw new TimedOut();
  return ms;
}

async function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
  deadline: number,
): Promise<Undici.Dispatcher.ResponseData> {
  const { Agent, request } = await (undici ??= import('undici'));
  let agent = agents.get(options.allowPrivate);
  if (agent === undefined) {
    agent = new Agent({ connect: { lookup: guardedLookup({ allowPrivate: options.allowPrivate }) } });
    agents.set(options.allowPrivate, agent);
  }
  // A user name and password in the endpoint's URL are sent as Basic authentication, as
  // node:http does (undici leaves them out).
  let target = url;
  let credentials = {};
  if (url.username !== '' || url.password !== '') {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    credentials = { authorization: `Basic ${Buffer.from(user).toString('base64')}` };
    target = new URL(url);
    target.username = '';
    target.password = '';
  }
  const timeout = left(deadline);
  return request(target, {
    method: 'POST',
    headers: { ...headers, ...credentials, 'content-type': 'application/json', 'user-agent': 'Staydesk events' },
    body,
    dispatcher: agent,
    headersTimeout: timeout,
    bodyTimeout: timeout,
  });
}

/** The start of an answer's body, read no further than what is kept, nor past `deadline`. */
async function readStart(body: Undici.Dispatcher.ResponseData['body'], deadline: number): Promise<string> {
  let text = '';
  for await (const chunk of body) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length >= KEPT_RESPONSE_CHARS) {
      body.destroy();
      break;
    }
    if (performance.now() >= deadline) {
      body.destroy();
      throw new TimedOut();
    }
  }
  return text.slice(0, KEPT_RESPONSE_CHARS);
}

function describe(error: unknown): string {
  if (error instanceof RefusedUrlError) return error.message;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `network error ${code}` : error instanceof Error ? error.message : 'network error';
}

/** What one attempt met; `ok` is true for a 2xx answer. */
export type SendResult = AttemptResult & { ok: boolean };

/** Sends once. Never throws. */
export async function sendEvent(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const deadline = performance.now() + timeoutMs;
  try {
    let url = checkFeedUrl(rawUrl, options.allowPrivate);
    for (let redirects = 0; ; redirects += 1) {
      const response = await post(url, headers, body, options, deadline);
      const status = response.statusCode;
      const location = response.headers.location;
      if ((status === 307 || status === 308) && typeof location === 'string' && redirects < MAX_REDIRECTS) {
        await response.body.dump();
        url = checkFeedUrl(new URL(location, url).href, options.allowPrivate);
        continue;
      }
      const text = await readStart(response.body, deadline);
      const ok = status >= 200 && status <= 299;
      return { ok, status, response: text, error: ok ? null : `answered HTTP ${status}` };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const timedOut = error instanceof TimedOut || (typeof code === 'string' && UNDICI_TIMEOUTS.has(code));
    const message = timedOut ? `timed out after ${String(timeoutMs)} ms` : describe(error);
    return { ok: false, status: null, response: null, error: message };
  }
}
