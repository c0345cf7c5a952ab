import { Type } from 'typebox';
import type { FeatureRoutes } from '../../app-context.ts';
import { attributes, html } from '../../shared/html.ts';
import { checkSignIn, sessionCookie } from '../console-auth.ts';
import { PAGES } from '../console-pages.ts';
import { sendPage } from '../console-request.ts';
import { publicRoute, Text } from '../console-schemas.ts';
import { createSession } from '../session-repository.ts';
import type { SignInLimits } from '../sign-in-limits.ts';

/** Only a console path may follow a sign-in (no open redirect). */
function safeNext(next: string | undefined): string {
  return next !== undefined && /^\/admin(\/[A-Za-z0-9/_?=&%.-]*)?$/.test(next) && !next.startsWith('/admin/api')
    ? next
    : '/admin';
}

const SignInQuery = Type.Object({ next: Text(2000) });
const SignInForm = Type.Object({ login: Text(200), password: Text(1000), next: Text(2000) });

function form(next: string, login: string, message: string | null) {
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
<div class="field"><label for="f-login">Login</label><input${loginInput}></div>
<div class="field"><label for="f-password">Password</label><input${passwordInput}></div>
<button type="submit">Sign in</button>
</form>`;
}

/** GET/POST /admin/sign-in: a session for a console user; failed attempts are limited and slowed. */
export function signInRoutes(limits: SignInLimits): FeatureRoutes {
  return async (app, { ctx }) => {
    app.get(PAGES['sign-in'].path, publicRoute({ querystring: SignInQuery }), async (request, reply) =>
      sendPage(request, reply, 'Sign in', null, form(safeNext(request.query.next), '', null)),
    );

    app.post(PAGES['sign-in'].path, publicRoute({ body: SignInForm }), async (request, reply) => {
      const body = request.body;
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
