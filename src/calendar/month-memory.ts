import { loadAccommodation } from '../accommodations/load-accommodation.ts';
import type { AppContext } from '../app-context.ts';
import type { Accommodation } from '../db/schema.ts';
import { currentYearMonthIn, todayIn } from '../shared/dates.ts';
import { loadMonth, type MonthData } from './month-calendar.ts';

/** A month of one accommodation, as every viewer shares it, with the accommodation it was built from. */
export interface RememberedMonth {
  accommodation: Accommodation;
  year: number;
  month: number;
  data: MonthData;
}

/**
 * Calendar months from memory (docs/decisions.md#caching). A month is read from the store once
 * and kept under a key of its accommodation, the count of changes announced for that
 * accommodation so far, the month and the accommodation's today. Every change a month shows is
 * announced (claims, bookings, prices, the accommodation, imported stays and feed names;
 * migrations 0007, 0010 and 0012), so an announced change turns every kept month of the
 * accommodation into a miss; a new day is a new key; a card hold that runs out ends its month's
 * entry (MonthData.nextHoldEnd); STAYDESK_CACHE_TTL_MS bounds the rest. Every viewer shares the
 * entry: what a viewer may see is applied after, and kept with the month (viewed-months.ts).
 *
 * The count is read before anything the month is built from, the accommodation included: a
 * change that lands while they are read raises the count, so what was read is kept under a key
 * nobody asks for again. `year` and `month` default to the current ones in the accommodation's
 * time zone.
 */
export async function rememberedMonth(
  ctx: Pick<AppContext, 'db' | 'caches' | 'now'>,
  accommodationId: number,
  wanted: { year?: number | undefined; month?: number | undefined },
  now: Date,
): Promise<RememberedMonth> {
  const changes = ctx.caches.monthChanges.get(accommodationId) ?? 0;
  const accommodation = await loadAccommodation(ctx, accommodationId);
  const current = currentYearMonthIn(accommodation.timezone, now);
  const year = wanted.year ?? current.year;
  const month = wanted.month ?? current.month;
  const today = todayIn(accommodation.timezone, now);
  const key = `${String(accommodationId)}:${String(changes)}:${String(year)}-${String(month)}:${today}`;
  // Only this module stores months, and it stores MonthData (caches.ts, below the calendar, knows
  // just the part it needs: KeptMonth).
  const data = (await ctx.caches.months.getOrLoad(key, () => loadMonth(ctx.db, accommodation, year, month, now))) as
    MonthData | undefined;
  if (data === undefined) throw new Error('a calendar month loads to a value');
  return { accommodation, year, month, data };
}
