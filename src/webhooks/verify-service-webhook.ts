import { createHash } from 'node:crypto';
import type { Executor } from '../db/store.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { checkTimestamp, signatureMatches, TIMESTAMP_TOLERANCE_MS } from './signature.ts';
import { parseJsonStrict } from '../http/strict-json.ts';
import { getWebhookSecret } from './webhook-secret.ts';
import { keyWebhookSecrets } from '../auth/api-key-repository.ts';

/**
 * How long a delivery is remembered: a signed body with a timestamp can be replayed only while the
 * timestamp is fresh.
 */
export const TIMESTAMPED_RETENTION_MS = TIMESTAMP_TOLERANCE_MS * 3;
/** Deliveries without a checked timestamp (no secret, or the legacy opt-out) are deduped by their bytes this long. */
export const BYTES_RETENTION_MS = 24 * 3600 * 1000;

export interface VerifiedWebhook {
  body: unknown;
  /** How long this delivery's answer is given again to the same bytes. */
  retentionMs: number;
  /** A webhook secret is set, and the signature matched. */
  signed: boolean;
  /** Signed with this API key's own secret: the delivery may touch only that key's bookings. */
  apiKeyId: number | null;
}

/** Which secret a signature matched: the host's global one, or one key's own. */
async function signer(
  db: Executor,
  global: string | null,
  raw: Buffer,
  signature: unknown,
): Promise<{ apiKeyId: number | null } | null> {
  if (global !== null && signatureMatches(global, raw, signature)) return { apiKeyId: null };
  if (signature === undefined) return null;
  // Every key's secret is tried, each in constant time, so which key matched takes no part in the timing.
  let matched: number | null = null;
  for (const key of await keyWebhookSecrets(db)) if (signatureMatches(key.secret, raw, signature)) matched = key.id;
  return matched === null ? null : { apiKeyId: matched };
}

/**
 * The gate in front of /webhook/update and /webhook/calendar_sync (docs/api.md#webhook-signatures). With a secret
 * configured: the signature over the raw bytes is checked before the body is even parsed, then a
 * body without `timestamp` (unless the legacy opt-out allows it) or with one more than 5 minutes
 * from now is refused as a possible replay; all are 401. With no secret, calls are accepted
 * unsigned (docs/api.md#webhook-signatures).
 */
export async function verifyServiceWebhook(
  db: Executor,
  raw: Buffer,
  signature: unknown,
  now: Date,
  options: { allowMissingTimestamp: boolean },
): Promise<VerifiedWebhook> {
  const global = await getWebhookSecret(db);
  const signedBy = await signer(db, global, raw, signature);
  // A key's own secret signs even while the global one is not set; the checks below then apply.
  const secret = signedBy === null ? global : 'set';
  if (secret !== null && signedBy === null) {
    if (signature === undefined) {
      throw unauthorized('missing_signature', 'Missing X-Service-Signature header: webhook signatures are on.', {
        parameter: 'X-Service-Signature',
      });
    }
    throw unauthorized('invalid_signature', 'X-Service-Signature does not match the body.', {
      parameter: 'X-Service-Signature',
      expected: 'sha256=<hex HMAC-SHA256 of the raw body>',
    });
  }
  const body = parseJsonStrict(raw);
  // A null timestamp is an absent one (docs/decisions.md#lenient-input-exact-output).
  const timestamp =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? ((body as Record<string, unknown>).timestamp ?? undefined)
      : undefined;
  const check = checkTimestamp(timestamp, now.getTime());
  if (check === 'invalid') {
    throw badRequest(
      'invalid_timestamp',
      'timestamp must be an ISO 8601 date-time, e.g. 2030-06-01T12:00:00Z (without a zone it is read as UTC).',
      {
        parameter: 'timestamp',
        expected: 'ISO 8601 date-time',
        received: typeof timestamp === 'string' ? timestamp.slice(0, 100) : typeof timestamp,
      },
    );
  }
  // Without a secret anyone can write any timestamp, so checking its age would protect nothing.
  if (secret !== null && check === 'stale') {
    throw unauthorized('stale_timestamp', 'timestamp is more than 5 minutes from now: refused as a possible replay.', {
      parameter: 'timestamp',
      received: timestamp,
    });
  }
  // Without a timestamp nothing tells a replay from a repeat of the same change (docs/api.md#webhook-replay).
  if (secret !== null && check === 'absent' && !options.allowMissingTimestamp) {
    throw unauthorized(
      'missing_timestamp',
      'timestamp is missing: with webhook signatures on, ' +
        'every body must carry a timestamp (ISO 8601, within 5 minutes of now).',
      {
        parameter: 'timestamp',
        expected: 'ISO 8601 date-time within 5 minutes of now',
        received: null,
      },
    );
  }
  return {
    body,
    retentionMs: secret !== null && check === 'fresh' ? TIMESTAMPED_RETENTION_MS : BYTES_RETENTION_MS,
    signed: secret !== null,
    apiKeyId: signedBy?.apiKeyId ?? null,
  };
}

/** What makes two deliveries "the same": their exact bytes. */
export function deliveryKey(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}
