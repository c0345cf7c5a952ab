import { setTimeout as delay } from 'node:timers/promises';
import { Migrator, sql, type Migration, type MigrationResultSet } from 'kysely';
import { isMissingTable, isPostgres, isSqliteBusy } from './dialect.ts';
import * as initial from './migrations/0001-initial.ts';
import * as technicalUser from './migrations/0002-technical-user.ts';
import * as bookingHistory from './migrations/0003-booking-history.ts';
import * as icalSync from './migrations/0005-ical-sync.ts';
import * as changeAnnouncements from './migrations/0007-change-announcements.ts';
import * as deliveriesAndMoney from './migrations/0008-deliveries-and-money.ts';
import * as consoleSessions from './migrations/0009-console-sessions.ts';
import * as bookingClaimsAfterCommit from './migrations/0010-booking-claims-announced-after-commit.ts';
import * as leanerIndexes from './migrations/0011-leaner-indexes.ts';
import * as calendarAnnouncements from './migrations/0012-calendar-announcements.ts';
import * as channelSyncTrust from './migrations/0014-channel-sync-trust.ts';
import * as reportIndexes from './migrations/0015-report-indexes.ts';
import * as bookingDesk from './migrations/0016-booking-desk.ts';
import * as partnerEvents from './migrations/0017-partner-events.ts';
import * as lenientEdges from './migrations/0019-lenient-edges.ts';
import * as guestLanguage from './migrations/0021-guest-language.ts';
import * as hostMailsDelivered from './migrations/0022-host-mails-delivered.ts';
import * as archivedAccommodations from './migrations/0023-archived-accommodations.ts';
import * as processorPaid from './migrations/0024-processor-paid.ts';
import * as guestsWithoutEmail from './migrations/0025-guests-without-email.ts';
import * as endpointLimit from './migrations/0026-endpoint-limit.ts';
import * as oneWordOneMeaning from './migrations/0027-one-word-one-meaning.ts';
import * as testMode from './migrations/0028-test-mode.ts';
import * as money from './migrations/0029-money.ts';
import * as guestMessages from './migrations/0030-guest-messages.ts';
import * as teamAndTasks from './migrations/0031-team-and-tasks.ts';
import * as guestRegistrations from './migrations/0032-guest-registrations.ts';
import * as guestPage from './migrations/0033-guest-page.ts';
import * as authoritiesAndPrivacy from './migrations/0035-authorities-and-privacy.ts';
import * as workAfterCommit from './migrations/0036-work-after-commit.ts';
import * as pendingDeliveries from './migrations/0037-pending-deliveries.ts';
import * as deliveriesByEndpoint from './migrations/0038-deliveries-by-endpoint.ts';
import type { Db } from './store.ts';
import { withoutLimits } from './store-timeouts.ts';

/** Migrations in order. Names sort by their numeric prefix; never rename a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-technical-user': technicalUser,
  '0003-booking-history': bookingHistory,
  '0005-ical-sync': icalSync,
  '0007-change-announcements': changeAnnouncements,
  '0008-deliveries-and-money': deliveriesAndMoney,
  '0009-console-sessions': consoleSessions,
  '0010-booking-claims-announced-after-commit': bookingClaimsAfterCommit,
  '0011-leaner-indexes': leanerIndexes,
  '0012-calendar-announcements': calendarAnnouncements,
  '0014-channel-sync-trust': channelSyncTrust,
  '0015-report-indexes': reportIndexes,
  '0016-booking-desk': bookingDesk,
  '0017-partner-events': partnerEvents,
  '0019-lenient-edges': lenientEdges,
  '0021-guest-language': guestLanguage,
  '0022-host-mails-delivered': hostMailsDelivered,
  '0023-archived-accommodations': archivedAccommodations,
  '0024-processor-paid': processorPaid,
  '0025-guests-without-email': guestsWithoutEmail,
  '0026-endpoint-limit': endpointLimit,
  '0027-one-word-one-meaning': oneWordOneMeaning,
  '0028-test-mode': testMode,
  '0029-money': money,
  '0030-guest-messages': guestMessages,
  '0031-team-and-tasks': teamAndTasks,
  '0032-guest-registrations': guestRegistrations,
  '0033-guest-page': guestPage,
  '0035-authorities-and-privacy': authoritiesAndPrivacy,
  '0036-work-after-commit': workAfterCommit,
  '0037-pending-deliveries': pendingDeliveries,
  '0038-deliveries-by-endpoint': deliveriesByEndpoint,
};

export class MigrationError extends Error {
  readonly migration: string | undefined;
  constructor(message: string, migration: string | undefined, cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

function migrator(db: Db, list: Record<string, Migration>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(list) },
  });
}

/** How long a second process waits for another one's migrations on the embedded store. */
const SQLITE_LOCK_WAIT_MS = 30_000;

/**
 * PostgreSQL: Kysely takes an advisory lock and runs the migrations in one transaction, so two
 * processes starting at once run each migration exactly once; the run has no statement limit
 * (store-timeouts.ts, withoutLimits). On SQLite Kysely does neither, so
 * the whole run holds SQLite's write lock (BEGIN IMMEDIATE) here: a second process waits, then
 * finds nothing to do, and a failing run is rolled back instead of leaving tables half-created.
 * The lock is polled with the busy timeout off, so two stores in one process cannot block each
 * other's event loop.
 */
async function run(db: Db, step: (db: Db) => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  // A connection that cannot be had (the server away) fails the run as the migrator's own errors do.
  if (isPostgres(db)) return withoutLimits(db, step).catch((error: unknown) => ({ error }));
  return db.connection().execute(async (conn) => {
    const previous = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn)).rows[0]?.timeout ?? 0;
    await sql.raw('pragma busy_timeout = 0').execute(conn);
    try {
      const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
      for (;;) {
        try {
          await sql`begin immediate`.execute(conn);
          break;
        } catch (error) {
          if (!isSqliteBusy(error) || Date.now() > deadline) throw error;
          await delay(20);
        }
      }
    } finally {
      await sql.raw(`pragma busy_timeout = ${previous}`).execute(conn);
    }
    let result: MigrationResultSet;
    try {
      result = await step(conn);
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
    await sql.raw(result.error === undefined ? 'commit' : 'rollback').execute(conn);
    return result;
  });
}

/**
 * Whether the store has applied exactly the migrations of `list`, from one read of Kysely's own
 * table (none yet: false). A start on an up-to-date store then needs neither the migrator's lock
 * nor, on the embedded store, its write lock.
 */
async function upToDate(db: Db, list: Record<string, Migration>): Promise<boolean> {
  let applied: { name: string }[];
  try {
    applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows;
  } catch (error) {
    if (isMissingTable(error)) return false;
    // A store that cannot be read fails as a run of the migrator would.
    throw migrationFailure(error, undefined);
  }
  const wanted = new Set(Object.keys(list));
  return applied.length === wanted.size && applied.every((row) => wanted.has(row.name));
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Db, list: Record<string, Migration> = migrations): Promise<string[]> {
  if (await upToDate(db, list)) return [];
  return check(await run(db, (d) => migrator(d, list).migrateToLatest()));
}

/** @internal Used by the migration tests, which undo and redo each migration. */
export async function migrateDownOne(db: Db, list: Record<string, Migration> = migrations): Promise<string[]> {
  return check(await run(db, (d) => migrator(d, list).migrateDown()));
}

/** A failed run, naming the migration that failed when one did. */
function migrationFailure(error: unknown, migration: string | undefined): MigrationError {
  const reason = error instanceof Error ? error.message : JSON.stringify(error);
  return new MigrationError(
    migration === undefined ? `migrations failed: ${reason}` : `migration ${migration} failed: ${reason}`,
    migration,
    error,
  );
}

function check({ error, results }: MigrationResultSet): string[] {
  if (error !== undefined) throw migrationFailure(error, results?.find((r) => r.status === 'Error')?.migrationName);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
