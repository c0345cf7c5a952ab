import type { FastifyRequest } from 'fastify';

/**
 * Request log lines carry the URL, and some URLs are credentials: an invoice address
 * (`/<slug>/invoices/<token>`), a calendar export (`/<slug>/ical/<token>.ics`), or a key a caller
 * put in the query string. They are logged with those parts replaced by `[redacted]`.
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

function redactQuery(query: string): string {
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
      return eq !== -1 && isSecretName(name) ? `${rawName}=${REDACTED}` : pair;
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
 * The URL as it may be logged. A path is recognised as an invoice or calendar-export address by
 * the route it matched (`route`, the pattern) or, when it matched none, by its decoded form in
 * any case: `/staydesk/%69nvoices/<token>` serves the invoice, so it is redacted like it.
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
  return query === null ? path : `${path}?${redactQuery(query)}`;
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
