import { randomFillSync } from 'node:crypto';

/**
 * Request ids: random (version 4) UUIDs, as `crypto.randomUUID` makes them, written 256 at a time
 * into one string that each id is a slice of. `randomUUID` builds its answer by joining 20
 * pieces, about 600 bytes of short-lived strings per request that are joined again when the id
 * is written into the answer's headers; an id here is one slice of a string already flat. Every
 * request that brings no usable X-Request-Id takes one (app.ts), so this is on every request's
 * path (docs/benchmarks.md).
 */

const BATCH = 256;
const UUID_LENGTH = 36;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;

const random = Buffer.allocUnsafeSlow(16 * BATCH);
const text = Buffer.allocUnsafeSlow(UUID_LENGTH * BATCH);
let batch = '';
let next = BATCH;

/** Writes the next BATCH ids: 16 random bytes each, the version (4) and variant (10xx) bits set. */
function refill(): void {
  randomFillSync(random);
  let out = 0;
  for (let id = 0; id < BATCH; id++) {
    const at = id * 16;
    random[at + 6] = ((random[at + 6] ?? 0) & 0x0f) | 0x40;
    random[at + 8] = ((random[at + 8] ?? 0) & 0x3f) | 0x80;
    for (let i = 0; i < 16; i++) {
      // xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx
      if (i === 4 || i === 6 || i === 8 || i === 10) text[out++] = DASH;
      const byte = random[at + i] ?? 0;
      text[out++] = HEX_DIGITS[byte >> 4] ?? 0;
      text[out++] = HEX_DIGITS[byte & 0x0f] ?? 0;
    }
  }
  batch = text.toString('latin1', 0, out);
  next = 0;
}

/** A new random UUID (lower-case hex, RFC 9562 version 4). */
export function newRequestId(): string {
  if (next === BATCH) refill();
  const at = next++ * UUID_LENGTH;
  return batch.slice(at, at + UUID_LENGTH);
}
