import { Migrator, type Migration, type MigrationResultSet } from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as technicalUser from './migrations/0002-technical-user.ts';
import type { Db } from './store.ts';

/** Migrations in order. Names sort by their numeric prefix; never rename a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-technical-user': technicalUser,
};

export class MigrationError extends Error {
  readonly migration: string | undefined;
  constructor(message: string, migration: string | undefined, cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

function migrator(db: Db): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
}

/**
 * Brings the schema up to date. Kysely takes a lock first (an advisory lock on PostgreSQL), so
 * two processes starting at once run each migration exactly once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  return check(result);
}

export async function migrateDownOne(db: Db): Promise<string[]> {
  return check(await migrator(db).migrateDown());
}

function check({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new MigrationError(
      failed ? `migration ${failed.migrationName} failed: ${reason}` : `migrations failed: ${reason}`,
      failed?.migrationName,
      error,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
