import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Announcements for the month calendar kept in memory (src/calendar/month-memory.ts), which shows
 * more of a booking than whether its nights are taken:
 * - every update of a booking is announced as `bookings:<accommodation>` (0007 announced only a
 *   change of status or hold): its guest, party, notes and amounts are on the calendar too;
 * - imported reservations (`external_reservations:<accommodation>`, on every insert, update and
 *   delete: their summary and dates are listed) and a feed's name or removal
 *   (`external_feeds:<accommodation>`: the name is the stay's source).
 * As in 0007: a NOTIFY on PostgreSQL (delivered when the transaction commits), a call of the
 * process's function on SQLite.
 */

const CHANNEL_FUNCTION = 'staydesk_announce';
const SQLITE_FUNCTION = 'staydesk_changed';
const BOOKING_CHANGE_0007 =
  'old.status is distinct from new.status or old.hold_expires_at is distinct from new.hold_expires_at';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQLite: one trigger announcing `table:<column>` of the new row and, if it differs, of the old one. */
function sqliteUpdateTrigger(name: string, on: string, table: string, column: string): string {
  return `create trigger ${name} after update ${on}
    begin select ${SQLITE_FUNCTION}('${table}', new.${column});
    select ${SQLITE_FUNCTION}('${table}', old.${column})
    where old.${column} is not new.${column}; end`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger staydesk_announce_bookings on bookings').execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_bookings after update on bookings
          for each row
          when (old.* is distinct from new.*)
          execute function ${CHANNEL_FUNCTION}('accommodation_id')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_external_reservations
          after insert or update or delete on external_reservations
          for each row
          execute function ${CHANNEL_FUNCTION}('accommodation_id')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_external_feeds after update of name or delete on external_feeds
          for each row
          execute function ${CHANNEL_FUNCTION}('accommodation_id')`,
      )
      .execute(db);
    return;
  }
  await sql.raw('drop trigger staydesk_announce_bookings_update').execute(db);
  await sql
    .raw(sqliteUpdateTrigger('staydesk_announce_bookings_update', 'on bookings', 'bookings', 'accommodation_id'))
    .execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_external_reservations_insert after insert on external_reservations
        begin select ${SQLITE_FUNCTION}('external_reservations', new.accommodation_id); end`,
    )
    .execute(db);
  await sql
    .raw(
      sqliteUpdateTrigger(
        'staydesk_announce_external_reservations_update',
        'on external_reservations',
        'external_reservations',
        'accommodation_id',
      ),
    )
    .execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_external_reservations_delete after delete on external_reservations
        begin select ${SQLITE_FUNCTION}('external_reservations', old.accommodation_id); end`,
    )
    .execute(db);
  await sql
    .raw(
      sqliteUpdateTrigger(
        'staydesk_announce_external_feeds_update',
        'of name on external_feeds',
        'external_feeds',
        'accommodation_id',
      ),
    )
    .execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_external_feeds_delete after delete on external_feeds
        begin select ${SQLITE_FUNCTION}('external_feeds', old.accommodation_id); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger staydesk_announce_external_feeds on external_feeds').execute(db);
    await sql.raw('drop trigger staydesk_announce_external_reservations on external_reservations').execute(db);
    await sql.raw('drop trigger staydesk_announce_bookings on bookings').execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_bookings after update of status, hold_expires_at on bookings
          for each row
          when (${BOOKING_CHANGE_0007})
          execute function ${CHANNEL_FUNCTION}('accommodation_id')`,
      )
      .execute(db);
    return;
  }
  for (const name of [
    'staydesk_announce_external_feeds_delete',
    'staydesk_announce_external_feeds_update',
    'staydesk_announce_external_reservations_delete',
    'staydesk_announce_external_reservations_update',
    'staydesk_announce_external_reservations_insert',
    'staydesk_announce_bookings_update',
  ]) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await sql
    .raw(
      `create trigger staydesk_announce_bookings_update after update of status, hold_expires_at on bookings
        when ${BOOKING_CHANGE_0007.replaceAll('is distinct from', 'is not')}
        begin select ${SQLITE_FUNCTION}('bookings', new.accommodation_id); end`,
    )
    .execute(db);
}
