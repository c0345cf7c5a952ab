import { createHash } from 'node:crypto';
import type { Accommodation } from '../db/schema.ts';
import type { Viewer } from '../http/viewer.ts';
import type { CalendarView } from './calendar-schemas.ts';
import { monthView, type MonthData } from './month-calendar.ts';

/** A month as one viewer sees it, and its ETag. */
export interface ViewedMonth {
  readonly view: CalendarView;
  readonly etag: string;
}

interface Kept extends ViewedMonth {
  readonly accommodation: Accommodation;
}

/**
 * Each kept month's views, one per viewer, built on a viewer's first request for it: the view
 * and its ETag (a hash of the view) are the same for every later request of that viewer while
 * the month stays in memory (month-memory.ts), which drops them with it. A view is built again
 * when the accommodation row the request read is another one than the view was built from.
 */
const kept = new WeakMap<MonthData, Map<string, Kept>>();

/** The ETag of a month as one viewer sees it: the same data, the same tag. */
function etagOf(view: CalendarView): string {
  return `"${createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 27)}"`;
}

export function viewedMonth(
  data: MonthData,
  accommodation: Accommodation,
  year: number,
  month: number,
  viewer: Viewer,
): ViewedMonth {
  let views = kept.get(data);
  if (views === undefined) kept.set(data, (views = new Map<string, Kept>()));
  const who = viewer.kind === 'all' ? 'all' : String(viewer.apiKeyId);
  const found = views.get(who);
  if (found !== undefined && found.accommodation === accommodation) return found;
  const view = monthView(data, accommodation, year, month, viewer);
  const made = { view, etag: etagOf(view), accommodation };
  views.set(who, made);
  return made;
}
