#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=2
// The `staydesk` command. Node 24 runs the TypeScript sources directly (type stripping); the
// bundle `npm ci` builds of them (`npm run build`) only makes a start faster and smaller.
// --max-semi-space-size=2 caps V8's young generation at 2 MB a half (the default lets it grow to
// 32 MB a half, 64 MB of resident memory that a small service never needs). MALLOC_ARENA_MAX=2
// keeps glibc's malloc to two arenas where it would give each of Node's and V8's threads one of
// its own, a few MB of resident memory each. `npm start` sets both; a process started as
// `node bin/staydesk.js` runs with V8's and glibc's defaults.
import { existsSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Before anything else: an older Node cannot load the TypeScript sources, and would stop with a
// raw ERR_UNKNOWN_FILE_EXTENSION stack. Node 22 strips types from 22.18 on (process.features.typescript);
// Staydesk runs on Node 24.
const [major = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || !process.features.typescript) {
  process.stderr.write(
    `Staydesk needs Node.js 22 or newer, with TypeScript support (22.18 or later; Staydesk runs on 24).\n` +
      `This is Node.js ${process.versions.node} (${process.execPath}).\n` +
      'Run it as `npx staydesk` or `npm start` in the project, which use the Node.js it installs, or install Node.js 24.\n',
  );
  process.exit(1);
}

// Node's compile cache keeps the compiled (and type-stripped) modules on disk, so every start
// after the first skips most of the work of loading them. NODE_COMPILE_CACHE, when set, wins;
// a cache that cannot be opened only costs speed.
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'staydesk-compile-cache'));

// V8's optimising compiler waits until `serve` listens (src/cli/optimizing-compiler.ts): what it
// would optimise while the modules load is not worth the memory it would keep. Imported after
// the compile cache is on, like every TypeScript module, so that no start strips its types.
(await import('../src/cli/optimizing-compiler.ts')).holdBackOptimizingCompiler();

// A .env file in the working directory may supply configuration; variables already set in the
// environment win over it.
if (existsSync('.env')) process.loadEnvFile('.env');

// Imported only now, so that the modules it loads go through the compile cache: the bundle of the
// server when it is up to date with the sources (bin/bundle.js), else the sources.
const { freshBundle } = await import('./bundle.js');
const bundle = freshBundle(path.join(import.meta.dirname, '..'));
const { main } =
  bundle === null
    ? await import('../src/cli/main.ts')
    : /** @type {typeof import('../src/cli/main.ts')} */ (await import(pathToFileURL(bundle).href));
process.exitCode = await main(process.argv.slice(2));
