import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FeatureRoutes } from '../app-context.ts';
import { isAppError } from '../http/errors.ts';
import { requireCsrf, requireSession, sessionCookie } from './console-auth.ts';
import { sendPage, session } from './console-request.ts';
import { html } from './html.ts';
import { accommodationPages } from './pages/accommodations.ts';
import { bookingPages } from './pages/bookings.ts';
import { calendarPage } from './pages/calendar.ts';
import { outboxPage } from './pages/outbox.ts';
import { settingsPages } from './pages/settings.ts';
import { signInRoutes } from './pages/sign-in.ts';
import { todayPage } from './pages/today.ts';
import { deleteSession } from './session-repository.ts';
import { createSignInLimits } from './sign-in-limits.ts';

const ASSETS = join(import.meta.dirname, 'assets');
const CSS = readFileSync(join(ASSETS, 'console.css'), 'utf8');
const JS = readFileSync(join(ASSETS, 'console.js'), 'utf8');
const ICON = readFileSync(join(ASSETS, 'icon.svg'), 'utf8');

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(body)) out[key] = value;
  return out;
}

function errorPage(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (isAppError(error))
    return sendPage(
      request,
      reply,
      'Not possible',
      null,
      html`<p class="error" role="alert">${error.message}</p><p><a href="/admin">Back to Today</a></p>`,
      error.status,
    );
  const status =
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
      ? (error as { statusCode: number }).statusCode
      : 500;
  if (status >= 500) request.log.error({ err: error }, 'console page failed');
  const message =
    status >= 500 ? 'Something went wrong on our side; it has been logged.' : 'The request could not be understood.';
  return sendPage(
    request,
    reply,
    'Error',
    null,
    html`<p class="error" role="alert">${message}</p><p><a href="/admin">Back to Today</a></p>`,
    status,
  );
}

/**
 * The host's console under /admin: server-rendered pages and plain form posts (ARCHITECTURE.md#console). Every page needs a session; every change also needs the session's CSRF token.
 */
export const consoleRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.decorateRequest('consoleSession', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );
  app.addHook('onSend', async (_request, reply) => {
    void reply.headers(SECURITY_HEADERS);
  });
  app.setErrorHandler((error, request, reply) => errorPage(request, reply, error));

  app.get('/assets/console.css', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CSS),
  );
  app.get('/assets/console.js', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(JS),
  );
  app.get('/assets/icon.svg', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').send(ICON),
  );
  await app.register(signInRoutes(createSignInLimits()), { ctx });

  await app.register(async (pages) => {
    pages.addHook('onRequest', requireSession(ctx));
    pages.addHook('preHandler', requireCsrf);
    pages.post('/sign-out', { config: { auth: 'session' }, schema: { hide: true } }, async (request, reply) => {
      await deleteSession(ctx.db, session(request).user.sessionId);
      return reply
        .code(303)
        .header('set-cookie', sessionCookie(request, null, ctx.config.publicBaseUrl))
        .header('location', '/admin/sign-in')
        .send();
    });
    for (const routes of [todayPage, bookingPages, calendarPage, accommodationPages, settingsPages, outboxPage]) {
      await pages.register(routes, { ctx });
    }
  });
};
