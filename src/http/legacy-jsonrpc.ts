import type { AppError } from './errors.ts';
import { badRequest } from './errors.ts';

/**
 * docs/api.md#input: legacy calls wrapped their body in JSON-RPC (`jsonrpc`, `method`, `params`); v1
 * takes the plain body. Without this check a wrapped call would read as a plain body missing every
 * field, and the 400 would name `accommodation_id` instead of the real mistake. The v1 routes
 * refuse such a body before their schema checks it (v1-body.ts).
 */
export function isLegacyWrapper(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return Object.hasOwn(body, 'jsonrpc') || (Object.hasOwn(body, 'method') && Object.hasOwn(body, 'params'));
}

/** The 400 a legacy JSON-RPC body gets. */
export function legacyJsonRpcError(): AppError {
  return badRequest(
    'legacy_jsonrpc_body',
    'This is a legacy JSON-RPC body (jsonrpc, method, params). ' +
      'v1 takes the plain JSON body: send the contents of "params" as the body itself.',
    {
      parameter: 'body',
      expected: 'the plain JSON body described in /openapi.json',
      received: 'JSON-RPC wrapper',
    },
  );
}
