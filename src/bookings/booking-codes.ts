import { randomBytes, randomInt } from 'node:crypto';

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

/** The secret part of a booking's invoice URL: 256 random bits. */
export function newInvoiceToken(): string {
  return randomBytes(32).toString('base64url');
}
