import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Standard Webhooks signing (standardwebhooks.com): the secret is `whsec_` + base64 of random
 * bytes; the signature is HMAC-SHA256 with the decoded secret over `<id>.<timestamp>.<body>`,
 * sent as `v1,<base64>`. During a rotation's overlap both secrets sign, separated by a space,
 * so a receiver holding either one verifies the message.
 */

const SECRET_PREFIX = 'whsec_';

export function newEndpointSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/**
 * Signing keys by secret, kept while in use: an HMAC keyed with a KeyObject costs a quarter of
 * one keyed with the key's bytes, and an endpoint signs every event with the same secret. At most
 * KEPT_KEYS are kept (an endpoint has at most two secrets at once); past that the oldest goes.
 */
const keys = new Map<string, KeyObject>();
const KEPT_KEYS = 1000;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key !== undefined) return key;
  key = createSecretKey(
    Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64'),
  );
  if (keys.size >= KEPT_KEYS) keys.delete(keys.keys().next().value ?? '');
  keys.set(secret, key);
  return key;
}

/** `v1,<base64>` for one secret. */
export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${String(timestampSeconds)}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestampSeconds, body)).join(' '),
  };
}
