import type pg from 'pg';

/** How many other sessions of the current database wait on a lock, as `client` sees them. */
export async function waitingOnLocks(client: pg.Client): Promise<number> {
  const res = await client.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return Number(res.rows[0]?.n ?? 0);
}
