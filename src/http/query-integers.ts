import type { FastifyRequest } from 'fastify';

/**
 * Query strings arrive as text and Ajv runs without type coercion, so a query parameter a route
 * declares as an integer (e.g. the events feed's `limit`) is read as one here, before validation:
 * a string of digits becomes its number; anything else stays the string it was, and the schema
 * refuses it as not an integer. Its range is then the schema's own (docs/api.md#errors:
 * `out_of_range`).
 */
export function integerQuery(...names: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)) query[name] = Number(value);
    }
  };
}
