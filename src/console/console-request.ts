import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type AppError } from '../http/errors.ts';
import { formatter, type Formatter } from './format.ts';
import type { Html } from '../shared/html.ts';
import type { Section } from './console-pages.ts';
import { page } from './layout.ts';
import type { ConsoleUser } from './session-repository.ts';
import type { MailHealth } from '../mail/mail-health.ts';

/** A signed-in console request: the user and the session's CSRF token. */
export interface ConsoleSession {
  user: ConsoleUser;
  csrf: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
    /** Whether mail goes out, read for the banner of a page (console-routes.ts). */
    consoleMail: MailHealth | null;
    /** The time zones of the host's homes, read for the instants a page shows (console-routes.ts). */
    consoleZones: readonly string[] | null;
  }
}

/** A form's fields as sent (each route's body schema names them), to show them again beside their errors. */
export type FormBody = Readonly<Record<string, string | undefined>>;

export function session(request: FastifyRequest): ConsoleSession {
  const s = request.consoleSession;
  if (s === null) throw new Error('console route reached without a session');
  return s;
}

export function fmt(request: FastifyRequest): Formatter {
  return formatter(request.headers['accept-language'], request.consoleZones ?? []);
}

/** Sends a whole console page. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  title: string,
  section: Section | null,
  body: Html,
  status = 200,
): FastifyReply {
  const s = request.consoleSession;
  const chrome = {
    title,
    section,
    user: s === null ? null : { login: s.user.login, csrf: s.csrf, role: s.user.role },
    locale: fmt(request).locale,
    mail: request.consoleMail,
    flash: request.consoleFlash,
  };
  return reply.code(status).type('text/html; charset=utf-8').send(page(chrome, body).text);
}

/** The field an AppError is about (its details name it), or `_form` for the form as a whole. */
export function errorField(error: AppError): string {
  const d = error.details;
  const name = typeof d.field === 'string' ? d.field : typeof d.parameter === 'string' ? d.parameter : '_form';
  return name.replace(/\./g, '_');
}

/** Runs a domain action; an AppError becomes `{ errors }` for the form, anything else is rethrown. */
export async function attempt<T>(
  action: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; errors: Record<string, string>; status: number }> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    if (isAppError(error)) return { ok: false, errors: { [errorField(error)]: error.message }, status: error.status };
    throw error;
  }
}

/** After a successful change: back to a page (POST, then redirect, then GET). */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).send();
}
