/** What `someInJson` asks of each string and each object entry it meets. */
export interface JsonTest {
  string?: (value: string) => boolean;
  entry?: (key: string, value: unknown) => boolean;
}

/**
 * True when any string, or any object entry, of a parsed JSON value passes the test. The walk
 * keeps its own stack: JSON.parse accepts values nested far deeper than the call stack allows,
 * and such a body must be refused with a 400, not end in a stack overflow.
 */
export function someInJson(root: unknown, test: JsonTest): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (test.string?.(value) === true) return true;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const child = record[key];
      if (test.entry?.(key, child) === true) return true;
      stack.push(child);
    }
  }
  return false;
}
