import { tasksFeedRoutes } from './team/tasks-feed-routes.ts';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { fastifySwagger, type SwaggerTransformObject } from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { AppContext } from './app-context.ts';
import { requireKey } from './auth/require-key.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { availabilityRoutes } from './availability/availability-routes.ts';
import { bookingRoutes } from './bookings/booking-routes.ts';
import { calendarRoutes } from './calendar/calendar-routes.ts';
import { consoleRoutes } from './console/console-routes.ts';
import { SERVICE_VERSION } from './diagnostics/diagnostics.ts';
import { calendarDiagnosticsRoutes } from './diagnostics/calendar-diagnostics-routes.ts';
import { diagnosticsRoutes } from './diagnostics/diagnostics-routes.ts';
import { icalExportRoutes } from './ical/ical-export-routes.ts';
import { invoiceRoutes } from './invoices/invoice-routes.ts';
import { paymentRoutes } from './payments/payment-routes.ts';
import { testPaymentRoutes } from './payments/test-payment-routes.ts';
import { reportRoutes } from './reports/report-routes.ts';
import { registrationRoutes } from './authorities/registration-routes.ts';
import { privacyRoutes } from './privacy/privacy-routes.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';
import { adminEndpointRoutes } from './endpoints/admin-endpoint-routes.ts';
import { partnerEventRoutes } from './endpoints/partner-routes.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { frameworkErrorHandler, installErrorHandling } from './http/error-handler.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { newRequestId } from './http/request-ids.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { reshapeDocument } from './http/openapi-document.ts';
import { operationExamples } from './http/openapi-operations.ts';
import { NAMED_SCHEMAS } from './openapi-schemas.ts';
import { lazySchemaCompilers } from './http/lazy-schemas.ts';
import { installRequestHooks } from './http/shutting-down.ts';
import { acceptEmptyJson } from './http/empty-json.ts';
import { installV1BodyReading } from './http/v1-body.ts';
import { refuseNulCharacters } from './http/text-guard.ts';
import type { App, RouteInfo } from './http/types.ts';
import { installRateLimits } from './limits/rate-limits.ts';
import { guestPageRoutes } from './guest-page/guest-page-routes.ts';
import { installDocsPage } from './ops/docs-page.ts';
import { opsRoutes } from './ops/ops-routes.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface BuildOptions {
  /** `false` turns logging off; by default the app logs JSON lines at LOG_LEVEL to stdout. */
  logger?: false;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * A request whose headers and body have not all arrived within the timeout gets a JSON 408 (the
 * `clientErrorHandler`), so slow clients cannot hold connections open. Node checks at an interval,
 * so it is a fraction of the timeout. 0 leaves Node's own limits (5 minutes for a request).
 */
function timeouts(seconds: number): { requestTimeout?: number; http?: ServerOptions } {
  if (seconds === 0) return {};
  const ms = seconds * 1000;
  return {
    requestTimeout: ms,
    http: {
      headersTimeout: Math.min(ms, 60_000),
      connectionsCheckingInterval: Math.min(Math.max(Math.floor(ms / 4), 250), 30_000),
    },
  };
}

/** `/path/{param}` as the OpenAPI document spells a route's URL. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type OperationBodies = Record<string, Record<string, { requestBody?: { required?: boolean } } | undefined> | undefined>;

function markOptionalBodies(document: { paths?: unknown }, optionalBodies: ReadonlySet<string>): void {
  for (const [path, item] of Object.entries((document.paths ?? {}) as OperationBodies)) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const body = operation?.requestBody;
      if (body !== undefined && optionalBodies.has(`${method.toUpperCase()} ${path}`)) body.required = false;
    }
  }
}

/** Whether a route sits behind one of the request-rate limits (rate-limits.ts). */
function isRateLimited(url: string, slug: string): boolean {
  return [`/api/v1/${slug}/`, '/admin/api/', `/${slug}/webhook/`, `/${slug}/api/payment/`, `/${slug}/invoices/`]
    .concat(`/${slug}/ical/`, `/${slug}/tasks/`)
    .some((prefix) => url.startsWith(prefix));
}

function openapiInfo(ctx: AppContext, optionalBodies: ReadonlySet<string>, routes: readonly RouteInfo[]) {
  return {
    transformObject: (document: Parameters<SwaggerTransformObject>[0]) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      // @fastify/swagger marks every request body as required; a few routes take an optional one.
      markOptionalBodies(document.openapiObject, optionalBodies);
      const facts = new Map(
        routes.map((r) => [
          `${r.method} ${openApiPath(r.url)}`,
          { auth: r.auth, rateLimited: isRateLimited(r.url, ctx.config.slug) },
        ]),
      );
      // Names, per-route errors, headers, components and examples (http/openapi-document.ts).
      return reshapeDocument(document.openapiObject, {
        slug: ctx.config.slug,
        routes: facts,
        named: NAMED_SCHEMAS,
        examples: operationExamples(ctx.now()),
      }) as typeof document.openapiObject;
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Staydesk API',
        version: SERVICE_VERSION,
        description: `Booking service for holiday rentals. Versioned endpoints live under /api/v1/${ctx.config.slug}/.`,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
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
          // Declared only when set: /metrics is open without it.
          ...(ctx.config.metricsToken === null
            ? {}
            : {
                metricsToken: { type: 'http' as const, scheme: 'bearer', description: 'METRICS_TOKEN, for /metrics' },
              }),
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
  // Fastify binds the client-error handler to the instance; only its logger is used.
  const answerClientError = function (this: unknown, error: Error & { code?: string }, socket: Socket): void {
    clientErrorHandler(app.log, error, socket);
  };
  const app = Fastify({
    logger: options.logger ?? {
      level: ctx.config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-service-signature"]', 'req.headers["stripe-signature"]'],
        remove: true,
      },
      // Invoice and calendar tokens in paths, secrets in query strings: src/http/log-redaction.ts.
      serializers: { req: requestSerializer(ctx.config.slug) },
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
    },
    bodyLimit: 1024 * 1024,
    ...timeouts(ctx.config.limits.requestTimeoutSeconds),
    clientErrorHandler: answerClientError,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Requests that arrive while the server drains get the JSON envelope (shutting-down.ts).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    // One line per request, on completion, naming the request (request-log.ts).
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    },
    // Each route's validator and serializer are compiled on its first request (lazy-schemas.ts).
    schemaController: { compilersFactory: lazySchemaCompilers() },
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
        allErrors: false,
        verbose: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app, ctx.store.health);
  ctx.store.health.attach(app.log);
  // The drain and the wait for the store, X-Request-Id, and every request's duration in the
  // metrics (shutting-down.ts).
  installRequestHooks(app, (request, reply, seconds) => {
    ctx.metrics.httpDuration.record(request.method, request.routeOptions.url ?? 'unknown', reply.statusCode, seconds);
  });
  // JSON only: without this, a text/plain body would reach a route that declares no body schema.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', refuseNulCharacters);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('bodyFreeOfNul', false);

  // Every route and how it authenticates, so shared tests can sweep them all.
  const routes: RouteInfo[] = [];
  const optionalBodies = new Set<string>();
  app.decorate('staydeskRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        const permission = route.config?.permission;
        routes.push({
          method,
          url: route.url,
          auth: route.config?.auth ?? 'public',
          ...(permission && { permission }),
        });
      }
      if (route.config?.optionalBody === true) optionalBodies.add(`${method} ${openApiPath(route.url)}`);
    }
  });

  // The OpenAPI document, collected by @fastify/swagger from the routes registered after it.
  await app.register(fastifySwagger, openapiInfo(ctx, optionalBodies, routes));
  installDocsPage(app);
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());

  await app.register(opsRoutes, { ctx });
  const limits = await installRateLimits(app, ctx);

  const slug = ctx.config.slug;
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', limits.guardAuth(requireKey(ctx, 'api')));
      if (limits.perKey !== null) v1.addHook('onRequest', limits.perKey);
      acceptEmptyJson(v1);
      // A missing body as {}, legacy JSON-RPC refused, optional fields read leniently: one hook.
      installV1BodyReading(v1);
      await v1.register(diagnosticsRoutes, { ctx });
      await v1.register(calendarDiagnosticsRoutes, { ctx });
      await v1.register(availabilityRoutes, { ctx });
      await v1.register(bookingRoutes, { ctx });
      await v1.register(calendarRoutes, { ctx });
      await v1.register(partnerEventRoutes, { ctx });
      await v1.register(testPaymentRoutes, { ctx });
    },
    { prefix: `/api/v1/${slug}` },
  );
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', limits.guardAuth(requireKey(ctx, 'admin')));
      if (limits.perKey !== null) admin.addHook('onRequest', limits.perKey);
      await admin.register(adminRoutes, { ctx });
      await admin.register(reportRoutes, { ctx });
      await admin.register(registrationRoutes, { ctx });
      await admin.register(privacyRoutes, { ctx });
      await admin.register(adminEndpointRoutes, { ctx });
    },
    { prefix: '/admin/api' },
  );
  // The host's console: its own session cookie, never an API key (docs/decisions.md#console).
  await app.register(consoleRoutes, { ctx, prefix: '/admin' });
  // The public routes callers reach without a key: limited per client address.
  await app.register(async (pub) => {
    if (limits.publicPerIp !== null) pub.addHook('onRequest', limits.publicPerIp);
    await pub.register(webhookRoutes, { ctx, prefix: `/${slug}/webhook` });
    await pub.register(paymentRoutes, { ctx, prefix: `/${slug}/api/payment` });
    await pub.register(invoiceRoutes, { ctx, prefix: `/${slug}/invoices` });
  });
  // Guests' pages: their token is the credential, so guessing is limited per address.
  await app.register(guestPageRoutes(limits.guestPagePerIp), { ctx });
  // Exported calendars: channels poll them, so they have a per-address limit of their own.
  await app.register(async (exports) => {
    if (limits.icalExportPerIp !== null) exports.addHook('onRequest', limits.icalExportPerIp);
    await exports.register(icalExportRoutes, { ctx, prefix: `/${slug}/ical` });
    await exports.register(tasksFeedRoutes, { ctx, prefix: `/${slug}/tasks` });
  });

  return app;
}
