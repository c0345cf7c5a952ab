import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { alloggiatiFolder } from '../support/registrations.ts';
import { testStoreKind } from '../support/test-store.ts';

// `staydesk alloggiati-tables import FOLDER` through the real binary (docs/registrations.md).

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const clean of cleanups) await clean();
});

async function fresh(): Promise<CliStore> {
  const s = await createCliStore();
  cleanups.push(() => s.cleanup());
  return s;
}

function folder(skip: string[] = []): string {
  const dir = alloggiatiFolder(skip);
  cleanups.push(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

async function codes(s: CliStore): Promise<number> {
  const store = s.open();
  try {
    return (await store.db.selectFrom('alloggiati_codes').select('code').execute()).length;
  } finally {
    await store.destroy();
  }
}

describe(`staydesk alloggiati-tables import (${testStoreKind})`, () => {
  test('loads the tables, a line per file, the totals last', async () => {
    const s = await fresh();
    const res = await runCli(['alloggiati-tables', 'import', folder()], s.env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^comuni\.csv: 3 comune codes$/m);
    assert.match(res.stdout, /^documenti\.csv: 3 document codes$/m);
    assert.match(res.stdout, /^leggimi\.pdf: skipped/m);
    assert.equal(res.lastLine, 'Imported 3 comuni, 3 states, 3 document types and 5 guest types.');
    assert.equal(await codes(s), 14);
  });

  test('a missing table, a bad row or a missing folder: exit 1, a clear message, nothing changed', async () => {
    const s = await fresh();
    assert.equal((await runCli(['alloggiati-tables', 'import', folder()], s.env)).code, 0);
    const missing = await runCli(['alloggiati-tables', 'import', folder(['documenti.csv'])], s.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /has no document codes.*Nothing was changed\./s);
    const broken = folder();
    fs.appendFileSync(path.join(broken, 'comuni.csv'), '\r\n12,ROMA,RM,');
    const bad = await runCli(['alloggiati-tables', 'import', broken], s.env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /comuni\.csv line 5: code "12" is not a comune code/);
    const absent = await runCli(['alloggiati-tables', 'import', path.join(broken, 'nowhere')], s.env);
    assert.equal(absent.code, 1);
    assert.match(absent.stderr, /cannot read the folder .*ENOENT/);
    assert.ok(!/\n\s+at /.test(bad.stderr + absent.stderr + missing.stderr), 'no stack trace');
    assert.equal(await codes(s), 14, 'the tables imported before are kept');
    const usage = await runCli(['alloggiati-tables', 'import'], s.env);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /FOLDER is required/);
  });
});
