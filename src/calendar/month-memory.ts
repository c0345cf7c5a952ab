import type { AppContext } from '../app-context.ts';
import type { Accommodation } from '../db/schema.ts';
import { todayIn } from '../shared/dates.ts';
import { loadMonth, type MonthData } from './month-calendar.ts';

/**
 * Calendar months from memory (docs/decisions.md, Caching). A month is read from the store once
 * and kept under a key of its accommodation, the count of changes announced for that
 * accommodation so far, the month and the accommodation's today. Every change a month shows is
 * announced (claims, bookings, prices, the accommodation, imported stays and feed names;
 * migrations 0007, 0010 and 0012), so an announced change turns every kept month of the
 * accommodation into a miss; a new day is a new key; a card hold that runs out ends its month's
 * entry (MonthData.nextHoldEnd); STAYDESK_CACHE_TTL_MS bounds the rest. Every viewer shares
 * the entry: what a viewer may see is applied after (monthView).
 */
export async function rememberedMonth(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  accommodation: Accommodation,
  year: number,
  month: number,
  now: Date,
): Promise<MonthData> {
  const changes = ctx.caches.monthChanges.get(accommodation.id) ?? 0;
  const key = `${String(accommodation.id)}:${String(changes)}:${String(year)}-${String(month)}:${todayIn(accommodation.timezone, now)}`;
  // Only this module stores months, and it stores MonthData (caches.ts, below the calendar, knows
  // just the part it needs: KeptMonth).
  const data = (await ctx.caches.months.getOrLoad(key, () => loadMonth(ctx.db, accommodation, year, month, now))) as MonthData | undefined;
  if (data === undefined) throw new Error('a calendar month loads to a value');
  return data;
}
