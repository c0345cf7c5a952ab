import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore } from '../../src/db/store.ts';
import { adminQuery, pgDatabaseUrl } from './test-store.ts';

/**
 * The migrated database that `npm run test:pg` copies for each test store (`create database …
 * template …`), so every test file does not run every migration again. It is built afresh by
 * each run, so it always holds the current migrations, and its name is unique to the run, so
 * runs by several people on one server do not share or drop each other's template.
 */
export async function createPgTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `staydesk_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const drop = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    const store = openStore({ kind: 'postgres', url: pgDatabaseUrl(serverUrl, name) });
    try {
      await migrateToLatest(store.db);
    } finally {
      // A database cannot be copied while anyone is connected to it.
      await store.destroy();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
