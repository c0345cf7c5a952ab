import { createHash } from 'node:crypto';
import type { Executor } from '../db/store.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { checkTimestamp, signatureMatches } from './signature.ts';
import { parseJsonStrict } from '../http/strict-json.ts';
import { getWebhookSecret } from './webhook-secret.ts';

/**
 * The gate in front of /webhook/update and /webhook/calendar_sync (decisions.md 7). With a secret
 * configured: the signature over the raw bytes is checked before the body is even parsed, then a
 * body `timestamp` more than 5 minutes from now is refused as a replay; both are 401. With no
 * secret, calls are accepted unsigned (api-v1.md 5.5).
 */
export async function verifyServiceWebhook(db: Executor, raw: Buffer, signature: unknown, now: Date): Promise<unknown> {
  const secret = await getWebhookSecret(db);
  if (secret !== null) {
    if (signature === undefined) {
      throw unauthorized('missing_signature', 'Missing X-Service-Signature header: webhook signatures are on.', { parameter: 'X-Service-Signature' });
    }
    if (!signatureMatches(secret, raw, signature)) {
      throw unauthorized('invalid_signature', 'X-Service-Signature does not match the body.', {
        parameter: 'X-Service-Signature',
        expected: 'sha256=<hex HMAC-SHA256 of the raw body>',
      });
    }
  }
  const body = parseJsonStrict(raw);
  const timestamp = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).timestamp : undefined;
  const check = checkTimestamp(timestamp, now.getTime());
  if (check === 'invalid') {
    throw badRequest('invalid_timestamp', 'timestamp must be an ISO 8601 date-time with a zone, e.g. 2030-06-01T12:00:00Z.', {
      parameter: 'timestamp',
      expected: 'ISO 8601 date-time',
      received: typeof timestamp === 'string' ? timestamp.slice(0, 100) : typeof timestamp,
    });
  }
  // Without a secret anyone can write any timestamp, so checking its age would protect nothing.
  if (secret !== null && check === 'stale') {
    throw unauthorized('stale_timestamp', 'timestamp is more than 5 minutes from now: refused as a possible replay.', {
      parameter: 'timestamp',
      received: timestamp,
    });
  }
  return body;
}

/** What makes two deliveries "the same": their exact bytes. */
export function deliveryKey(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}
