import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Triggers that announce every change a cached copy depends on, as `<table>:<id>` (the id of
 * the row, or of its accommodation for prices, claims and bookings), whatever code path makes
 * it. PostgreSQL: a NOTIFY on the channel `staydesk_invalidate`, which the server delivers to
 * every listening process only when the transaction commits (a rolled-back change announces
 * nothing). SQLite: a call of the function `staydesk_changed(table, id)`, which each process
 * registers on its connection (one process owns an embedded store's caches). Bookings announce
 * only changes of status and hold, the two columns that decide whether their nights are taken;
 * API keys only changes of what admits them (not last_used_at, written as keys are used).
 */

const CHANNEL = 'staydesk_invalidate';
const SQLITE_FUNCTION = 'staydesk_changed';

/** Table and the column whose value is announced. */
const WATCHED: readonly (readonly [string, string])[] = [
  ['settings', 'name'],
  ['accommodations', 'id'],
  ['nightly_prices', 'accommodation_id'],
  ['night_claims', 'accommodation_id'],
];

/** What an API key is admitted by; last_used_at, written as keys are used, is not announced. */
const API_KEY_COLUMNS = 'secret_hash, scope, revoked_at, user_id, name';

const BOOKING_CHANGE =
  'old.status is distinct from new.status or old.hold_expires_at is distinct from new.hold_expires_at';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function staydesk_announce() returns trigger language plpgsql as $$
declare
  new_id text;
  old_id text;
begin
  if tg_op <> 'DELETE' then
    new_id := to_jsonb(new) ->> tg_argv[0];
    perform pg_notify('${CHANNEL}', tg_table_name || ':' || new_id);
  end if;
  if tg_op <> 'INSERT' then
    old_id := to_jsonb(old) ->> tg_argv[0];
    if old_id is distinct from new_id then
      perform pg_notify('${CHANNEL}', tg_table_name || ':' || old_id);
    end if;
  end if;
  return null;
end
$$`,
      )
      .execute(db);
    for (const [table, column] of WATCHED) {
      await sql
        .raw(
          `create trigger staydesk_announce_${table} after insert or update or delete on ${table}
            for each row
            execute function staydesk_announce('${column}')`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger staydesk_announce_api_keys after update of ${API_KEY_COLUMNS} or delete on api_keys
          for each row
          execute function staydesk_announce('id')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_bookings after update of status, hold_expires_at on bookings
          for each row
          when (${BOOKING_CHANGE})
          execute function staydesk_announce('accommodation_id')`,
      )
      .execute(db);
    return;
  }
  for (const [table, column] of WATCHED) {
    await sql
      .raw(
        `create trigger staydesk_announce_${table}_insert after insert on ${table}
          begin select ${SQLITE_FUNCTION}('${table}', new.${column}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_${table}_update after update on ${table}
          begin select ${SQLITE_FUNCTION}('${table}', new.${column});
          select ${SQLITE_FUNCTION}('${table}', old.${column})
          where old.${column} is not new.${column}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_${table}_delete after delete on ${table}
          begin select ${SQLITE_FUNCTION}('${table}', old.${column}); end`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create trigger staydesk_announce_api_keys_update after update of ${API_KEY_COLUMNS} on api_keys
        begin select ${SQLITE_FUNCTION}('api_keys', new.id); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_api_keys_delete after delete on api_keys
        begin select ${SQLITE_FUNCTION}('api_keys', old.id); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_bookings_update after update of status, hold_expires_at on bookings
        when ${BOOKING_CHANGE.replaceAll('is distinct from', 'is not')}
        begin select ${SQLITE_FUNCTION}('bookings', new.accommodation_id); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [table] of WATCHED)
      await sql.raw(`drop trigger if exists staydesk_announce_${table} on ${table}`).execute(db);
    await sql.raw('drop trigger if exists staydesk_announce_api_keys on api_keys').execute(db);
    await sql.raw('drop trigger if exists staydesk_announce_bookings on bookings').execute(db);
    await sql.raw('drop function if exists staydesk_announce()').execute(db);
    return;
  }
  for (const [table] of WATCHED) {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists staydesk_announce_${table}_${op}`).execute(db);
  }
  for (const op of ['update', 'delete'])
    await sql.raw(`drop trigger if exists staydesk_announce_api_keys_${op}`).execute(db);
  await sql.raw('drop trigger if exists staydesk_announce_bookings_update').execute(db);
}
