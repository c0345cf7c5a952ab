import type { Executor } from '../db/store.ts';

/**
 * A periodic job that must run once per period across all processes (e.g. pulling external
 * calendars) takes the job's row in job_leases until `now + ttlMs`. The upsert only overwrites a
 * lease that has run out, and the unique key serialises concurrent takers, so exactly one wins.
 */
export async function acquireLease(
  db: Executor,
  input: { name: string; holder: string; now: Date; ttlMs: number },
): Promise<boolean> {
  const now = input.now.toISOString();
  const lockedUntil = new Date(input.now.getTime() + input.ttlMs).toISOString();
  const row = await db
    .insertInto('job_leases')
    .values({ name: input.name, locked_until: lockedUntil, locked_by: input.holder })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ locked_until: lockedUntil, locked_by: input.holder })
        .where('job_leases.locked_until', '<=', now),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}
