import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.ts';
import { requireKey } from './auth/require-key.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { availabilityRoutes } from './availability/availability-routes.ts';
import { bookingRoutes } from './bookings/booking-routes.ts';
import { calendarRoutes } from './calendar/calendar-routes.ts';
import { SERVICE_VERSION } from './diagnostics/diagnostics.ts';
import { diagnosticsRoutes } from './diagnostics/diagnostics-routes.ts';
import { icalExportRoutes } from './ical/ical-export-routes.ts';
import { invoiceRoutes } from './invoices/invoice-routes.ts';
import { paymentRoutes } from './payments/payment-routes.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';
import { frameworkErrorHandler, installErrorHandling } from './http/error-handler.ts';
import { refuseNulCharacters } from './http/text-guard.ts';
import type { App, RouteInfo } from './http/types.ts';
import { opsRoutes } from './ops/ops-routes.ts';


const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

function openapiInfo(ctx: AppContext) {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Staydesk API',
        version: SERVICE_VERSION,
        description: `Booking service for holiday rentals. Versioned endpoints live under /api/v1/${ctx.config.slug}/.`,
      },
      servers: [{ url: ctx.config.publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerKey: { type: 'http' as const, scheme: 'bearer', description: 'API key (admin-scoped for /admin/api)' },
          serviceSignature: {
            type: 'apiKey' as const,
            in: 'header' as const,
            name: 'X-Service-Signature',
            description: 'sha256=<hex HMAC-SHA256 of the raw body>',
          },
          stripeSignature: { type: 'apiKey' as const, in: 'header' as const, name: 'Stripe-Signature' },
        },
      },
    },
  };
}

/**
 * Builds the HTTP application: framework plugins first, then cross-cutting hooks, then each
 * feature's routes under its prefix. Starting, stopping and background jobs live in server.ts.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? {
      level: ctx.config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers["x-service-signature"]', 'req.headers["stripe-signature"]'], remove: true },
    },
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false, verbose: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  // JSON only: without this, a text/plain body would reach a route that declares no body schema.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', refuseNulCharacters);
  app.decorateRequest('apiKey', null);

  // Every route and how it authenticates, so shared tests can sweep them all.
  const routes: RouteInfo[] = [];
  app.decorate('staydeskRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, auth: route.config?.auth ?? 'public' });
    }
  });

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    ctx.metrics.httpDuration
      .labels(request.method, request.routeOptions.url ?? 'unknown', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });

  await app.register(swagger, openapiInfo(ctx));
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());

  await app.register(opsRoutes, { ctx });

  const slug = ctx.config.slug;
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', requireKey(ctx, 'api'));
      await v1.register(diagnosticsRoutes, { ctx });
      await v1.register(availabilityRoutes, { ctx });
      await v1.register(bookingRoutes, { ctx });
      await v1.register(calendarRoutes, { ctx });
    },
    { prefix: `/api/v1/${slug}` },
  );
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', requireKey(ctx, 'admin'));
      await admin.register(adminRoutes, { ctx });
    },
    { prefix: '/admin/api' },
  );
  await app.register(webhookRoutes, { ctx, prefix: `/${slug}/webhook` });
  await app.register(paymentRoutes, { ctx, prefix: `/${slug}/api/payment` });
  await app.register(invoiceRoutes, { ctx, prefix: `/${slug}/invoices` });
  await app.register(icalExportRoutes, { ctx, prefix: `/${slug}/ical` });

  return app;
}
