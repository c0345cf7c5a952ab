import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { csrfTokenFor, findConsoleUserByLogin, findSession, sameSecret, SESSION_HOURS } from './session-repository.ts';
import type { SignInLimits } from './sign-in-limits.ts';

export const SESSION_COOKIE = 'staydesk_session';
/** A failed sign-in answers no sooner than this, so guessing is slow even below the limits. */
export const FAILED_SIGN_IN_DELAY_MS = 400;

export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * HttpOnly, SameSite=Strict, path /admin; Secure when the request came over https, or when the
 * service's public address is https (TLS ended by a proxy in front of it).
 */
export function sessionCookie(request: FastifyRequest, token: string | null, publicBaseUrl: string): string {
  const secure = request.protocol === 'https' || publicBaseUrl.startsWith('https:') ? '; Secure' : '';
  const life = token === null ? 'Max-Age=0' : `Max-Age=${SESSION_HOURS * 3600}`;
  return `${SESSION_COOKIE}=${token ?? ''}; Path=/admin; HttpOnly; SameSite=Strict; ${life}${secure}`;
}

/**
 * Admits a request with a live session cookie. Without one, a page (GET) redirects to the
 * sign-in page and anything else answers 401. The session cookie is the only way in: an API key
 * does not open the console (docs/decisions.md#console).
 */
export function requireSession(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readCookie(request, SESSION_COOKIE);
    const user = token === null ? undefined : await findSession(ctx.db, token, ctx.now());
    if (token === null || user === undefined) {
      if (token !== null) void reply.header('set-cookie', sessionCookie(request, null, ctx.config.publicBaseUrl));
      if (request.method === 'GET') {
        const next = encodeURIComponent(request.url);
        await reply.code(303).header('location', `/admin/sign-in?next=${next}`).send();
      } else {
        await reply.code(401).type('text/plain; charset=utf-8').send('Sign in first.');
      }
      return reply;
    }
    request.consoleSession = { user, csrf: csrfTokenFor(token) };
  };
}

/**
 * Every change (any method but GET) must carry the session's CSRF token in the `_csrf` field. It
 * runs before the route's schema checks the form, so a change without the token is refused
 * whatever else it sends.
 */
export const requireCsrf: preHandlerAsyncHookHandler = async (request, reply) => {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const body = request.body;
  const sent = typeof body === 'object' && body !== null && '_csrf' in body ? body._csrf : undefined;
  const expected = request.consoleSession?.csrf;
  if (typeof sent !== 'string' || expected === undefined || !sameSecret(sent, expected)) {
    await reply
      .code(403)
      .type('text/plain; charset=utf-8')
      .send('This form has expired or did not come from the console; reload the page and try again.');
    return reply;
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * Checks a login and password against the console users (role admin), within the failed-sign-in
 * limits. Returns the user id, or a message for the sign-in page.
 */
export async function checkSignIn(
  ctx: AppContext,
  limits: SignInLimits,
  input: { login: string; password: string; ip: string },
): Promise<{ ok: true; userId: number } | { ok: false; message: string; status: number }> {
  const now = Date.now();
  const wait = limits.reserve(input.login, input.ip, now);
  if (wait > 0) {
    return {
      ok: false,
      status: 429,
      message: `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
    };
  }
  const user = await findConsoleUserByLogin(ctx.db, input.login);
  // An unknown login costs the same scrypt as a known one, so timing does not tell them apart.
  dummyHash ??= hashPassword('not a password of anyone');
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
  if (user === undefined || !valid) {
    await delay(FAILED_SIGN_IN_DELAY_MS);
    return { ok: false, status: 401, message: 'The login or password is wrong.' };
  }
  limits.recordSuccess(input.login, input.ip, now);
  return { ok: true, userId: user.id };
}
