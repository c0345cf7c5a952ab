import { Type } from 'typebox';

/**
 * The id rule, stated once: row ids are 32-bit signed integers on both stores and start at 1, so
 * an id is a whole number from 1 to MAX_ID. In a JSON body it is an integer of that range
 * (`IdInteger`); as text (a path, a query string, a form, a card payment's metadata, a command
 * line) it is written in plain digits, without sign, leading zero or exponent (`toId`).
 */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body. */
export const IdInteger = Type.Integer({ minimum: 1, maximum: MAX_ID });

/**
 * An id in a path or query string, as its schema checks it: digits. Digits that name no row (0,
 * a number beyond the id range) pass the schema, and `toId` turns them into 0, so the caller
 * answers "not found" as for any other unknown id.
 */
export const IdString = Type.String({ pattern: '^[0-9]{1,10}$', description: 'integer id' });

const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * The id a text names, or 0 when it names none. No row has id 0, so a lookup by it finds nothing
 * and the caller answers 404 as for any other unknown id, and the store never sees a value its
 * integer column cannot hold.
 */
export function toId(text: string): number {
  const n = Number(text);
  return ID_TEXT.test(text) && n <= MAX_ID ? n : 0;
}
