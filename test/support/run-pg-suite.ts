/**
 * `npm run test:pg`: runs the integration and end-to-end suites, and the PostgreSQL-only tests in
 * test/pg (several server processes sharing one database), against PostgreSQL. Each test
 * file creates (and drops) its own fresh database on the server TEST_DATABASE_URL names.
 * Fails loudly when the server cannot be reached: PostgreSQL tests are never silently skipped.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query<{ version: string }>('show server_version');
  console.log(`PostgreSQL ${rows[0]?.version ?? '?'} at ${url.replace(/\/\/[^@]*@/, '//')}`);
} catch (error) {
  console.error(`Cannot reach PostgreSQL at TEST_DATABASE_URL=${url}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=2', 'test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/pg/**/*.test.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } },
);
process.exit(result.status ?? 1);
