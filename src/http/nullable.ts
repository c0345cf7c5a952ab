import { Type, type Static, type TSchema } from 'typebox';

/**
 * `T` or null, written as a type array (`type: ['object', 'null']`) rather than `anyOf`: the
 * response serialiser handles a type array in generated code, while `anyOf` makes it validate
 * the value against each branch on every response. Both mean the same in JSON Schema 2020-12.
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}
