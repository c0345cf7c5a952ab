import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { someInJson } from '../shared/json-walk.ts';
import type { App } from './types.ts';

/**
 * The webhook features read their bodies as raw bytes (the signature is over the bytes), so they
 * parse JSON themselves, after verifying. Like Fastify's own parser here (onProtoPoisoning and
 * onConstructorPoisoning: 'error'), keys that could reach an object's prototype are refused.
 */

/** True when a key could reach a prototype (a walk that survives any nesting depth). */
function poisoned(root: unknown): boolean {
  return someInJson(root, {
    entry: (key, child) =>
      key === '__proto__' ||
      (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')),
  });
}

/** Throws the 400 a caller sees for a body that JSON.parse produced but that must not be used. */
export function refusePrototypeKeys(value: unknown): void {
  if (poisoned(value)) {
    throw badRequest(
      'forbidden_json_key',
      'The request body contains a forbidden key (__proto__ or constructor.prototype).',
    );
  }
}

export function parseJsonStrict(raw: Buffer): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('malformed_json', 'The request body is not valid JSON.');
  }
  refusePrototypeKeys(value);
  return value;
}

/**
 * Within one (encapsulated) feature plugin: JSON bodies arrive as the exact bytes sent, and
 * `verifyThenParse` must check them and return the parsed body. It runs before schema validation
 * and the handler, so a refused call never reaches either.
 */
export function readJsonBodiesRaw(
  app: App,
  verifyThenParse: (request: FastifyRequest, raw: Buffer) => Promise<unknown>,
): void {
  app.addContentTypeParser<Buffer>('application/json', { parseAs: 'buffer' }, verifyThenParse);
}
