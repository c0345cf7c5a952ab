/**
 * The text of a feed's body. The charset the server names wins when the runtime knows it; UTF-8
 * (the iCalendar default) otherwise, and when the bytes are not valid UTF-8 (a Latin-1 feed sent
 * as UTF-8 or without a charset), Windows-1252, the superset of Latin-1 that such feeds use.
 */
export function decodeFeed(bytes: Uint8Array, charset: string | null): string {
  const declared = charset?.trim().toLowerCase() ?? '';
  if (declared !== '' && declared !== 'utf-8' && declared !== 'utf8') {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An unknown label: read it as if none were given.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}
