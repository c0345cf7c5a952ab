import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StoreConfig } from '../../src/config/config.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore, type Store } from '../../src/db/store.ts';

/**
 * The store integration tests run on: in-memory SQLite by default, or a fresh PostgreSQL
 * database (created here, dropped on close) when TEST_DATABASE_URL is set — `npm run test:pg`.
 */

export const testStoreKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestStore {
  store: Store;
  config: StoreConfig;
  close(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server that TEST_DATABASE_URL names. */
export async function createPgDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `staydesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function openTestStore(options: { migrate?: boolean; file?: string } = {}): Promise<TestStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let config: StoreConfig;
  let drop: () => Promise<void> = async () => undefined;
  if (serverUrl) {
    const database = await createPgDatabase(serverUrl);
    config = { kind: 'postgres', url: database.url };
    drop = () => database.drop();
  } else {
    config = options.file ? { kind: 'sqlite', file: options.file } : { kind: 'memory' };
  }
  const store = openStore(config);
  if (options.migrate !== false) await migrateToLatest(store.db);
  return {
    store,
    config,
    close: async () => {
      await store.destroy();
      await drop();
    },
  };
}
