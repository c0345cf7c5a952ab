/**
 * Maps items with at most `limit` calls in flight, keeping the order of the results. Used where
 * each item waits mostly on the network (pulling many calendars), so a few at once finish far
 * sooner than one after the other without opening a connection per item at once.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
