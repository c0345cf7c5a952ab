const BEARER = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)\s*$/i;
/** A token as RFC 6750 writes one (b64token), alone. */
const TOKEN = /^[A-Za-z0-9_\-.~+/]+=*$/;
const PREFIX = 'Bearer ';

/** Pulls the key out of an `Authorization: Bearer <key>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  // The header as clients send it: one test, no match to build (this runs on every request).
  if (header.startsWith(PREFIX)) {
    const token = header.slice(PREFIX.length);
    if (TOKEN.test(token)) return token;
  }
  return BEARER.exec(header)?.[1] ?? null;
}
