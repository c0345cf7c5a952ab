/**
 * `npm run test:pg`: runs the integration and end-to-end suites, and the PostgreSQL-only tests in
 * test/pg (several server processes sharing one database), against PostgreSQL. Each test
 * file creates (and drops) its own database on the server TEST_DATABASE_URL names: a copy of a
 * template migrated once for this run (pg-template.ts), or an empty one where a test runs the
 * migrations itself. Fails loudly when the server cannot be reached: PostgreSQL tests are never
 * silently skipped.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { createPgTemplate } from './pg-template.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query<{ version: string }>('show server_version');
  console.log(`PostgreSQL ${rows[0]?.version ?? '?'} at ${url.replace(/\/\/[^@]*@/, '//')}`);
} catch (error) {
  console.error(
    `Cannot reach PostgreSQL at TEST_DATABASE_URL=${url}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

const template = await createPgTemplate(url);
let status: number;
try {
  const child = spawn(
    process.execPath,
    [
      '--test',
      '--test-concurrency=2',
      'test/integration/**/*.test.ts',
      'test/e2e/**/*.test.ts',
      'test/pg/**/*.test.ts',
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url, TEST_DATABASE_TEMPLATE: template.name } },
  );
  // Ctrl-C reaches the test runner too; stay alive until it has ended, then drop the template.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  status = await new Promise<number>((resolve) => {
    child.on('exit', (code) => {
      resolve(code ?? 1);
    });
  });
  process.off('SIGINT', ignore);
} finally {
  await template.drop();
}
process.exit(status);
