import type { FastifyRequest } from 'fastify';
import { vouchForNoNul } from './text-guard.ts';
import type { App } from './types.ts';

const OPEN_BRACE = 0x7b;

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
    // A body starting with "{" (every v1 body) has something to parse.
    if (text.charCodeAt(0) !== OPEN_BRACE && text.trim() === '') {
      done(null, {});
      return;
    }
    // The NUL guard (text-guard.ts) need not walk what the text shows cannot hold one.
    vouchForNoNul(request, text);
    json(request, text, done);
  });
  // A call with no body (and so no content type) validates as {} too: v1-body.ts.
}
