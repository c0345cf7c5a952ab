import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FeatureRoutes } from '../app-context.ts';
import { isAppError } from '../http/errors.ts';
import { html, type Html } from '../shared/html.ts';
import { requireCsrf, requireSession, sessionCookie } from './console-auth.ts';
import { sendPage, session } from './console-request.ts';
import { sessionRoute } from './console-schemas.ts';
import { accommodationPages } from './pages/accommodations.ts';
import { bookingDeskPages } from './pages/booking-desk-page.ts';
import { bookingGuestPages } from './pages/booking-guest-form.ts';
import { bookingPages } from './pages/bookings.ts';
import { bookingMoneyPages } from './pages/booking-money.ts';
import { calendarPage } from './pages/calendar.ts';
import { confirmPage } from './pages/confirm.ts';
import { endpointPages } from './pages/endpoints.ts';
import { outboxPage } from './pages/outbox.ts';
import { bookingMessagePages } from './pages/booking-messages.ts';
import { bookingGuestPagePages } from './pages/booking-guest-page.ts';
import { bookingGuestDataPages } from './pages/booking-guest-data.ts';
import { messagesPage } from './pages/messages.ts';
import { reportsPage } from './pages/reports.ts';
import { documentsPage } from './pages/documents.ts';
import { registrationsPage } from './pages/registrations.ts';
import { integrationPages } from './pages/integrations.ts';
import { settingsPages } from './pages/settings.ts';
import { setupRoutes } from './pages/setup.ts';
import { signInRoutes } from './pages/sign-in.ts';
import { todayPage } from './pages/today.ts';
import { tasksPages } from './pages/tasks.ts';
import { fieldMessages } from './schema-errors.ts';
import { deleteSession } from './session-repository.ts';
import { takeFlash } from './flash.ts';
import { mailHealth } from '../mail/mail-health.ts';
import { createSignInLimits } from './sign-in-limits.ts';
import { homeZones } from './console-queries.ts';
import { may } from '../users/permissions.ts';
import { pageUrl } from './console-pages.ts';

const ASSETS = join(import.meta.dirname, 'assets');
const CSS = readFileSync(join(ASSETS, 'console.css'), 'utf8');
const JS = readFileSync(join(ASSETS, 'console.js'), 'utf8');
const ICON = readFileSync(join(ASSETS, 'icon.svg'), 'utf8');

const SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    "style-src 'self'",
    "script-src 'self'",
    "img-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "connect-src 'self'",
  ].join('; '),
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

/**
 * A GET form sends its empty fields too (`?q=&status=`): an empty value of a query parameter
 * means "not given", so it is dropped before the route's schema checks the query string.
 */
const dropEmptyQueryValues: preValidationAsyncHookHandler = async (request) => {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return;
  for (const [name, value] of Object.entries(query)) if (value === '') Reflect.deleteProperty(query, name);
};

function problemPage(request: FastifyRequest, reply: FastifyReply, status: number, message: Html | string) {
  const title = status === 404 ? 'Not found' : status >= 500 ? 'Error' : 'Not possible';
  const body = html`<div class="error" role="alert">${message}</div><p><a href="/admin">Back to Today</a></p>`;
  return sendPage(request, reply, title, null, body, status);
}

/**
 * The console's answer to an error: a page, never the API's JSON envelope. A path whose
 * parameters do not fit its schema names no page (404); a query string or form that does not fit
 * is a 400 that names the field; an AppError says what was not possible; anything else is a 500
 * that says nothing of internals and is logged.
 */
function errorPage(request: FastifyRequest, reply: FastifyReply, error: FastifyError): FastifyReply {
  if (error.validation !== undefined) {
    if (error.validationContext === 'params') return problemPage(request, reply, 404, 'There is no such page.');
    const fields = Object.entries(fieldMessages(error.validation));
    const where = error.validationContext === 'querystring' ? 'The address' : 'The form';
    return problemPage(
      request,
      reply,
      400,
      html`<p>${where} has a value that cannot be used:</p>
<ul>${fields.map(([name, message]) => html`<li>${name}: ${message}</li>`)}</ul>`,
    );
  }
  if (isAppError(error)) return problemPage(request, reply, error.status, html`<p>${error.message}</p>`);
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'console page failed');
  const message =
    status >= 500 ? 'Something went wrong on our side; it has been logged.' : 'The request could not be understood.';
  return problemPage(request, reply, status, html`<p>${message}</p>`);
}

/**
 * The host's console under /admin: server-rendered pages and plain form posts (ARCHITECTURE.md#console).
 * Every page needs a session; every change also needs the session's CSRF token.
 */
export const consoleRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.decorateRequest('consoleSession', null);
  app.decorateRequest('consoleMail', null);
  app.decorateRequest('consoleFlash', null);
  app.decorateRequest('consoleZones', null);
  app.addHook('preValidation', dropEmptyQueryValues);
  // Forms only: a JSON body (of any depth) is a 415 before anything reads it.
  app.removeContentTypeParser('application/json');
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
  app.setErrorHandler((error: FastifyError, request, reply) => errorPage(request, reply, error));

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
    // The role's permission, from the table of src/users/permissions.ts: before the body is read.
    pages.addHook('onRequest', async (request, reply) => {
      const { role } = session(request).user;
      const needed = request.routeOptions.config.permission;
      if (needed !== undefined && may(role, needed)) return;
      // A cleaner's console is their tasks: Today (the console's home) leads there.
      if (request.method === 'GET' && /^\/admin\/?$/.test(request.routeOptions.url ?? '') && may(role, 'tasks'))
        return reply.code(303).header('location', pageUrl('tasks')).send();
      return problemPage(request, reply, 403, 'Your role does not open this page; ask the owner if you need it.');
    });
    // Before the schemas: a change without the session's token is refused whatever its fields.
    pages.addHook('preValidation', requireCsrf);
    // A page reads what the change before it left (flash.ts), and whether mail goes out (the banner).
    pages.addHook('preHandler', async (request, reply) => {
      // Where the homes are: every page, a form shown again with its errors too, shows their local times.
      request.consoleZones = await homeZones(ctx.db);
      if (request.method !== 'GET') return;
      takeFlash(request, reply, ctx.config.publicBaseUrl);
      request.consoleMail = await mailHealth(ctx.db, ctx.config.smtpUrl);
    });
    pages.post('/sign-out', sessionRoute('session', {}), async (request, reply) => {
      await deleteSession(ctx.db, session(request).user.sessionId);
      return reply
        .code(303)
        .header('set-cookie', sessionCookie(request, null, ctx.config.publicBaseUrl))
        .header('location', '/admin/sign-in')
        .send();
    });
    for (const routes of [
      todayPage,
      bookingPages,
      bookingMessagePages,
      bookingGuestPagePages,
      bookingGuestDataPages,
      messagesPage,
      bookingDeskPages,
      bookingMoneyPages,
      bookingGuestPages,
      calendarPage,
      tasksPages,
      reportsPage,
      documentsPage,
      registrationsPage,
      accommodationPages,
      settingsPages,
      integrationPages,
      endpointPages,
      setupRoutes,
      outboxPage,
      confirmPage,
    ]) {
      await pages.register(routes, { ctx });
    }
  });
};
