import { randomFillSync, randomInt } from 'node:crypto';

/**
 * Confirmation codes: 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * drawn with a CSPRNG: about 2^49 possibilities, so codes are unguessable and collisions
 * (refused by the unique key) practically never happen.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 10;

export function newConfirmationCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return code;
}

/** A calendar colour (0-9) derived from the code, so it is the same in every month's view. */
export function colorIndexOf(code: string): number {
  let sum = 0;
  for (const ch of code) sum = (sum * 31 + ch.charCodeAt(0)) % 1_000_003;
  return sum % 10;
}

// Invoice tokens are drawn from a pool the CSPRNG fills 4 KiB at a time (as Node does for
// randomUUID): one call per 128 tokens instead of one per booking. Used bytes are zeroed.
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

/** The secret part of a booking's invoice URL: 256 random bits. */
export function newInvoiceToken(): string {
  return pooledToken();
}

/** The secret part of a booking's guest page URL (docs/guest-page.md): 256 random bits. */
export function newGuestToken(): string {
  return pooledToken();
}

function pooledToken(): string {
  if (poolOffset + 32 > POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  const bytes = POOL.subarray(poolOffset, poolOffset + 32);
  poolOffset += 32;
  const token = bytes.toString('base64url');
  bytes.fill(0);
  return token;
}
