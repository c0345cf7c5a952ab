import type { FastifyRequest } from 'fastify';

/**
 * Request log lines carry the URL, and some URLs are credentials: an invoice address
 * (`/<slug>/invoices/<token>`), a calendar export (`/<slug>/ical/<token>.ics`), or a key a caller
 * put in the query string. They are logged with those parts replaced by `[redacted]`.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret whatever the route (`key`, `api_key`, `token`, ...). */
const SECRET_PARAMETER =
  /(^|[_-])(key|token|secret|password|passwd|pwd|signature|sig|auth|authorization|credential|session)s?$/i;

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
      return eq !== -1 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The URL as it may be logged. */
export function redactUrl(url: string, slug: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? null : url.slice(q + 1);
  const prefix = `/${slug}/`;
  if (path.startsWith(`${prefix}invoices/`)) path = `${prefix}invoices/${REDACTED}`;
  else if (path.startsWith(`${prefix}ical/`)) path = `${prefix}ical/${REDACTED}${path.endsWith('.ics') ? '.ics' : ''}`;
  return query === null ? path : `${path}?${redactQuery(query)}`;
}

/** pino's `req` serializer: Fastify's usual fields, with the URL redacted. */
export function requestSerializer(slug: string) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url, slug),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  });
}
