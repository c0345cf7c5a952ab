import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The service webhook signature (docs/api.md#webhook-signatures): `X-Service-Signature: sha256=<hex>`, the
 * lower-case hex HMAC-SHA256 of the exact body bytes keyed with the webhook secret. Pure: no I/O,
 * so it is tested against published vectors.
 */

export const SIGNATURE_HEADER = 'x-service-signature';
const SCHEME = 'sha256=';

/** Replays are refused when the body's `timestamp` is further than this from now (docs/api.md#webhook-signatures). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

// ISO 8601 date-time as senders write it: `Z`, `+00:00` or `+0000`, fractional seconds up to
// nanoseconds, or no zone at all (Python's `utcnow().isoformat()`), which is read as UTC.
// Date.parse alone accepts far looser forms.
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/** Milliseconds since the epoch of an ISO 8601 date-time (no zone = UTC), or null when it is not one. */
export function parseIsoTimestamp(value: string): number | null {
  const match = ISO_DATE_TIME.exec(value);
  if (match === null) return null;
  const zone = (match[2] ?? 'Z').toUpperCase();
  const normalised = `${(match[1] ?? '').toUpperCase()}${zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`}`;
  const at = Date.parse(normalised);
  return Number.isNaN(at) ? null : at;
}

export function signBody(secret: string, body: Uint8Array | string): string {
  return `${SCHEME}${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Constant-time check of a header value against the body; anything but one string is a mismatch. */
export function signatureMatches(secret: string, body: Uint8Array, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body), 'latin1');
  // The scheme name and hex digits are case-insensitive; normalising costs nothing secret.
  const received = Buffer.from(header.trim().toLowerCase(), 'latin1');
  // The expected length is public (fixed by the scheme), so an early length check leaks nothing.
  return received.length === expected.length && timingSafeEqual(received, expected);
}

export type TimestampCheck = 'absent' | 'fresh' | 'stale' | 'invalid';

/** Whether a body `timestamp` is within TIMESTAMP_TOLERANCE_MS of `nowMs`, either way. */
export function checkTimestamp(value: unknown, nowMs: number): TimestampCheck {
  if (value === undefined || value === null) return 'absent';
  if (typeof value !== 'string') return 'invalid';
  const at = parseIsoTimestamp(value);
  if (at === null) return 'invalid';
  return Math.abs(nowMs - at) <= TIMESTAMP_TOLERANCE_MS ? 'fresh' : 'stale';
}
