import type { FeatureRoutes } from '../../app-context.ts';
import { checkSignIn, sessionCookie } from '../console-auth.ts';
import { formOf, sendPage } from '../console-request.ts';
import { html } from '../../shared/html.ts';
import { createSession } from '../session-repository.ts';
import type { SignInLimits } from '../sign-in-limits.ts';

/** Only a console path may follow a sign-in (no open redirect). */
function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/admin(\/[A-Za-z0-9/_?=&%.-]*)?$/.test(next) && !next.startsWith('/admin/api')
    ? next
    : '/admin';
}

function form(next: string, login: string, message: string | null) {
  return html`<form method="post" action="/admin/sign-in" class="signin">
${message === null ? '' : html`<p class="error" role="alert" id="signin-error">${message}</p>`}
<input type="hidden" name="next" value="${next}">
<div class="field"><label for="f-login">Login</label><input id="f-login" name="login" autocomplete="username" required value="${login}"${message === null ? '' : html` aria-describedby="signin-error"`}></div>
<div class="field"><label for="f-password">Password</label><input id="f-password" name="password" type="password" autocomplete="current-password" required></div>
<button type="submit">Sign in</button>
</form>`;
}

/** GET/POST /admin/sign-in: a session for a console user; failed attempts are limited and slowed. */
export function signInRoutes(limits: SignInLimits): FeatureRoutes {
  return async (app, { ctx }) => {
    app.get('/sign-in', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      return sendPage(request, reply, 'Sign in', null, form(safeNext(query.next), '', null));
    });

    app.post('/sign-in', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const body = formOf(request);
      const login = (body.login ?? '').trim();
      const next = safeNext(body.next);
      const result = await checkSignIn(ctx, limits, { login, password: body.password ?? '', ip: request.ip });
      if (!result.ok)
        return sendPage(request, reply, 'Sign in', null, form(next, login, result.message), result.status);
      const token = await createSession(ctx.db, result.userId, ctx.now());
      return reply
        .code(303)
        .header('set-cookie', sessionCookie(request, token, ctx.config.publicBaseUrl))
        .header('location', next)
        .send();
    });
  };
}
