import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './console-auth.ts';

/**
 * What a change tells the page it redirects to (POST, redirect, GET: a reload never repeats the
 * change). A notice the page knows by name travels as `?done=`; anything else — why an action was
 * refused, what a feed pull did, or a secret shown once — travels in a short-lived cookie that
 * the next page reads and clears. The cookie is HttpOnly, SameSite=Strict, path /admin, lives two
 * minutes, and is Secure on https: the secret it may carry is on its way to that browser anyway,
 * and it works whichever server process answers the GET. Nothing of it is logged.
 */
export interface Flash {
  notice?: string;
  error?: string;
  secret?: { label: string; value: string };
}

const FLASH_COOKIE = 'staydesk_flash';

declare module 'fastify' {
  interface FastifyRequest {
    consoleFlash: Flash | null;
  }
}

function cookie(request: FastifyRequest, value: string, publicBaseUrl: string, maxAge: number): string {
  const secure = request.protocol === 'https' || publicBaseUrl.startsWith('https:') ? '; Secure' : '';
  return `${FLASH_COOKIE}=${value}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

function parse(text: string | null): Flash | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const flash: Flash = {};
    if (typeof v.notice === 'string') flash.notice = v.notice.slice(0, 2000);
    if (typeof v.error === 'string') flash.error = v.error.slice(0, 2000);
    const s = v.secret as Record<string, unknown> | undefined;
    if (typeof s === 'object' && s !== null && typeof s.label === 'string' && typeof s.value === 'string')
      flash.secret = { label: s.label.slice(0, 200), value: s.value.slice(0, 2000) };
    return flash;
  } catch {
    return null;
  }
}

/** Reads the flash a change left for this page, and clears it so a reload shows it no more. */
export function takeFlash(request: FastifyRequest, reply: FastifyReply, publicBaseUrl: string): void {
  const text = readCookie(request, FLASH_COOKIE);
  if (text === null) return;
  request.consoleFlash = parse(text);
  void reply.header('set-cookie', cookie(request, '', publicBaseUrl, 0));
}

/** Answers a change with a redirect (303) to `location`, leaving `flash` for that page. */
export function redirectWith(
  request: FastifyRequest,
  reply: FastifyReply,
  location: string,
  flash: Flash,
  publicBaseUrl: string,
): FastifyReply {
  const value = Buffer.from(JSON.stringify(flash), 'utf8').toString('base64url');
  return reply
    .code(303)
    .header('set-cookie', cookie(request, value, publicBaseUrl, 120))
    .header('location', location)
    .send();
}
