import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './errors.ts';

function isLegacyWrapper(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return Object.hasOwn(body, 'jsonrpc') || (Object.hasOwn(body, 'method') && Object.hasOwn(body, 'params'));
}

/**
 * docs/api.md#input: legacy calls wrapped their body in JSON-RPC (`jsonrpc`, `method`, `params`); v1
 * takes the plain body. Without this a wrapped call would read as a plain body missing every
 * field, and the 400 would name `accommodation_id` instead of the real mistake.
 * A preValidation hook of the v1 routes.
 */
export function refuseLegacyJsonRpc(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (!isLegacyWrapper(request.body)) {
    done();
    return;
  }
  done(
    badRequest(
      'legacy_jsonrpc_body',
      'This is a legacy JSON-RPC body (jsonrpc, method, params). v1 takes the plain JSON body: send the contents of "params" as the body itself.',
      {
        parameter: 'body',
        expected: 'the plain JSON body of api-v1.md',
        received: 'JSON-RPC wrapper',
      },
    ),
  );
}
