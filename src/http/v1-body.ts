import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, preValidationHookHandler } from 'fastify';
import { isLegacyWrapper, legacyJsonRpcError } from './legacy-jsonrpc.ts';
import { compileLenient, type ObjectSchema } from './lenient-body.ts';
import type { App } from './types.ts';

/**
 * The v1 routes' reading of a body before their schema checks it, in one preValidation hook per
 * route instead of three per request (docs/benchmarks.md, "What each hook costs"):
 * - a missing body reads as `{}` (empty-json.ts), so the schema names what is missing;
 * - a legacy JSON-RPC wrapper is refused (legacy-jsonrpc.ts);
 * - optional fields are read leniently (lenient-body.ts), by rules compiled once from the route's
 *   own body schema when the route is registered.
 * Installed with an onRoute hook, so it runs before any preValidation hook a route declares.
 */
export function installV1BodyReading(app: App): void {
  app.addHook('onRoute', (route) => {
    const lenient = compileLenient(route.schema?.body as ObjectSchema | undefined);
    const read = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      request.body ??= {};
      const body = request.body;
      if (isLegacyWrapper(body)) {
        done(legacyJsonRpcError());
        return;
      }
      lenient?.(body);
      done();
    };
    const own = route.preValidation;
    const hooks: preValidationHookHandler[] = own === undefined ? [] : Array.isArray(own) ? own : [own];
    route.preValidation = [read, ...hooks];
  });
}
