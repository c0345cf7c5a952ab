import { createHash } from 'node:crypto';
import type { Executor } from '../db/store.ts';
import { liveClaim } from '../occupancy/night-ledger.ts';
import { addDays, todayIn } from '../shared/dates.ts';
import type { ExportStay } from './export-calendar.ts';
import type { ExportTarget } from './export-tokens.ts';

/** How far back the export starts: a stay under way keeps its real first night. */
const PAST_DAYS = 31;

interface TakenRow {
  night: string;
  kind: 'booking' | 'block' | 'external';
  booking_id: number | null;
  external_reservation_id: number | null;
  external_kind: string | null;
}

function holderOf(row: TakenRow): { key: string; summary: ExportStay['summary'] } {
  if (row.kind === 'booking') return { key: `booking-${row.booking_id ?? 0}`, summary: 'Reserved' };
  if (row.kind === 'external')
    return {
      key: `import-${row.external_reservation_id ?? 0}`,
      summary: row.external_kind === 'not_available' ? 'Not available' : 'Reserved',
    };
  return { key: 'block', summary: 'Not available' };
}

/**
 * The taken nights an export shows, as runs of consecutive nights per holder: confirmed and
 * modified bookings, drafts whose card hold is still live, blocks, and imported stays (but not
 * those of the feed the URL belongs to). UIDs name the holder and the first night, so a stay
 * keeps its UID from one poll to the next.
 */
export async function exportStays(
  db: Executor,
  target: ExportTarget,
  timeZone: string,
  now: Date,
): Promise<ExportStay[]> {
  const from = addDays(todayIn(timeZone, now), -PAST_DAYS);
  let query = db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .leftJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
    .select(['c.night', 'c.kind', 'c.booking_id', 'c.external_reservation_id', 'r.kind as external_kind'])
    .where('c.accommodation_id', '=', target.accommodationId)
    .where('c.night', '>=', from)
    .where(liveClaim(now.toISOString()))
    .orderBy('c.night');
  if (target.excludeFeedId !== null) {
    const excluded = target.excludeFeedId;
    query = query.where((eb) => eb.or([eb('r.feed_id', 'is', null), eb('r.feed_id', '!=', excluded)]));
  }
  const rows = (await query.execute()) as TakenRow[];
  const stays: ExportStay[] = [];
  const open = new Map<string, ExportStay>();
  for (const row of rows) {
    const { key, summary } = holderOf(row);
    const run = open.get(key);
    if (run !== undefined && run.end === row.night) {
      run.end = addDays(row.night, 1);
      continue;
    }
    const stay: ExportStay = {
      uid: `${key}-${row.night}@staydesk`,
      summary,
      start: row.night,
      end: addDays(row.night, 1),
    };
    open.set(key, stay);
    stays.push(stay);
  }
  return stays;
}

/** A validator for the export: it changes exactly when the published stays do. */
export function exportEtag(name: string, stays: readonly ExportStay[]): string {
  return `"${createHash('sha256')
    .update(JSON.stringify([name, stays]))
    .digest('base64url')
    .slice(0, 32)}"`;
}
