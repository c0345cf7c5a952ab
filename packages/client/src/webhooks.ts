import { WebhookVerificationError } from './errors.ts';
import type { StaydeskEvent } from './types.ts';

/**
 * Signatures with Web Crypto only, so they run on Node 20+, Deno, Bun and edge runtimes.
 * Outbound events follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the secret `whsec_<base64 key>`); inbound
 * service webhooks carry `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>`.
 */

const encoder = new TextEncoder();
type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function bytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64(data: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(data)) binary += String.fromCharCode(b);
  return btoa(binary);
}

async function hmac(key: Uint8Array, data: Uint8Array): Promise<ArrayBuffer> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return crypto.subtle.sign('HMAC', cryptoKey, new Uint8Array(data));
}

/** Compares without an early exit, so the time taken says nothing of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks an outbound event as received (the raw body, before any JSON parsing) and returns it
 * parsed. Refuses a timestamp more than `toleranceSeconds` (default 300) from now.
 */
export async function verifyEvent(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<StaydeskEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature.');
  }
  const seconds = Number(timestamp);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('The webhook timestamp is too far from now.');
  }
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  const body = bytes(rawBody);
  const signed = new Uint8Array([...encoder.encode(`${id}.${timestamp}.`), ...body]);
  const expected = toBase64(await hmac(key, signed));
  const ok = signatures
    .split(' ')
    .map((s) => s.split(','))
    .some(([version, signature]) => version === 'v1' && signature !== undefined && sameText(signature, expected));
  if (!ok) throw new WebhookVerificationError('No webhook signature matches.');
  return JSON.parse(new TextDecoder().decode(body)) as StaydeskEvent;
}

/** The `X-Service-Signature` value for a body sent to /webhook/update or /webhook/calendar_sync. */
export async function signServiceWebhook(rawBody: string | Uint8Array, secret: string): Promise<string> {
  const digest = new Uint8Array(await hmac(encoder.encode(secret), bytes(rawBody)));
  return `sha256=${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
