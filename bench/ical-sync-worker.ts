/**
 * One store's iCal sync figure, in its own process so its peak RSS is the sync's own. Prints one
 * JSON line. BENCH_ICAL_MODE:
 * - `pull` (default): BENCH_ICAL_ACCOMMODATIONS accommodations with two feeds each (URLs from the
 *   parent's feed server, BENCH_ICAL_FEED_SUFFIX chooses the ones served with or without an
 *   ETag), every feed pulled (full), then again (unchanged: a 304, or the same body);
 * - `schedule`: BENCH_ICAL_SCHEDULE_FEEDS feeds spread over the parent's feed servers
 *   (BENCH_ICAL_FEED_BASES, comma-separated), one scheduled run while every feed is due (the
 *   first pull), then again (every feed unchanged).
 * Both report the event loop's worst delay while the pulls ran.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config.ts';
import { createContext } from '../src/create-app-context.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { pullDueFeeds } from '../src/ical/scheduled-pulls.ts';
import { syncCalendars } from '../src/ical/sync-calendars.ts';
import { makeAccommodation } from '../test/support/factories.ts';

const mode = process.env.BENCH_ICAL_MODE ?? 'pull';
const config = loadConfig({ ...process.env, ICAL_ALLOW_PRIVATE_NETWORKS: 'true', LOG_LEVEL: 'silent' });
const ctx = createContext(config);
await migrateToLatest(ctx.db);
const created = new Date().toISOString();

async function addFeeds(urls: readonly string[][]): Promise<void> {
  for (const [i, feedUrls] of urls.entries()) {
    const a = await makeAccommodation(ctx.db, { name: `Bench ${i}` });
    await ctx.db
      .insertInto('external_feeds')
      .values(
        feedUrls.map((url, j) => ({
          accommodation_id: a.id,
          name: `feed-${j}`,
          url,
          created_at: created,
          last_synced_at: null,
          last_status: null,
          last_error: null,
        })),
      )
      .execute();
  }
}

/** Seconds a run takes, and the event loop's worst delay and 99th percentile meanwhile (ms). */
async function timed<T>(
  fn: () => Promise<T>,
): Promise<{ seconds: number; worstDelayMs: number; p99DelayMs: number; value: T }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const value = await fn();
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  return {
    seconds: Number(seconds.toFixed(2)),
    worstDelayMs: Math.round(delay.max / 1e6),
    p99DelayMs: Math.round(delay.percentile(99) / 1e6),
    value,
  };
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

if (mode === 'schedule') {
  const count = Number(process.env.BENCH_ICAL_SCHEDULE_FEEDS ?? 10_000);
  const bases = (process.env.BENCH_ICAL_FEED_BASES ?? '').split(',');
  // One feed per accommodation, spread over the hosts, each its own path.
  await addFeeds(Array.from({ length: count }, (_, i) => [`${bases[i % bases.length] ?? ''}/s/${i}.ics`]));
  const first = await timed(() => pullDueFeeds(ctx, quiet));
  await ctx.db.updateTable('external_feeds').set({ next_attempt_at: null }).execute();
  const again = await timed(() => pullDueFeeds(ctx, quiet));
  const outcomes = (reports: { outcome: string }[]) =>
    Object.fromEntries(
      ['updated', 'not_modified', 'failed'].map((o) => [o, reports.filter((r) => r.outcome === o).length]),
    );
  console.log(
    JSON.stringify({
      store: ctx.store.kind,
      feeds: count,
      hosts: bases.length,
      firstRunSeconds: first.seconds,
      firstRun: outcomes(first.value),
      firstRunWorstDelayMs: first.worstDelayMs,
      firstRunP99DelayMs: first.p99DelayMs,
      unchangedRunSeconds: again.seconds,
      unchangedRun: outcomes(again.value),
      unchangedRunWorstDelayMs: again.worstDelayMs,
      unchangedRunP99DelayMs: again.p99DelayMs,
      feedsPerMinuteUnchanged: Math.round((count / again.seconds) * 60),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} else {
  const accommodations = Number(process.env.BENCH_ICAL_ACCOMMODATIONS ?? 100);
  const feedBase = process.env.BENCH_ICAL_FEED_BASE ?? '';
  const suffix = process.env.BENCH_ICAL_FEED_SUFFIX ?? '';
  await addFeeds(
    Array.from({ length: accommodations }, () => ['a', 'b'].map((side) => `${feedBase}/${side}${suffix}.ics`)),
  );
  const full = await timed(() => syncCalendars(ctx));
  const fullRssMb = process.resourceUsage().maxRSS / 1024;
  const unchanged = await timed(() => syncCalendars(ctx));
  const pulls = (r: typeof full.value) => r.accommodations.flatMap((a) => a.feeds);
  const claims = await ctx.db
    .selectFrom('night_claims')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    JSON.stringify({
      store: ctx.store.kind,
      etags: suffix === '',
      feeds: pulls(full.value).length,
      fullSeconds: full.seconds,
      fullUpdated: pulls(full.value).filter((p) => p.outcome === 'updated').length,
      fullWorstDelayMs: full.worstDelayMs,
      fullP99DelayMs: full.p99DelayMs,
      unchangedSeconds: unchanged.seconds,
      unchangedNotModified: pulls(unchanged.value).filter((p) => p.outcome === 'not_modified').length,
      unchangedWorstDelayMs: unchanged.worstDelayMs,
      unchangedP99DelayMs: unchanged.p99DelayMs,
      nightsClaimed: Number(claims.n),
      peakRssMbAfterFull: Math.round(fullRssMb),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}
await ctx.store.destroy();
