import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StoreConfig } from '../../src/config/config.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore, type Store } from '../../src/db/store.ts';

/**
 * The store integration tests run on: in-memory SQLite by default, or a fresh PostgreSQL
 * database (created here, dropped on close) when TEST_DATABASE_URL is set — `npm run test:pg`.
 * Under `npm run test:pg` a migrated database is copied from the template that
 * TEST_DATABASE_TEMPLATE names (test/support/pg-template.ts) instead of migrating it again.
 */

export const testStoreKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * For the names of tests whose contenders run "at once": SQLite runs one transaction at a time
 * on its one connection, so there they are serialised; only PostgreSQL makes them race.
 */
export const concurrency =
  testStoreKind === 'postgres'
    ? 'postgres: concurrent transactions'
    : 'sqlite: serialised on the embedded store, a real race on PostgreSQL';

export interface TestStore {
  store: Store;
  config: StoreConfig;
  close(): Promise<void>;
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `serverUrl` points at. */
export function pgDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the PostgreSQL server that TEST_DATABASE_URL names: empty, or a copy of
 * `template` (which nobody may be connected to meanwhile).
 */
export async function createPgDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `staydesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(
    serverUrl,
    options.template === undefined ? `create database ${name}` : `create database ${name} template ${options.template}`,
  );
  return {
    url: pgDatabaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

function templateName(): string | undefined {
  const name = process.env.TEST_DATABASE_TEMPLATE;
  if (!name) return undefined;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`TEST_DATABASE_TEMPLATE is not a plain database name: ${name}`);
  return name;
}

export async function openTestStore(options: { migrate?: boolean; file?: string } = {}): Promise<TestStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let config: StoreConfig;
  let drop: () => Promise<void> = async () => undefined;
  // Tests of the migrations themselves (migrate: false) always start from an empty database.
  const template = options.migrate === false ? undefined : templateName();
  if (serverUrl) {
    const database = await createPgDatabase(serverUrl, { template });
    config = { kind: 'postgres', url: database.url };
    drop = () => database.drop();
  } else {
    config = options.file ? { kind: 'sqlite', file: options.file } : { kind: 'memory' };
  }
  const store = openStore(config);
  if (options.migrate !== false && !(serverUrl && template !== undefined)) await migrateToLatest(store.db);
  return {
    store,
    config,
    close: async () => {
      await store.destroy();
      await drop();
    },
  };
}
