/** Row ids are 32-bit signed integers on both stores; ids start at 1. */
export const MAX_ID = 2_147_483_647;

/**
 * An id from a path or query string (already checked to be digits only by its schema). A number
 * beyond the id range cannot name a row, so it becomes 0, which no row has: the lookup finds
 * nothing and the caller answers 404 as for any other unknown id, and the store never sees a
 * value its integer column cannot hold.
 */
export function toId(value: string): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : 0;
}

/** An id from text no schema has checked (a console form or path): 0 unless it is digits only. */
export function idFromText(value: string): number {
  return /^[0-9]{1,20}$/.test(value) ? toId(value) : 0;
}
