import type { AppContext } from '../app-context.ts';
import { loadNightWindow, type NightWindow } from '../occupancy/night-window.ts';
import { loadNightSnapshot, snapshotCovers, windowFromSnapshot } from '../occupancy/night-memory.ts';

/**
 * Who holds the nights of [from, to) for a quote: from the process's memory of the
 * accommodation's claims (loaded once, dropped on every announced change), or from the store
 * when memory is off or paused, or the range reaches beyond the claims kept for an
 * accommodation with very many.
 */
export async function rememberedNightWindow(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  accommodationId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<NightWindow> {
  const cache = ctx.caches.nights;
  const instant = now.toISOString();
  if (cache.enabled) {
    const snapshot = await cache.getOrLoad(accommodationId, () => loadNightSnapshot(ctx.db, accommodationId, now));
    if (snapshot !== undefined && snapshotCovers(snapshot, range)) return windowFromSnapshot(snapshot, range, instant);
  }
  return loadNightWindow(ctx.db, accommodationId, range, instant);
}
