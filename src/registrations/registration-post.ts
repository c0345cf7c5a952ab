import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/store.ts';
import { ok, requestMetadata } from '../http/envelope.ts';
import type { GuestLanguage } from '../shared/guest-language.ts';
import type { Html } from '../shared/html.ts';
import { renderRegistrationForm } from './registration-form.ts';
import { registrationJson } from './registration-json.ts';
import { registrationOfForm, registrationOfJson } from './parse-registration.ts';
import { registrationRefusal, saveRegistration } from './save-registration.ts';

/**
 * `POST /guest/<token>/registration` once the guest page has found the booking of its token: the
 * page's form or the JSON body, saved by saveRegistration. JSON: 200 with the check-in as the
 * admin API shows it (registration-json.ts), or the 400 of registrationRefusal. Form: a 303 back
 * to the page when saved; the page again with the form, its values and why each refused field
 * was refused (400) when not.
 */

/** What the guest page hands over for the form's answer. */
export interface RegistrationPage {
  language: GuestLanguage;
  /** Where the form posts (this route's own path). */
  action: string;
  /** Where a saved form goes: the guest page, e.g. `/guest/<token>#check-in`. */
  savedUrl: string;
  /** Today where the home is (`YYYY-MM-DD`), the latest birth date the form offers. */
  today?: string;
  /** The guest page around the check-in form that was refused. */
  render(form: Html): Promise<Html | string> | Html | string;
  /** Fields of the page's own posted with the form. */
  hidden?: Readonly<Record<string, string>>;
}

export interface RegistrationContext {
  readonly db: Db;
  now(): Date;
}

/** Whether the request's body is JSON (anything else is read as the page's form). */
export const isJsonRequest = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').toLowerCase().split(';')[0]?.trim() === 'application/json';

/** Answers the guest route for booking `bookingId`; the route itself is one line of the guest page. */
export async function postRegistration(
  ctx: RegistrationContext,
  bookingId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  page: RegistrationPage,
): Promise<FastifyReply> {
  const json = isJsonRequest(request);
  const body: unknown = request.body;
  const form = typeof body === 'string' || (typeof body === 'object' && body !== null) ? body : '';
  const parsed = json
    ? registrationOfJson(body)
    : registrationOfForm(form as string | Readonly<Record<string, unknown>>);
  const outcome = await saveRegistration(ctx.db, bookingId, parsed.input, ctx.now(), parsed.errors);
  if (json) {
    if (!outcome.saved) throw registrationRefusal(outcome.errors);
    const { adults, children } = outcome.party;
    return reply.send(ok(registrationJson(adults + children, outcome.registration), requestMetadata(request.id)));
  }
  if (outcome.saved) return reply.redirect(page.savedUrl, 303);
  const refused = renderRegistrationForm({
    language: page.language,
    action: page.action,
    ...outcome.party,
    values: parsed.input,
    errors: outcome.errors,
    ...(page.today === undefined ? {} : { today: page.today }),
    ...(page.hidden === undefined ? {} : { hidden: page.hidden }),
  });
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(String(await page.render(refused)));
}
