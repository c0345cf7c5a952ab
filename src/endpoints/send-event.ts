import type { IncomingMessage } from 'node:http';
import { guardedLookup } from '../ical/fetch-feed.ts';
import { checkFeedUrl, RefusedUrlError } from '../shared/address-guard.ts';
import { KEPT_RESPONSE_CHARS, type AttemptResult } from '../events/delivery-repository.ts';

/**
 * One attempt to deliver an event: a POST of the JSON body with its signed headers. The address
 * guard of iCal feeds applies at every attempt: to the URL, to every address its name resolves
 * to (inside the socket's own lookup), and again at each redirect (307 and 308 only, which keep
 * the method and body; at most three). Any answer but a 2xx, a timeout or a network error is a
 * failure.
 */

export const SEND_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

function post(url: URL, headers: Record<string, string>, body: string, options: SendOptions, signal: AbortSignal) {
  const client =
    url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Staydesk events',
        },
        lookup: guardedLookup({ allowPrivate: options.allowPrivate }),
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The start of an answer's body, read no further than what is kept. */
async function readStart(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length >= KEPT_RESPONSE_CHARS) {
      response.destroy();
      break;
    }
  }
  return text.slice(0, KEPT_RESPONSE_CHARS);
}

function describe(error: unknown): string {
  if (error instanceof RefusedUrlError) return error.message;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `network error ${code}` : error instanceof Error ? error.message : 'network error';
}

/** Sends once; `ok` is true for a 2xx answer. Never throws. */
export async function sendEvent(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<AttemptResult & { ok: boolean }> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let url = checkFeedUrl(rawUrl, options.allowPrivate);
    for (let redirects = 0; ; redirects += 1) {
      const response = await post(url, headers, body, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if ((status === 307 || status === 308) && location !== undefined && redirects < MAX_REDIRECTS) {
        response.resume();
        url = checkFeedUrl(new URL(location, url).href, options.allowPrivate);
        continue;
      }
      const text = await readStart(response);
      const ok = status >= 200 && status <= 299;
      return { ok, status, response: text, error: ok ? null : `answered HTTP ${status}` };
    }
  } catch (error) {
    const message = signal.aborted ? `timed out after ${timeoutMs} ms` : describe(error);
    return { ok: false, status: null, response: null, error: message };
  }
}
