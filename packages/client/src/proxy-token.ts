/**
 * Status tokens: the proxy answers a booking's status only to whoever shows the token it handed
 * out when that booking was made through it. A token is an HMAC-SHA256 of the booking id under
 * the proxy's secret (128 bits, base64url), so the proxy keeps no list, ids in sequence read
 * nothing, and a booking's code (which guests quote and mails print) opens nothing either.
 */

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Compares in time that does not depend on where the two differ. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i % Math.max(b.length, 1));
  return diff === 0;
}

/** `secret` signs the tokens; without one, a random key of this process (tokens end with it). */
export function createStatusTokens(secret: string | undefined) {
  const raw = secret === undefined ? crypto.getRandomValues(new Uint8Array(32)) : encoder.encode(secret);
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

  async function tokenFor(bookingId: number): Promise<string> {
    const mac = await crypto.subtle.sign('HMAC', await key, encoder.encode(`staydesk-proxy-status:${bookingId}`));
    return base64url(new Uint8Array(mac).slice(0, 16));
  }

  return {
    tokenFor,
    async matches(bookingId: number, token: string | null): Promise<boolean> {
      if (token === null || token === '') return false;
      return sameText(await tokenFor(bookingId), token);
    },
  };
}
