/** Pulls the key out of an `Authorization: Bearer <key>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
