import type { LightMyRequestResponse } from 'fastify';
import { signBody } from '../../src/webhooks/signature.ts';
import type { TestApp } from './test-app.ts';

/** Posts a service webhook the way the external application does: exact bytes, optional signature. */
export function postWebhook(
  t: TestApp,
  path: 'update' | 'calendar_sync',
  body: unknown,
  options: { secret?: string; signature?: string; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  const payload = options.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature ?? (options.secret === undefined ? undefined : signBody(options.secret, payload));
  if (signature !== undefined) headers['x-service-signature'] = signature;
  return t.request({ method: 'POST', url: `/${t.config.slug}/webhook/${path}`, headers, payload, key: null });
}
