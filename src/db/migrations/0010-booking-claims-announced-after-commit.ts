import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A new booking's claims are announced by the process that wrote them, once the booking has
 * committed (`ChangeFeed.announce`), instead of by the night_claims trigger inside the booking's
 * transaction. On PostgreSQL every transaction that sends a NOTIFY takes one cluster-wide lock
 * from just before its commit until the commit has been flushed, so announcing inside the booking
 * made every booking commit wait for the one before it (no two bookings shared a WAL flush).
 *
 * Every other insert of a booking's claims comes with an announcement of its own in the same
 * transaction: moving a booking deletes its old claims first (announced), and a late payment that
 * claims a booking's nights again changes its status (announced by the bookings trigger). Claims
 * of blocks and imported stays, and every update and delete of a claim, are announced as before.
 */

const SQLITE_FUNCTION = 'staydesk_changed';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger staydesk_announce_night_claims on night_claims').execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_night_claims after insert on night_claims
          for each row
          when (new.kind <> 'booking')
          execute function staydesk_announce('accommodation_id')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_night_claims_change after update or delete on night_claims
          for each row
          execute function staydesk_announce('accommodation_id')`,
      )
      .execute(db);
    return;
  }
  await sql.raw('drop trigger staydesk_announce_night_claims_insert').execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_night_claims_insert after insert on night_claims
        when new.kind <> 'booking'
        begin select ${SQLITE_FUNCTION}('night_claims', new.accommodation_id); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger staydesk_announce_night_claims_change on night_claims').execute(db);
    await sql.raw('drop trigger staydesk_announce_night_claims on night_claims').execute(db);
    await sql
      .raw(
        `create trigger staydesk_announce_night_claims after insert or update or delete on night_claims
          for each row
          execute function staydesk_announce('accommodation_id')`,
      )
      .execute(db);
    return;
  }
  await sql.raw('drop trigger staydesk_announce_night_claims_insert').execute(db);
  await sql
    .raw(
      `create trigger staydesk_announce_night_claims_insert after insert on night_claims
        begin select ${SQLITE_FUNCTION}('night_claims', new.accommodation_id); end`,
    )
    .execute(db);
}
