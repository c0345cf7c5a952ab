/**
 * One store's iCal sync figure, in its own process so its peak RSS is the sync's own: makes
 * BENCH_ICAL_ACCOMMODATIONS accommodations with two feeds each (URLs from the parent's feed
 * server), pulls everything (full), then pulls again (every feed answers 304). Prints one JSON line.
 */
import { loadConfig } from '../src/config/config.ts';
import { createContext } from '../src/create-app-context.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { syncCalendars } from '../src/ical/sync-calendars.ts';
import { makeAccommodation } from '../test/support/factories.ts';

const accommodations = Number(process.env.BENCH_ICAL_ACCOMMODATIONS ?? 100);
const feedBase = process.env.BENCH_ICAL_FEED_BASE ?? '';
const config = loadConfig({ ...process.env, ICAL_ALLOW_PRIVATE_NETWORKS: 'true', LOG_LEVEL: 'silent' });
const ctx = createContext(config);
await migrateToLatest(ctx.db);
const created = new Date().toISOString();
for (let i = 0; i < accommodations; i += 1) {
  const a = await makeAccommodation(ctx.db, { name: `Bench ${i}` });
  for (const side of ['a', 'b']) {
    await ctx.db
      .insertInto('external_feeds')
      .values({
        accommodation_id: a.id,
        name: `feed-${side}`,
        url: `${feedBase}/${side}.ics`,
        created_at: created,
        last_synced_at: null,
        last_status: null,
        last_error: null,
      })
      .execute();
  }
}

function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  return fn().then((value) => ({ seconds: (performance.now() - started) / 1000, value }));
}

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
    feeds: pulls(full.value).length,
    fullSeconds: full.seconds,
    fullUpdated: pulls(full.value).filter((p) => p.outcome === 'updated').length,
    unchangedSeconds: unchanged.seconds,
    unchangedNotModified: pulls(unchanged.value).filter((p) => p.outcome === 'not_modified').length,
    nightsClaimed: Number(claims.n),
    peakRssMbAfterFull: Math.round(fullRssMb),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
await ctx.store.destroy();
