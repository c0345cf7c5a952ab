import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { BUILT_FROM, BUNDLE_DIR, freshBundle, sourcesFingerprint } from '../../bin/bundle.js';

/** A project of two source files with a bundle built from them as they are. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'staydesk-bundle-'));
  mkdirSync(path.join(root, 'src', 'cli'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'cli', 'main.ts'), 'export const main = 1;\n');
  writeFileSync(path.join(root, 'src', 'server.ts'), 'export const server = 1;\n');
  writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
  const dir = path.join(root, BUNDLE_DIR);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'main.js'), 'export const main = 1;\n');
  writeFileSync(path.join(dir, BUILT_FROM), JSON.stringify({ fingerprint: sourcesFingerprint(root) }));
  return root;
}

/** Moves a file's modification time a minute on, as an edit after the build would. */
function touchLater(file: string): void {
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
}

describe('which code staydesk runs (bin/bundle.js)', () => {
  let root = '';
  beforeEach(() => {
    root = project();
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  test('the bundle, while the sources are as it was built from', () => {
    assert.equal(freshBundle(root, {}), path.join(root, BUNDLE_DIR, 'main.js'));
  });

  test('the sources once a file is edited, added or deleted, or the lock file changes', () => {
    touchLater(path.join(root, 'src', 'server.ts'));
    assert.equal(freshBundle(root, {}), null, 'edited');

    rmSync(root, { recursive: true, force: true });
    root = project();
    writeFileSync(path.join(root, 'src', 'cli', 'new.ts'), '');
    touchLater(path.join(root, 'src', 'cli', 'new.ts'));
    assert.equal(freshBundle(root, {}), null, 'added');

    rmSync(root, { recursive: true, force: true });
    root = project();
    const before = sourcesFingerprint(root);
    unlinkSync(path.join(root, 'src', 'server.ts'));
    assert.notEqual(sourcesFingerprint(root), before, 'deleted');

    rmSync(root, { recursive: true, force: true });
    root = project();
    touchLater(path.join(root, 'package-lock.json'));
    assert.equal(freshBundle(root, {}), null, 'an install');
  });

  test('the sources when STAYDESK_BUNDLE=off, or no bundle or no record of its sources is there', () => {
    assert.equal(freshBundle(root, { STAYDESK_BUNDLE: 'off' }), null);
    unlinkSync(path.join(root, BUNDLE_DIR, BUILT_FROM));
    assert.equal(freshBundle(root, {}), null, 'no record');
    rmSync(path.join(root, BUNDLE_DIR), { recursive: true });
    assert.equal(freshBundle(root, {}), null, 'no bundle');
  });
});
