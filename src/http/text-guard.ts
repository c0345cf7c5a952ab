import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * PostgreSQL text cannot hold U+0000, and no field of this API has a use for it, so a NUL
 * anywhere in a JSON body is a 400 on every store (instead of a 500 on one of them).
 * Returns the dotted path of the first string holding one.
 */
export function findNulCharacter(value: unknown): string | null {
  // Almost every body holds none: answer that in one pass, without building a path per field.
  return containsNul(value) ? locateNul(value, '') : null;
}

/** The dotted path of the first NUL (one walk; it descends only where it builds the path). */
function locateNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = locateNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here;
      const found = locateNul(inner, here);
      if (found !== null) return found;
    }
  }
  return null;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some(containsNul);
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (Object.hasOwn(record, key) && (key.includes('\u0000') || containsNul(record[key]))) return true;
  }
  return false;
}

/**
 * A preValidation hook: refuse bodies and query strings carrying a NUL character. It runs on
 * every request, so it is synchronous (a callback hook) rather than a promise per request.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const parameter = findNulCharacter(request.body) ?? findNulCharacter(request.query);
  if (parameter === null) {
    done();
    return;
  }
  done(
    badRequest(`Invalid parameter "${parameter}": text may not contain the NUL character (U+0000).`, {
      parameter,
      expected: 'text without U+0000',
      reason: 'nul_character',
    }),
  );
}
