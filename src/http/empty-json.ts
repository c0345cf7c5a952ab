import type { FastifyRequest } from 'fastify';
import type { App } from './types.ts';

/**
 * v1 callers send no bytes while still declaring JSON (the contract shows the diagnostics called
 * with `{}` or with no body), or no body at all. Within the plugin this is installed in, empty
 * bytes and a missing body read as `{}`, so the route's schema names what is missing (a
 * missing `accommodation_id`, docs/api.md#errors) instead of a `malformed_json`; anything else
 * goes through the framework's own JSON parser (prototype-poisoning checks included).
 */
export function acceptEmptyJson(app: App): void {
  // The default parser is written in callback style (request, body, done).
  const json = app.getDefaultJsonParser('error', 'error') as unknown as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    json(request, text, done);
  });
  // A call with no body (and so no content type) validates as {} too: v1-body.ts.
}
