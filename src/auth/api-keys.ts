import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Mode } from '../db/schema.ts';

/**
 * API keys: `sdk_` (a test key: `sdk_test_`) + 32 random base64url characters (192 bits). Only the SHA-256 hash and a
 * short display prefix are stored; the key itself is shown once, when it is created. A fast
 * hash is right here: the secret is random and long, so there is nothing to brute-force.
 */

const KEY_PREFIX = { live: 'sdk_', test: 'sdk_test_' } as const satisfies Record<Mode, string>;
/** How many characters of the secret after its prefix are kept to recognise it. */
const DISPLAY_LENGTH = 6;

export interface NewApiKeySecret {
  key: string;
  hash: string;
  prefix: string;
}

export function generateApiKey(mode: Mode = 'live'): NewApiKeySecret {
  const prefix = KEY_PREFIX[mode];
  const key = `${prefix}${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, prefix.length + DISPLAY_LENGTH) };
}

export function hashApiKey(key: string): string {
  // The one-shot digest: it runs on every authenticated request.
  return hash('sha256', key, 'hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
