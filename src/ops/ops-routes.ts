import { Type } from 'typebox';
import type { Store } from '../db/store.ts';
import type { RoutesWith } from '../http/types.ts';
import type { Metrics } from './metrics.ts';

/** Process health, store readiness and Prometheus metrics: unauthenticated and secret-free. */
export const opsRoutes: RoutesWith<{ readonly store: Store; readonly metrics: Metrics }> = async (app, { ctx }) => {
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
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
      schema: {
        tags: ['operations'],
        summary: 'The store answers',
        response: {
          200: Type.Object({ status: Type.Literal('ready'), store: Type.String() }),
          503: Type.Object({ status: Type.Literal('unavailable'), store: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ctx.store.ping();
        return { status: 'ready' as const, store: ctx.store.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'store not reachable');
        return reply.status(503).send({ status: 'unavailable' as const, store: ctx.store.kind });
      }
    },
  );

  app.get(
    '/metrics',
    { config: { auth: 'public' }, schema: { tags: ['operations'], summary: 'Prometheus metrics', produces: ['text/plain'] } },
    async (_request, reply) => {
      const body = await ctx.metrics.registry.metrics();
      return reply.type(ctx.metrics.registry.contentType).send(body);
    },
  );
};
