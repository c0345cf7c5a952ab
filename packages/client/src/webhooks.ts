import { WebhookVerificationError } from './errors.ts';
import { hmacSha256 } from './hmac-sha256.ts';
import type { StaydeskEvent } from './types.ts';

/**
 * Signatures, synchronous and with no dependency (HMAC-SHA256 in plain JavaScript), so they run
 * the same on Node 20+, Deno, Bun and edge runtimes. Outbound events follow Standard Webhooks
 * (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * the secret `whsec_<base64 key>`); inbound service webhooks carry
 * `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>`.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Request headers as `fetch` (`Headers`) or `node:http` (`IncomingHttpHeaders`) give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the `webhook-timestamp` may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Now (default the clock's). */
  now?: Date;
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

const bytes = (body: string | Uint8Array): Uint8Array => (typeof body === 'string' ? encoder.encode(body) : body);

function toBase64(data: Uint8Array): string {
  let binary = '';
  for (const b of data) binary += String.fromCharCode(b);
  return btoa(binary);
}

function secretKey(secret: string): Uint8Array {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  try {
    return Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  } catch {
    throw new TypeError("verifyEvent: the secret must be the endpoint's signing secret, whsec_ and base64.");
  }
}

/** Compares without an early exit, so the time taken says nothing of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parsed(body: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The event body is not JSON.');
  }
  if (
    !isObject(value) ||
    typeof value.type !== 'string' ||
    typeof value.timestamp !== 'string' ||
    !isObject(value.data)
  )
    throw new WebhookVerificationError('invalid_body', 'The event body is not {type, timestamp, data}.');
  return value;
}

/**
 * Checks a pushed event as received (the raw body, before any JSON parsing) and returns it,
 * typed by its `type`. Throws WebhookVerificationError (`reason`: `missing_header`,
 * `stale_timestamp`, `invalid_signature`, `invalid_body`) when a header is missing, the
 * timestamp is more than `toleranceSeconds` (default 300) from now, no signature matches, or
 * the body is not an event; a TypeError when `secret` is not a `whsec_` secret.
 */
export function verifyEvent(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: VerifyOptions = {},
): StaydeskEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    throw new WebhookVerificationError('missing_header', 'Missing webhook-id, webhook-timestamp or webhook-signature.');
  }
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('stale_timestamp', 'The webhook timestamp is too far from now.');
  }
  const body = bytes(rawBody);
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const expected = toBase64(hmacSha256(secretKey(secret), signed));
  const ok = signatures
    .split(' ')
    .map((s) => s.split(','))
    .some(([version, signature]) => version === 'v1' && signature !== undefined && sameText(signature, expected));
  if (!ok) throw new WebhookVerificationError('invalid_signature', 'No webhook signature matches.');
  const event = parsed(body);
  return {
    ...event,
    // The id is signed either way; a body without one (an older service) has it in the header only.
    id: typeof event.id === 'string' ? event.id : id,
    livemode: typeof event.livemode === 'boolean' ? event.livemode : true,
  } as StaydeskEvent;
}

/** The `X-Service-Signature` value for a body sent to /webhook/update or /webhook/calendar_sync. */
export function signServiceWebhook(rawBody: string | Uint8Array, secret: string): string {
  const digest = hmacSha256(encoder.encode(secret), bytes(rawBody));
  return `sha256=${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
