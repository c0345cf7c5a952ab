import { sql, type Kysely } from 'kysely';

/**
 * The host's alert mails (overbooking digests, empty calendars) were queued with a kind the mail
 * worker did not pick up, so they stayed pending: they join the mails it delivers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set kind = 'mail' where kind = 'host'`.execute(db);
}

/** Nothing to undo: a host mail of kind 'mail' is what the code writes now. */
export async function down(): Promise<void> {
  // The rows cannot be told apart from other mails any more, and need not be.
}
