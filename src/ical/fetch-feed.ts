import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { checkFeedUrl, isRefusedAddress, RefusedUrlError } from '../shared/address-guard.ts';
import { charsetOf } from './feed-text.ts';

/**
 * Fetches a feed over http(s) with the guard applied where it matters: the URL before any
 * lookup, every address DNS gives for the host (checked inside the socket's own lookup, so the
 * address checked is the one connected to), and again for each redirect.
 */

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 3;

export interface FetchOptions {
  allowPrivate: boolean;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  /** Ends the fetch early (the process is stopping). */
  signal?: AbortSignal;
  /** Tests resolve names and judge addresses themselves. */
  resolve?: (hostname: string) => Promise<string[]>;
  isRefused?: (address: string) => boolean;
}

/** A calendar body: its bytes (decompressed) and the charset the server named, read later (feed-text.ts). */
export type FetchResult =
  | { kind: 'not_modified'; status: 304 }
  | {
      kind: 'ok';
      status: number;
      body: Buffer;
      charset: string | null;
      etag: string | null;
      lastModified: string | null;
    };

export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  readonly status: number | null;
  constructor(message: string, status: number | null = null, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

function defaultResolve(hostname: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}

export function guardedLookup(options: Pick<FetchOptions, 'allowPrivate' | 'resolve' | 'isRefused'>): LookupFunction {
  const resolve = options.resolve ?? defaultResolve;
  const refused = options.isRefused ?? isRefusedAddress;
  return (
    hostname: string,
    lookupOptions: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = options.allowPrivate ? undefined : addresses.find(refused);
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (bad !== undefined) {
          callback(new RefusedUrlError('private_address', `${hostname} resolves to ${bad}, an internal address`), '');
          return;
        }
        const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        const first = entries[0] as LookupAddress;
        if (lookupOptions.all === true) callback(null, entries);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, '');
      },
    );
  };
}

function requestOnce(url: URL, options: FetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': 'Staydesk calendar sync',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  // Taken from process.getBuiltinModule, not imported: an ESM import of node:http builds its
  // namespace, which loads Node's fetch implementation (undici) through the WebSocket getters,
  // and node:https loads TLS; together about 20 MB that a server with no feeds never uses.
  const client =
    url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'GET', headers, lookup: guardedLookup(options), signal }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FeedFetchError(`the feed is larger than ${maxBytes} bytes`, response.statusCode ?? null);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FeedFetchError(`the feed is larger than ${maxBytes} bytes`, response.statusCode ?? null);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const decompressors = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/**
 * The body as sent, decompressed when the server compressed it (asked or not: some send gzip
 * without an Accept-Encoding, or serve a gzip file as text/calendar), to at most `maxBytes`.
 * zlib works off the event loop.
 */
async function decompressed(body: Buffer, encoding: string | undefined, maxBytes: number, status: number) {
  const named = (encoding ?? '').trim().toLowerCase();
  const kind =
    named === 'gzip' || named === 'x-gzip'
      ? 'gzip'
      : named === 'deflate' || named === 'br'
        ? named
        : body[0] === 0x1f && body[1] === 0x8b
          ? 'gzip'
          : null;
  if (kind === null) return body;
  try {
    return await decompressors[kind](body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new FeedFetchError(`the feed is larger than ${maxBytes} bytes once decompressed`, status);
    throw new FeedFetchError(`the feed's ${kind} compression cannot be read`, status);
  }
}

/** A calendar whatever its content type: the body's first line decides, not the header. */
function startsAsCalendar(body: Buffer): boolean {
  return /^(\uFEFF|ï»¿)?\s*BEGIN:VCALENDAR/i.test(body.subarray(0, 256).toString('latin1'));
}

function looksLikeHtml(body: Buffer, contentType: string): boolean {
  return contentType.includes('text/html') || /^(\uFEFF|ï»¿)?\s*</.test(body.subarray(0, 256).toString('latin1'));
}

function describe(error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof RefusedUrlError) return error.message;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `network error ${code}` : error instanceof Error ? error.message : 'network error';
}

/** Fetches a feed; throws FeedFetchError (or RefusedUrlError) for every way it can fail. */
export async function fetchFeed(rawUrl: string, options: FetchOptions): Promise<FetchResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  let url = checkFeedUrl(rawUrl, options.allowPrivate);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestOnce(url, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        response.resume();
        const location = response.headers.location;
        if (location === undefined) throw new FeedFetchError(`answered ${status} without a Location`, status);
        if (redirects >= MAX_REDIRECTS) throw new FeedFetchError(`more than ${MAX_REDIRECTS} redirects`, status);
        url = checkFeedUrl(new URL(location, url).href, options.allowPrivate);
        continue;
      }
      if (status === 304) {
        response.resume();
        return { kind: 'not_modified', status: 304 };
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new FeedFetchError(`answered HTTP ${status}`, status);
      }
      const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
      const raw = await readCapped(response, maxBytes);
      const body = await decompressed(raw, response.headers['content-encoding'], maxBytes, status);
      const type = (response.headers['content-type'] ?? '').toLowerCase();
      if (!startsAsCalendar(body) && looksLikeHtml(body, type)) {
        throw new FeedFetchError('answered an HTML page, not a calendar (an expired or wrong link?)', status);
      }
      const etag = response.headers.etag ?? null;
      const lastModified = response.headers['last-modified'] ?? null;
      return { kind: 'ok', status, body, charset: charsetOf(type), etag, lastModified };
    }
  } catch (error) {
    if (error instanceof FeedFetchError || error instanceof RefusedUrlError) throw error;
    if (options.signal?.aborted === true) throw new FeedFetchError('stopped', null, { cause: error });
    if (timeout.aborted)
      throw new FeedFetchError(`timed out after ${options.timeoutMs ?? FETCH_TIMEOUT_MS} ms`, null, { cause: error });
    throw new FeedFetchError(describe(error), null, { cause: error });
  }
}
