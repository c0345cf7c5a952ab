import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Told of every answer as it is handed to Node, with how long its request took, in seconds. */
export type AnswerListener = (request: FastifyRequest, reply: FastifyReply, seconds: number) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request reached its first hook (performance.now(), ms); 0 before that. */
    receivedAt: number;
  }
}

/** Seconds since `receivedAt` (performance.now(), ms); 0 for a request that reached no hook. */
function secondsSince(receivedAt: number): number {
  return receivedAt === 0 ? 0 : (performance.now() - receivedAt) / 1000;
}

/** A payload written over time (a PDF, a CSV export): its request lasts until it has been sent. */
function isStream(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';
}

/**
 * The two hooks every request passes: one onRequest and one onSend, callback hooks, so an open
 * server pays no promise for them (docs/benchmarks.md, "What each hook costs").
 *
 * Once the server starts draining (`app.beginDrain()` on SIGTERM, or `app.close()`), a request
 * is not run, /readyz included (so it fails first): it
 * gets a 503 envelope (name INTERNAL_ERROR, code 503) with `details.reason: "shutting_down"`, Retry-After,
 * and `Connection: close`, so that the client or load balancer sends it to another process.
 * Requests already in flight finish; their answers too carry `Connection: close`, so that their
 * connections close behind them instead of idling until the keep-alive timeout and holding the
 * server open.
 *
 * Every answer also names its request (X-Request-Id) and is timed for `answered` (app.ts: the
 * request-duration metric): from the first hook until the answer is handed to Node, or for a
 * stream until it has been sent (or cut). Timing here, not in an onResponse hook, spares every
 * request the response listeners and the hook runner Fastify sets up for such a hook. A request
 * refused before its first hook (a malformed URL) is timed as 0, as Fastify's own timer would.
 */
export function installRequestHooks(app: FastifyInstance, answered: AnswerListener): void {
  let closing = false;
  // `staydesk serve` waiting for its database: only the probes are answered (server.ts).
  let holding = false;
  app.decorate('beginDrain', () => {
    closing = true;
  });
  app.decorate('holdForStore', (on: boolean) => {
    holding = on;
  });
  app.decorateRequest('receivedAt', 0);
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    request.receivedAt = performance.now();
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
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    if (closing) void reply.header('connection', 'close');
    if (isStream(payload)) {
      reply.raw.once('close', () => {
        answered(request, reply, secondsSince(request.receivedAt));
      });
    } else {
      answered(request, reply, secondsSince(request.receivedAt));
    }
    done(null, payload);
  });
}
