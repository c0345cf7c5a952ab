import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freshBundle } from '../../bin/bundle.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the server's bundle (`npm run build`) unless one of the sources as they are is there
 * already (`npm ci` builds it), and answers its entry module.
 */
export function ensureFreshBundle(): string {
  const fresh = freshBundle(ROOT, {});
  if (fresh !== null) return fresh;
  const built = spawnSync(process.execPath, [path.join(ROOT, 'tools/build-bundle.ts')], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  const entry = freshBundle(ROOT, {});
  assert.ok(entry !== null, `the build made a bundle of the sources as they are: ${built.stdout}`);
  return entry;
}
