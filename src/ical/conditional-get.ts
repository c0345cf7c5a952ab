/**
 * Conditional GET of an exported calendar (RFC 9110 13.1): `If-None-Match` is compared weakly
 * (a proxy that compresses the answer turns our ETag into `W/"..."`, and the channel sends that
 * back), `*` matches any calendar, and `If-Modified-Since` is read only when no `If-None-Match`
 * was sent, to the second.
 */
export function notModified(
  headers: { 'if-none-match'?: string | undefined; 'if-modified-since'?: string | undefined },
  etag: string,
  lastModified: string,
): boolean {
  const match = headers['if-none-match'];
  if (match !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return match.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  return Math.floor(Date.parse(lastModified) / 1000) <= Math.floor(sinceMs / 1000);
}
