import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Packs @staydesk/client as a partner installs it: compiled into a staging directory beside a
 * package.json without what only this repository uses (the `staydesk-source` export condition,
 * the scripts, the devDependencies), then `npm pack` of that directory. The workspace's own
 * package.json is never changed, so its sources stay what the repository resolves while packing.
 *
 *   npm run tarball -w @staydesk/client [-- --pack-destination <dir>]
 */

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_CONDITION = 'staydesk-source';

type Manifest = Record<string, unknown> & { exports?: Record<string, Record<string, string>> };

/** The package.json a partner installs: the workspace's, less its development-only fields. */
export function packedManifest(manifest: Manifest): Manifest {
  const { scripts: _scripts, devDependencies: _devDependencies, ...shipped } = manifest;
  if (manifest.exports === undefined) return shipped;
  const exports: Record<string, Record<string, string>> = {};
  for (const [entry, conditions] of Object.entries(manifest.exports)) {
    const { [SOURCE_CONDITION]: _source, ...rest } = conditions;
    exports[entry] = rest;
  }
  return { ...shipped, exports };
}

export interface Packed {
  /** The tarball's absolute path. */
  tarball: string;
  /** The files it holds, relative to the package. */
  files: string[];
}

/** Builds and packs the client into `destination`. */
export function packClient(destination: string): Packed {
  const staging = mkdtempSync(path.join(tmpdir(), 'staydesk-client-pack-'));
  try {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [tsc, '-p', path.join(PACKAGE_DIR, 'tsconfig.build.json'), '--outDir', path.join(staging, 'dist')],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as Manifest;
    writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(packedManifest(manifest), null, 2)}\n`);
    cpSync(path.join(PACKAGE_DIR, 'README.md'), path.join(staging, 'README.md'));
    const out = execFileSync(
      'npm',
      ['pack', staging, '--json', '--ignore-scripts', '--pack-destination', path.resolve(destination)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [result] = JSON.parse(out) as [{ filename: string; files: { path: string }[] }];
    return { tarball: path.resolve(destination, result.filename), files: result.files.map((f) => f.path) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--pack-destination');
  const destination = flag >= 0 ? process.argv[flag + 1] : (process.env.INIT_CWD ?? process.cwd());
  if (destination === undefined) throw new Error('--pack-destination needs a directory.');
  console.log(packClient(destination).tarball);
}
