import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FeatureRoutes } from '../../app-context.ts';
import { attributes, html } from '../../shared/html.ts';
import { checkSignIn, readCookie, sessionCookie } from '../console-auth.ts';
import { PAGES } from '../console-pages.ts';
import { sendPage } from '../console-request.ts';
import { publicRoute, Text } from '../console-schemas.ts';
import { createSession, sameSecret } from '../session-repository.ts';
import type { SignInLimits } from '../sign-in-limits.ts';

/** Only a console path may follow a sign-in (no open redirect). */
function safeNext(next: string | undefined): string {
  return next !== undefined && /^\/admin(\/[A-Za-z0-9/_?=&%.-]*)?$/.test(next) && !next.startsWith('/admin/api')
    ? next
    : '/admin';
}

const SignInQuery = Type.Object({ next: Text(2000) });
const SignInForm = Type.Object({ login: Text(200), password: Text(1000), next: Text(2000), _csrf: Text(100) });

/** The sign-in form's own CSRF token: in a cookie for this page only and in the form; both must match. */
const SIGN_IN_COOKIE = 'staydesk_signin';

/**
 * A fresh token for the form, set as its cookie (HttpOnly, SameSite=Strict, path of this page;
 * Secure as the session cookie is), so that another site cannot sign a browser in to an
 * account of its choosing (login CSRF).
 */
function signInToken(request: FastifyRequest, reply: FastifyReply, publicBaseUrl: string): string {
  const token = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' || publicBaseUrl.startsWith('https:') ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${SIGN_IN_COOKIE}=${token}; Path=/admin/sign-in; HttpOnly; SameSite=Strict; Max-Age=3600${secure}`,
  );
  return token;
}

function form(next: string, login: string, message: string | null, csrf: string) {
  const loginInput = attributes({
    id: 'f-login',
    name: 'login',
    autocomplete: 'username',
    required: true,
    value: login,
    'aria-describedby': message !== null && 'signin-error',
  });
  const passwordInput = attributes({
    id: 'f-password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  return html`<form method="post" action="/admin/sign-in" class="signin">
${message === null ? '' : html`<p class="error" role="alert" id="signin-error">${message}</p>`}
<input type="hidden" name="next" value="${next}">
<input type="hidden" name="_csrf" value="${csrf}">
<div class="field"><label for="f-login">Login</label><input${loginInput}></div>
<div class="field"><label for="f-password">Password</label><input${passwordInput}></div>
<button type="submit">Sign in</button>
</form>`;
}

/**
 * GET/POST /admin/sign-in: a session for a console user. The form carries its own CSRF token;
 * failed attempts are limited and slowed.
 */
export function signInRoutes(limits: SignInLimits): FeatureRoutes {
  return async (app, { ctx }) => {
    const page = (request: FastifyRequest, reply: FastifyReply, next: string, login: string, message: string | null) =>
      form(next, login, message, signInToken(request, reply, ctx.config.publicBaseUrl));

    app.get(PAGES['sign-in'].path, publicRoute({ querystring: SignInQuery }), async (request, reply) =>
      sendPage(request, reply, 'Sign in', null, page(request, reply, safeNext(request.query.next), '', null)),
    );

    app.post(PAGES['sign-in'].path, publicRoute({ body: SignInForm }), async (request, reply) => {
      const body = request.body;
      const login = (body.login ?? '').trim();
      const next = safeNext(body.next);
      const cookie = readCookie(request, SIGN_IN_COOKIE);
      if (cookie === null || body._csrf === undefined || !sameSecret(body._csrf, cookie)) {
        const message = 'This sign-in form has expired or did not come from this site; sign in again.';
        return sendPage(request, reply, 'Sign in', null, page(request, reply, next, login, message), 403);
      }
      const result = await checkSignIn(ctx, limits, { login, password: body.password ?? '', ip: request.ip });
      if (!result.ok)
        return sendPage(
          request,
          reply,
          'Sign in',
          null,
          page(request, reply, next, login, result.message),
          result.status,
        );
      const token = await createSession(ctx.db, result.userId, ctx.now());
      return reply
        .code(303)
        .header('set-cookie', [
          sessionCookie(request, token, ctx.config.publicBaseUrl),
          `${SIGN_IN_COOKIE}=; Path=/admin/sign-in; HttpOnly; SameSite=Strict; Max-Age=0`,
        ])
        .header('location', next)
        .send();
    });
  };
}
