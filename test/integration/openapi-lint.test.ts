import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// /openapi.json passes Redocly's recommended rules with no error and no warning (redocly.yaml:
// recommended-strict), as `npm run lint:openapi` checks in CI; here also with the metrics token
// set, which changes what /metrics declares.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REDOCLY = join(ROOT, 'node_modules/.bin/redocly');
let t: TestApp;
let dir: string;

before(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'metrics-token-for-the-lint' });
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
});
after(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function lint(document: unknown): Promise<{ ok: boolean; output: string }> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      REDOCLY,
      ['lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish', file],
      { env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, timeout: 60_000 },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe(`redocly lint of /openapi.json (${testStoreKind})`, () => {
  test('no error and no warning under the recommended rules, with and without a metrics token', async () => {
    const res = await t.request({ method: 'GET', url: '/openapi.json', key: null });
    const result = await lint(res.json());
    assert.ok(result.ok, result.output);
    const open = await createTestApp();
    try {
      const plain = await open.request({ method: 'GET', url: '/openapi.json', key: null });
      const without = await lint(plain.json());
      assert.ok(without.ok, without.output);
    } finally {
      await open.close();
    }
  });

  test('a warning fails it (the check can fail)', async () => {
    const res = await t.request({ method: 'GET', url: '/openapi.json', key: null });
    const document = res.json<{ info: Record<string, unknown> }>();
    delete document.info.license;
    const result = await lint(document);
    assert.equal(result.ok, false);
    assert.match(result.output, /info-license/);
  });
});
