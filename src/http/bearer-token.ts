const BEARER = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)\s*$/i;
const PREFIX = 'Bearer ';

/** Whether a character code may be in a b64token (RFC 6750): a letter, a digit or `-._~+/`. */
function isTokenCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2d || // -
    code === 0x2e || // .
    code === 0x5f || // _
    code === 0x7e || // ~
    code === 0x2b || // +
    code === 0x2f // /
  );
}

/** Whether `text` from `start` on is one b64token (RFC 6750): token characters, then any `=`. */
function isToken(text: string, start: number): boolean {
  let i = start;
  while (i < text.length && isTokenCharacter(text.charCodeAt(i))) i++;
  if (i === start) return false;
  while (i < text.length && text.charCodeAt(i) === 0x3d) i++;
  return i === text.length;
}

/** Pulls the key out of an `Authorization: Bearer <key>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  // The header as clients send it, read without a regular expression (this runs on every request).
  if (header.startsWith(PREFIX) && isToken(header, PREFIX.length)) return header.slice(PREFIX.length);
  return BEARER.exec(header)?.[1] ?? null;
}
