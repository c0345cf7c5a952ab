import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';

/**
 * Runs `measure` on an in-process app over the embedded store (a file in a temporary folder,
 * removed afterwards), then over a fresh database on the PostgreSQL server `pgServer`.
 */
export async function onBothStores(
  name: string,
  pgServer: string,
  measure: (label: string, t: TestApp) => Promise<void>,
): Promise<void> {
  const previous = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), `staydesk-bench-${name}-`));
  try {
    await withApp(
      () => createTestApp({}, { file: path.join(dir, 'staydesk.db') }),
      (t) => measure('embedded SQLite (a file)', t),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.env.TEST_DATABASE_URL = pgServer;
  try {
    await withApp(
      () => createTestApp(),
      (t) => measure('PostgreSQL', t),
    );
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
  }
}

async function withApp(start: () => Promise<TestApp>, use: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await start();
  try {
    await use(t);
  } finally {
    await t.close();
  }
}
