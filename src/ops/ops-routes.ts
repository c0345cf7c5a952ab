import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import type { Config } from '../config/config.ts';
import type { Store } from '../db/store.ts';
import { bearerToken } from '../http/bearer-token.ts';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import { unauthorized } from '../http/errors.ts';
import type { RoutesWith } from '../http/types.ts';
import type { Metrics } from './metrics.ts';

/**
 * The probes' answers are fixed objects of one or two strings: JSON.stringify writes them exactly
 * as the compiled serializer would, and a server that only answers probes never loads Ajv (which
 * fast-json-stringify needs) or compiles anything.
 */
const plainJson =
  () =>
  (data: unknown): string =>
    JSON.stringify(data);

/**
 * How long /readyz waits for the store's answer, through the connections requests use: a store
 * that does not answer it this fast is not ready, even while no request has failed yet.
 */
const READY_TIMEOUT_MS = 2000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Constant-time: both sides are hashed first, so their lengths never differ. */
function sameToken(sent: string, expected: string): boolean {
  return timingSafeEqual(sha256(sent), sha256(expected));
}

/**
 * Process health, store readiness and Prometheus metrics: secret-free. /metrics needs
 * `Authorization: Bearer <METRICS_TOKEN>` when that variable is set, and is open otherwise.
 */
export const opsRoutes: RoutesWith<{
  readonly store: Store;
  readonly metrics: Metrics;
  readonly config: Pick<Config, 'metricsToken'>;
}> = async (app, { ctx }) => {
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      serializerCompiler: plainJson,
      schema: {
        tags: ['operations'],
        summary: 'The process is up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      serializerCompiler: plainJson,
      schema: {
        tags: ['operations'],
        summary: 'The store answers and can be written',
        description:
          '503 while the database cannot be reached or written (e.g. its disk is full), and while the server drains.',
        response: {
          200: Type.Object({ status: Type.Literal('ready'), store: Type.String() }),
          503: Type.Object({ status: Type.Literal('unavailable'), store: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      // A failing store is probed by its health (store-health.ts), which logs the cause once.
      let ready = ctx.store.health.failing === null;
      if (ready) {
        try {
          await ctx.store.ping(READY_TIMEOUT_MS);
        } catch (error) {
          ready = false;
          ctx.store.health.noteFault(error);
        }
      }
      if (ready) return { status: 'ready' as const, store: ctx.store.kind };
      return reply.status(503).send({ status: 'unavailable' as const, store: ctx.store.kind });
    },
  );

  const token = ctx.config.metricsToken;
  const METRICS_TEXT = { description: 'The metrics in the Prometheus text format', type: 'string' } as const;
  app.get(
    '/metrics',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics',
        description: 'Open, unless METRICS_TOKEN is set: then send Authorization: Bearer <METRICS_TOKEN>.',
        produces: ['text/plain'],
        ...(token === null
          ? { response: { 200: METRICS_TEXT } }
          : { security: [{ metricsToken: [] }], response: { 200: METRICS_TEXT, 401: ErrorEnvelopeSchema } }),
      },
    },
    async (request, reply) => {
      if (token !== null) {
        const sent = bearerToken(request.headers.authorization);
        if (sent === null || !sameToken(sent, token)) {
          throw unauthorized(
            sent === null ? 'missing_metrics_token' : 'invalid_metrics_token',
            'Send Authorization: Bearer <METRICS_TOKEN> to read the metrics.',
          );
        }
      }
      const body = await ctx.metrics.text();
      return reply.type(ctx.metrics.registry.contentType).send(body);
    },
  );
};
