import type { AppContext } from '../app-context.ts';
import { isoInstant } from '../shared/dates.ts';
import { loadNightWindow, type NightWindow } from '../occupancy/night-window.ts';
import {
  loadNightSnapshot,
  snapshotCovers,
  windowFromSnapshot,
  type NightSnapshot,
} from '../occupancy/night-memory.ts';

/**
 * Who holds the nights of [from, to) for a quote: from the process's memory of the
 * accommodation's claims (loaded once, dropped on every announced change), or from the store
 * when memory is off or paused, or the range reaches beyond the claims kept for an
 * accommodation with very many.
 */
export function rememberedNightWindow(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  accommodationId: number,
  range: { from: string; to: string },
  now: Date,
): NightWindow | Promise<NightWindow> {
  const cache = ctx.caches.nights;
  const instant = isoInstant(now);
  if (!cache.enabled) return loadNightWindow(ctx.db, accommodationId, range, instant);
  // A remembered snapshot answers without a promise (the hot path); a miss loads it first.
  const snapshot = cache.get(accommodationId, now.getTime());
  if (snapshot !== undefined) return fromSnapshot(ctx, accommodationId, snapshot, range, instant);
  return cache
    .load(accommodationId, () => loadNightSnapshot(ctx.db, accommodationId, now))
    .then((loaded) => fromSnapshot(ctx, accommodationId, loaded, range, instant));
}

function fromSnapshot(
  ctx: Pick<AppContext, 'db'>,
  accommodationId: number,
  remembered: NightSnapshot | undefined,
  range: { from: string; to: string },
  instant: string,
): NightWindow | Promise<NightWindow> {
  return remembered !== undefined && snapshotCovers(remembered, range)
    ? windowFromSnapshot(remembered, range, instant)
    : loadNightWindow(ctx.db, accommodationId, range, instant);
}
