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
  created_at: string;
  kind: 'booking' | 'block' | 'external';
  booking_id: number | null;
  external_reservation_id: number | null;
  external_kind: string | null;
}

/** Who holds a run of nights, as an overbooking alert and an echo name it ('booking:12', 'block', 'external:34'). */
export type HolderKey = string;

/** A run of consecutive nights of one holder, and when its latest night was taken. */
export interface TakenRun {
  holder: HolderKey;
  summary: ExportStay['summary'];
  start: string;
  end: string;
  takenAt: string;
}

function holderOf(row: TakenRow): { holder: HolderKey; summary: ExportStay['summary'] } {
  if (row.kind === 'booking') return { holder: `booking:${row.booking_id ?? 0}`, summary: 'Reserved' };
  if (row.kind === 'external')
    return {
      holder: `external:${row.external_reservation_id ?? 0}`,
      summary: row.external_kind === 'not_available' ? 'Not available' : 'Reserved',
    };
  return { holder: 'block', summary: 'Not available' };
}

/**
 * A run's UID: the holder and the first night, so a stay keeps its UID from one poll to the next;
 * blocks name their accommodation, so no two accommodations publish the same UID.
 */
function uidOf(run: TakenRun, accommodationId: number): string {
  const [kind, id] = run.holder.split(':');
  const key =
    kind === 'booking' ? `booking-${id ?? 0}` : kind === 'external' ? `import-${id ?? 0}` : `block-${accommodationId}`;
  return `${key}-${run.start}@staydesk`;
}

/**
 * The taken nights an export shows, as runs of consecutive nights per holder: confirmed and
 * modified bookings, drafts whose card hold is still live, blocks, and imported stays (but not
 * those of the feed the URL belongs to).
 */
export async function takenRuns(
  db: Executor,
  target: Pick<ExportTarget, 'accommodationId' | 'excludeFeedId'>,
  timeZone: string,
  now: Date,
): Promise<TakenRun[]> {
  const from = addDays(todayIn(timeZone, now), -PAST_DAYS);
  let query = db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .leftJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
    .select([
      'c.night',
      'c.created_at',
      'c.kind',
      'c.booking_id',
      'c.external_reservation_id',
      'r.kind as external_kind',
    ])
    .where('c.accommodation_id', '=', target.accommodationId)
    .where('c.night', '>=', from)
    .where(liveClaim(now.toISOString()))
    .orderBy('c.night');
  if (target.excludeFeedId !== null) {
    const excluded = target.excludeFeedId;
    query = query.where((eb) => eb.or([eb('r.feed_id', 'is', null), eb('r.feed_id', '!=', excluded)]));
  }
  const rows = (await query.execute()) as TakenRow[];
  const runs: TakenRun[] = [];
  const open = new Map<HolderKey, TakenRun>();
  for (const row of rows) {
    const { holder, summary } = holderOf(row);
    const run = open.get(holder);
    if (run !== undefined && run.end === row.night) {
      run.end = addDays(row.night, 1);
      if (row.created_at > run.takenAt) run.takenAt = row.created_at;
      continue;
    }
    const next: TakenRun = { holder, summary, start: row.night, end: addDays(row.night, 1), takenAt: row.created_at };
    open.set(holder, next);
    runs.push(next);
  }
  return runs;
}

/** The export's events: one per run, its UID stable from one poll to the next. */
export async function exportStays(
  db: Executor,
  target: Pick<ExportTarget, 'accommodationId' | 'excludeFeedId'>,
  timeZone: string,
  now: Date,
): Promise<ExportStay[]> {
  const runs = await takenRuns(db, target, timeZone, now);
  return runs.map((run) => ({
    uid: uidOf(run, target.accommodationId),
    summary: run.summary,
    start: run.start,
    end: run.end,
  }));
}

/** A validator for the export: it changes exactly when the published stays do. */
export function exportEtag(name: string, stays: readonly ExportStay[]): string {
  return `"${createHash('sha256')
    .update(JSON.stringify([name, stays]))
    .digest('base64url')
    .slice(0, 32)}"`;
}
