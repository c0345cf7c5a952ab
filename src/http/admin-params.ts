import { Type } from 'typebox';
import { badRequest } from './errors.ts';
import { IdString, toId } from './ids.ts';

/**
 * Request pieces the admin routes share. Bodies and query strings are closed
 * (`additionalProperties: false`) so that a misspelt field or filter is a 400, not ignored.
 * Ajv runs without type coercion, so ids and numbers in paths and query strings arrive as
 * strings: the schema checks their shape, these helpers convert.
 */

/** OpenAPI tags and security every admin route shares. */
export const adminRoute = { tags: ['admin'], security: [{ bearerKey: [] }] };

export const NullableString = Type.Union([Type.String(), Type.Null()]);

export const DateString = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' });

export const IdParams = Type.Object({ id: IdString });

export const PageQueryFields = {
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: '1..200, default 50' })),
  offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'default 0' })),
};

export const DeletedSchema = Type.Object({ deleted: Type.Literal(true), id: Type.Integer() });

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

export { IdString, toId };

export function page(query: { limit?: string | undefined; offset?: string | undefined }): {
  limit: number;
  offset: number;
} {
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
  if (limit < 1 || limit > MAX_LIMIT) {
    throw badRequest('out_of_range', `Invalid parameter "limit": expected an integer from 1 to ${MAX_LIMIT}.`, {
      parameter: 'limit',
      expected: `integer 1..${MAX_LIMIT}`,
      received: query.limit,
    });
  }
  return { limit, offset: query.offset === undefined ? 0 : Number(query.offset) };
}
