import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../src/app-context.ts';
import { CHANGE_CHANNEL } from '../../src/db/change-feed.ts';
import { EVENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * Waits until every change committed so far has reached this process's caches. On PostgreSQL an
 * announcement arrives a moment after its commit: a NOTIFY of the test's own, sent now, comes back
 * after every earlier one (PostgreSQL delivers notifications in commit order), so once it is back
 * the earlier ones have been applied. The embedded store announces during the change, and a feed
 * that is not live keeps nothing in memory: nothing to wait for then.
 *
 * For tests that write rows behind the app (or through another code path) and then read through
 * a route that answers from memory: the app promises such a change within milliseconds, not at
 * once (docs/decisions.md#caching).
 */
export async function announcementsSettled(ctx: Pick<AppContext, 'db' | 'store'>): Promise<void> {
  if (ctx.store.kind !== 'postgres' || !ctx.store.changes.live) return;
  const token = randomUUID();
  let off: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  const back = new Promise<void>((resolve, reject) => {
    off = ctx.store.changes.subscribe({
      change: (change) => {
        if (change.table === 'settled' && change.id === token) resolve();
      },
      live: () => undefined,
    });
    timer = setTimeout(() => {
      reject(new Error(`no announcement came back within ${String(EVENT_TIMEOUT_MS)} ms`));
    }, EVENT_TIMEOUT_MS);
  });
  try {
    await sql`select pg_notify(${CHANGE_CHANNEL}, ${`settled:${token}`})`.execute(ctx.db);
    await back;
  } finally {
    clearTimeout(timer);
    off();
  }
}
