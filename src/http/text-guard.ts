import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { someInJson } from '../shared/json-walk.ts';
import { badRequest } from './errors.ts';

const NUL_TEST = { string: (s: string) => s.includes('\u0000'), entry: (key: string) => key.includes('\u0000') };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * True when the body's parser has seen, in its text, that no string of it can hold a NUL
     * (`vouchForNoNul`), so the guard below need not walk it. False by default.
     */
    bodyFreeOfNul: boolean;
  }
}

/**
 * For a JSON body's parser: marks the request's body as holding no NUL when its text says so.
 * JSON can only write U+0000 inside a string (or a key) as the escape `\u0000` (the character
 * itself is not allowed there, and the parser refuses it), so a text without that escape parses
 * to a value with no NUL anywhere. A text with it (or with `\\u0000`, an escaped backslash) is
 * walked by the guard as before.
 */
export function vouchForNoNul(request: FastifyRequest, text: string): void {
  request.bodyFreeOfNul = !text.includes('\\u0000');
}

/** The query's first NUL, without a walk for a request with no query string (most of them). */
function nulInQuery(query: unknown): string | null {
  if (query === null || typeof query !== 'object') return findNulCharacter(query);
  for (const key in query) if (Object.hasOwn(query, key)) return findNulCharacter(query);
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, and no field of this API has a use for it, so a NUL
 * anywhere in a JSON body is a 400 on every store (instead of a 500 on one of them).
 * Returns the dotted path of the first string holding one.
 */
export function findNulCharacter(value: unknown): string | null {
  // Almost every body holds none: answer that in one pass, without building a path per field.
  return someInJson(value, NUL_TEST) ? locateNul(value) : null;
}

// The path search keeps its own stack instead of recursing, as someInJson does.

function children(value: unknown): Array<[string, unknown]> | null {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) return value.map((item, i): [string, unknown] => [String(i), item]);
  return Object.entries(value);
}

/** The dotted path of the first NUL in document order (a depth-first walk). */
function locateNul(root: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() ?? { value: null, path: '' };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'body';
      continue;
    }
    const entries = children(value);
    if (entries === null) continue;
    const next: Array<{ value: unknown; path: string }> = [];
    for (const [key, inner] of entries) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) {
        // A key is met before the values after it: stop at it unless an earlier value holds one.
        next.push({ value: '\u0000', path: here });
        break;
      }
      next.push({ value: inner, path: here });
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i] ?? { value: null, path: '' });
  }
  return null;
}

/**
 * A preValidation hook: refuse bodies and query strings carrying a NUL character. It runs on
 * every request, so it is synchronous (a callback hook) rather than a promise per request.
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const parameter = (request.bodyFreeOfNul ? null : findNulCharacter(request.body)) ?? nulInQuery(request.query);
  if (parameter === null) {
    done();
    return;
  }
  // A path through a deeply nested body can be long: the answer names its start.
  const shown = parameter.length > 200 ? `${parameter.slice(0, 200)}…` : parameter;
  done(
    badRequest('nul_character', `Invalid parameter "${shown}": text may not contain the NUL character (U+0000).`, {
      parameter: shown,
      expected: 'text without U+0000',
    }),
  );
}
