import type { StaticDocumentSpec } from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import type { App } from '../http/types.ts';

/**
 * The page runs on the console's origin: only its own scripts and styles (Swagger UI sets
 * style attributes), calls to this origin only, and no framing by other pages (clickjacking).
 */
const DOCS_SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Response headers the outer server sets itself. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * GET /docs: the interactive API page (@fastify/swagger-ui) over the app's OpenAPI document.
 * The page and its static files are loaded on the first visit, not at start: they are a few MB
 * of memory that most installations never use. Until then only these two routes exist; the
 * first request builds a small inner Fastify instance with swagger-ui, and every /docs request
 * is answered by it (in-process, through inject).
 */
export function installDocsPage(app: App): void {
  let inner: Promise<FastifyInstance> | null = null;
  const load = async (): Promise<FastifyInstance> => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    const docs = Fastify({ logger: false });
    // The app's document, complete once the app is ready, served as is by the inner instance.
    await docs.register(swagger, {
      mode: 'static',
      specification: { document: app.swagger() as StaticDocumentSpec['document'] },
    });
    await docs.register(swaggerUi, { routePrefix: '/docs' });
    await docs.ready();
    return docs;
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    inner ??= load().catch((error: unknown) => {
      inner = null;
      throw error;
    });
    const docs = await inner;
    const res = await docs.inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    // A file the page does not have is answered like any unknown route.
    if (res.statusCode === 404)
      throw notFound('unknown_route', `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`);
    reply.code(res.statusCode);
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    return reply.headers(DOCS_SECURITY_HEADERS).send(res.rawPayload);
  };
  const options = { schema: { hide: true }, config: { auth: 'public' as const } };
  app.get('/docs', options, handler);
  app.get('/docs/*', options, handler);
}
