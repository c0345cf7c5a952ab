import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';

export interface SyncReport {
  ok: boolean;
  accommodations: { id: number; name: string; feeds: number; imported: number }[];
  lines: string[];
}

/**
 * Pulls each accommodation's external calendars. Importing feeds is the iCal feature's work;
 * until an accommodation has feeds, there is nothing to pull and the report says so.
 */
export async function syncCalendars(ctx: AppContext, accommodationId?: number): Promise<SyncReport> {
  let query = ctx.db.selectFrom('accommodations').select(['id', 'name']).orderBy('id');
  if (accommodationId !== undefined) query = query.where('id', '=', accommodationId);
  const accommodations = await query.execute();
  if (accommodationId !== undefined && accommodations.length === 0) {
    throw notFound(`Accommodation ${accommodationId} not found.`, { parameter: 'accommodation_id', received: accommodationId });
  }
  const feeds = await ctx.db.selectFrom('external_feeds').select(['accommodation_id']).execute();
  const report: SyncReport = { ok: true, accommodations: [], lines: [] };
  for (const a of accommodations) {
    const count = feeds.filter((f) => f.accommodation_id === a.id).length;
    report.accommodations.push({ id: a.id, name: a.name, feeds: count, imported: 0 });
    report.lines.push(
      count === 0
        ? `Accommodation ${a.id} "${a.name}": no external calendars configured; calendar is up to date.`
        : `Accommodation ${a.id} "${a.name}": ${count} external calendar(s) configured; importing them is not available in this version.`,
    );
  }
  if (accommodations.length === 0) report.lines.push('No accommodations yet.');
  return report;
}
