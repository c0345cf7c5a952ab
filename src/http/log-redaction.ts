import type { FastifyRequest } from 'fastify';

/**
 * Request log lines carry the URL, and some URLs are credentials: an invoice address
 * (`/<slug>/invoices/<token>`), a calendar export (`/<slug>/ical/<token>.ics`), or a key a caller
 * put in the query string. Others carry a guest's details: a search (`q`) finds bookings by name,
 * e-mail or phone, and a console page's query string is whatever its form sent. They are logged
 * with those parts replaced by `[redacted]`.
 */

export const REDACTED = '[redacted]';

/**
 * Names whose value is a secret whatever the route: ending in `key`, `token`, `secret`, ...
 * (`api_key`, `apikey`, `apiKey`, `access_token`), and short names that carry one (`k`, `s`, the
 * secret of an exported calendar link, `t`, `sig`, `code`).
 */
const SECRET_PARAMETER =
  /(key|token|secret|password|passwd|pwd|signature|auth|authorization|credential|session|jwt)s?$|^(k|s|t|p|pw|sig|code|hash)$/i;

/** Whether a field or query parameter of this name holds a secret (never logged, never echoed). */
export function isSecretName(name: string): boolean {
  return SECRET_PARAMETER.test(name);
}

/** A search's text (`?q=`) names a guest: its value is never logged, on any route. */
const PERSONAL_PARAMETER = /^q$/i;

/**
 * The console's query parameters whose values name nothing personal (filters, pages, dates,
 * ids): every other value in the query string of a console page is redacted, so that a form
 * sent by GET, now or in the future, leaves no guest's name, e-mail, phone or note in the log.
 */
const CONSOLE_PLAIN_PARAMETERS: ReadonlySet<string> = new Set([
  'accommodation',
  'accommodation_id',
  'action',
  'adults_count',
  'babies_count',
  'checkin_date',
  'checkout_date',
  'children_count',
  'done',
  'feed',
  'format',
  'from',
  'group',
  'id',
  'kind',
  'month',
  'page',
  'payment',
  'sort',
  'status',
  'to',
]);

/** Whether a path is a console page (`/admin`, `/admin/...`), not the admin API (`/admin/api/...`). */
function isConsolePath(path: string): boolean {
  const p = path.toLowerCase();
  return (p === '/admin' || p.startsWith('/admin/')) && p !== '/admin/api' && !p.startsWith('/admin/api/');
}

function redactQuery(query: string, onConsole: boolean): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A badly encoded name is matched as sent.
      }
      const hidden = onConsole
        ? !CONSOLE_PLAIN_PARAMETERS.has(name)
        : isSecretName(name) || PERSONAL_PARAMETER.test(name);
      return eq !== -1 && hidden ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The URL as it may be logged. A path is recognised as an invoice, calendar-export, tasks-feed or
 * guest-page address (each holds a token that opens it) by
 * the route it matched (`route`, the pattern) or, when it matched none, by its decoded form in
 * any case: `/staydesk/%69nvoices/<token>` serves the invoice, so it is redacted like it. A
 * console page keeps only the values of its plain parameters (CONSOLE_PLAIN_PARAMETERS).
 */
export function redactUrl(url: string, slug: string, route?: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? null : url.slice(q + 1);
  const prefix = `/${slug}/`;
  const seen = decoded(path).toLowerCase();
  const under = (folder: string) =>
    route?.startsWith(`${prefix}${folder}/`) === true || seen.startsWith(`${prefix}${folder}/`.toLowerCase());
  if (under('invoices')) path = `${prefix}invoices/${REDACTED}`;
  else if (under('ical')) path = `${prefix}ical/${REDACTED}${seen.endsWith('.ics') ? '.ics' : ''}`;
  else if (under('tasks')) path = `${prefix}tasks/${REDACTED}${seen.endsWith('.ics') ? '.ics' : ''}`;
  else if (isGuestPagePath(route) || isGuestPagePath(seen)) path = guestPagePath(decoded(path));
  const onConsole = isConsolePath(route ?? '') || isConsolePath(seen);
  return query === null ? path : `${path}?${redactQuery(query, onConsole)}`;
}

/** `/guest/<token>…`: a guest's page, whose token opens it (the style sheet is not a token). */
function isGuestPagePath(path: string | undefined): boolean {
  return path !== undefined && path.toLowerCase().startsWith('/guest/') && path.toLowerCase() !== '/guest/page.css';
}

/** The guest page's path with its token redacted and what follows it kept: `/guest/[redacted]/pay`. */
function guestPagePath(seen: string): string {
  const rest = seen.slice('/guest/'.length);
  const slash = rest.indexOf('/');
  return `/guest/${REDACTED}${slash === -1 ? '' : rest.slice(slash)}`;
}

/** pino's `req` serializer: Fastify's usual fields, with the URL redacted. */
export function requestSerializer(slug: string) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url, slug, request.routeOptions.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  });
}
