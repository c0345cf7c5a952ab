import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { BIN, cleanEnv, createCliStore, startCli, type CliStore, type RunningCli } from '../support/cli.ts';
import { ensureFreshBundle } from '../support/bundle.ts';
import { until } from '../support/until.ts';
import { testStoreKind } from '../support/test-store.ts';

/**
 * The embedded default loads the heavy packages on first use, not at start (README "Running on
 * a small machine"): the card processor's verifier, the PDF writer, the mail client, the events'
 * HTTP client, the Redis client, the PostgreSQL driver, the docs page, the calendar parser and
 * the process metrics (prom-client's default metrics, which load @opentelemetry/api).
 */

const HOOK = path.resolve(import.meta.dirname, '../support/record-packages.ts');
const SECRET = 'whsec_footprint_test';
const LAZY = [
  'stripe',
  'pdfkit',
  'nodemailer',
  'ioredis',
  '@fastify/swagger-ui',
  'ical.js',
  'ajv',
  'undici',
  '@opentelemetry/api',
];
const LAZY_TITLE =
  'stripe, pdfkit, nodemailer, ioredis, swagger-ui, ical.js, ajv, undici and the process metrics ' +
  'are not loaded until first used';
/** Modules of a package that is loaded at start, but whose other parts are loaded on first use. */
const LAZY_MODULES = ['typebox/value'];
/**
 * Packages whose code the bundle's start loads in a file of the bundle without running it:
 * esbuild wraps each CommonJS module to run on its first `require`: the PostgreSQL driver and the
 * process metrics, which src/db/store.ts and src/ops/prom.ts require when first needed.
 */
const HELD_UNRUN_BY_THE_BUNDLE = new Set(['pg', '@opentelemetry/api']);

const stores: CliStore[] = [];
const processes: RunningCli[] = [];
after(async () => {
  for (const p of processes) p.kill();
  for (const s of stores) await s.cleanup();
});

function loaded(file: string): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
  } catch {
    return [];
  }
}

function stripeSignature(body: string, at: number): string {
  return `t=${at},v1=${createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex')}`;
}

describe(`start-up footprint (${testStoreKind})`, () => {
  for (const code of ['sources', 'bundle'] as const)
    test(`${LAZY_TITLE} (${code})`, async () => {
      if (code === 'bundle') ensureFreshBundle();
      const s = await createCliStore();
      stores.push(s);
      const log = path.join(s.dir, 'packages.log');
      const p = startCli(
        ['serve'],
        {
          ...s.env,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          PAYMENT_WEBHOOK_SECRET: SECRET,
          STAYDESK_TEST_PACKAGE_LOG: log,
          ...(code === 'sources' ? { STAYDESK_BUNDLE: 'off' } : {}),
        },
        { cwd: s.dir, nodeArgs: ['--import', HOOK] },
      );
      processes.push(p);
      const line = await p.waitForLine((l) => l.includes('"Staydesk listening on http://'));
      const base = /listening on (http:\/\/[^"\s]+)/.exec(line)?.[1] ?? '';
      assert.equal((JSON.parse(line) as { code?: string }).code, code);
      assert.equal((await fetch(`${base}/readyz`)).status, 200);

      const atStart = loaded(log);
      assert.ok(atStart.includes('fastify'), `the hook records packages: ${atStart.join(' ')}`);
      const lazy = code === 'sources' ? LAZY : LAZY.filter((name) => !HELD_UNRUN_BY_THE_BUNDLE.has(name));
      for (const name of lazy) assert.ok(!atStart.includes(name), `${name} is not loaded at start`);
      for (const name of LAZY_MODULES) assert.ok(!atStart.includes(name), `${name} is not loaded at start`);
      if (s.kind === 'sqlite' && code === 'sources')
        assert.ok(!atStart.includes('pg'), 'the embedded store does not load the PostgreSQL driver');

      // The first payment event loads the verifier (a signed event for no booking is acknowledged).
      const body = JSON.stringify({ id: 'evt_footprint', type: 'customer.created', data: { object: { id: 'cus_1' } } });
      const paid = await fetch(`${base}/staydesk/api/payment/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(body, Math.floor(Date.now() / 1000)),
        },
        body,
      });
      assert.equal(paid.status, 200, await paid.text());
      assert.ok(loaded(log).includes('stripe'), 'stripe is loaded by the first payment event');

      // The first request for the OpenAPI document builds it, every route in it.
      const openapi = await fetch(`${base}/openapi.json`);
      assert.equal(openapi.status, 200);
      const document = (await openapi.json()) as { openapi?: string; paths?: Record<string, unknown> };
      assert.equal(document.openapi, '3.1.0');
      assert.ok(
        Object.keys(document.paths ?? {}).some((p) => p.endsWith('/availability')),
        'the document has the v1 routes',
      );
      assert.ok(!loaded(log).includes('@fastify/swagger-ui'), 'the docs page is not loaded by the document');

      // The first visit to /docs loads the page.
      const docs = await fetch(`${base}/docs`, { redirect: 'follow' });
      assert.equal(docs.status, 200);
      assert.match(await docs.text(), /<html/i);
      assert.ok(loaded(log).includes('@fastify/swagger-ui'), 'swagger-ui is loaded by the first visit to /docs');

      // The first read of /metrics starts the process metrics, in that answer already.
      const metrics = await fetch(`${base}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(await metrics.text(), /^process_cpu_seconds_total \d/m);
      assert.ok(loaded(log).includes('@opentelemetry/api'), 'the process metrics are loaded by the first read');

      p.child.kill('SIGTERM');
      assert.equal((await p.exited()).code, 0);
    });

  test('the bin runs through its shebang, V8 flags included', () => {
    const res = spawnSync(BIN, ['--help'], {
      env: cleanEnv({ PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` }),
      encoding: 'utf8',
    });
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /Usage: staydesk/);
  });
});

describe(`compile cache (${testStoreKind})`, () => {
  test('serve writes the compile cache once it listens, not only at exit', async () => {
    const s = await createCliStore();
    stores.push(s);
    const cache = path.join(s.dir, 'compile-cache');
    const p = startCli(
      ['serve'],
      { ...s.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_COMPILE_CACHE: cache },
      { cwd: s.dir },
    );
    processes.push(p);
    await p.waitForLine((l) => l.includes('"Staydesk listening on http://'));
    // Files, not the folder Node makes at start.
    const files = () =>
      existsSync(cache)
        ? readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
        : 0;
    await until('the compile cache on disk', () => files() > 0 || p.child.exitCode !== null, 50);
    assert.equal(p.child.exitCode, null, 'still running');
    assert.ok(files() > 0, 'the cache is on disk while the process runs');
    p.child.kill('SIGKILL');
    await p.exited();
  });
});
