import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from './errors.ts';

/** Answered while the server waits for its database: they need none. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** What a 503 during shutdown asks the caller to wait, in seconds: another process answers. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/**
 * How long, at most, a stopping server keeps its connections open answering 503 shutting_down
 * before it closes them (server.ts): long enough for a load balancer to see /readyz fail and for
 * clients on kept-alive connections to read a `Connection: close` instead of a reset.
 */
export const DRAIN_WINDOW_MS = 2000;

/**
 * Once the server starts draining (`app.beginDrain()` on SIGTERM, or `app.close()`), a request
 * is not run, /readyz included (so it fails first): it
 * gets a 503 envelope (name INTERNAL_ERROR, code 503) with `details.reason: "shutting_down"`, Retry-After,
 * and `Connection: close`, so that the client or load balancer sends it to another process.
 * Requests already in flight finish; their answers too carry `Connection: close`, so that their
 * connections close behind them instead of idling until the keep-alive timeout and holding the
 * server open.
 */
export function refuseWhileShuttingDown(app: FastifyInstance): void {
  let closing = false;
  // `staydesk serve` waiting for its database: only the probes are answered (server.ts).
  let holding = false;
  app.decorate('beginDrain', () => {
    closing = true;
  });
  app.decorate('holdForStore', (on: boolean) => {
    holding = on;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Runs on every request: a callback hook, so an open server pays no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    if (holding && !closing && !PROBES.has(request.url)) {
      void reply.header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS));
      done(serviceUnavailable('store_unavailable', 'The service is waiting for its database; retry shortly.'));
      return;
    }
    if (!closing) {
      done();
      return;
    }
    void reply.header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS)).header('connection', 'close');
    done(serviceUnavailable('shutting_down', 'The service is shutting down; retry shortly.'));
  });
  // Runs on every answer: a callback hook, so an open server pays no promise for it. It also
  // names the request on every answer (X-Request-Id), so that each answer passes one onSend
  // hook, not two (docs/benchmarks.md, "What each hook costs").
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
