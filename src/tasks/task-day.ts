import type { Executor } from '../db/store.ts';
import { todayIn } from '../shared/dates.ts';

/** Today where it is earliest among the homes (UTC when there are none): a list from today misses no one's today. */
export async function earliestToday(db: Executor, now: Date): Promise<string> {
  const zones = await db.selectFrom('accommodations').select('timezone').distinct().execute();
  const days = zones.map((z) => todayIn(z.timezone, now));
  return days.reduce((a, b) => (b < a ? b : a), todayIn('UTC', now));
}
