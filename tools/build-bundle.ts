/**
 * `npm run build` (also run by `npm ci`, as the `prepare` script): bundles the server, from
 * src/cli/main.ts, into dist/server with esbuild, which bin/staydesk.js then runs instead of the
 * TypeScript sources while they have not changed since (bin/bundle.js). Modules loaded on first use
 * (`await import(...)`) stay chunks of their own, loaded as late as before.
 *
 * The bundle still reads from the project: the files a module finds beside its source
 * (`import.meta.dirname`, `import.meta.url`: the console's assets, the guest page's style sheet,
 * the iCal parse worker) are found there, and the packages below are loaded from node_modules.
 * Without esbuild (an install without devDependencies) it builds nothing and says so; `staydesk`
 * then runs the sources.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_FROM, BUNDLE_DIR, sourcesFingerprint } from '../bin/bundle.js';

/** Written beside the bundle: the npm packages each of its files holds (test/e2e/footprint.test.ts reads it). */
const PACKAGES = 'packages.json';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packages left out of the bundle, loaded by Node from node_modules as the sources load them.
 * A start loads none of them: the sources import each only with `await import()`, on first use, where
 * a chunk of esbuild's would gain nothing and, for a CommonJS package, would answer only its
 * default export. The first two also read files relative to their own.
 */
const EXTERNAL = [
  // Reads its standard fonts' metrics from its own data folder.
  'pdfkit',
  // Serves its static files from its own folder.
  '@fastify/swagger-ui',
  'ioredis',
  'liquidjs',
  'nodemailer',
  'stripe',
  'undici',
  // pg's optional native binding, never installed.
  'pg-native',
  // Required by Fastify only on first use: the validator and serializer compilers on a route's
  // first request (src/http/lazy-schemas.ts loads them from node_modules itself), `inject`.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/** Every reference a source file makes to its own location, pointed from the bundle back at the file. */
function pointAtSource(text: string, file: string, outDir: string): string {
  const fromBundle = path.relative(outDir, file).split(path.sep).join('/');
  const dirFromBundle = path.relative(outDir, path.dirname(file)).split(path.sep).join('/');
  return (
    text
      // A module required by path (`createRequire(import.meta.url)`) is bundled like an import:
      // esbuild bundles the calls of the free `require` it leaves.
      .replace(/^\s*const require = createRequire\(import\.meta\.url\);$/gm, '')
      .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dirFromBundle}`)})`)
      .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`)
  );
}

/**
 * Escapes what esbuild leaves unescaped outside ASCII (inside template and regular expression
 * literals, where `\uXXXX` means the same character): a file that is all ASCII is read into a
 * string of one byte a character, half the memory and half the decoding time of two.
 */
function escapeToAscii(dir: string): void {
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    const file = path.join(dir, name);
    const text = readFileSync(file, 'utf8');
    // After a backslash the escape would mean another thing; esbuild's output never has one there.
    if (/\\[\u0080-\uffff]/.test(text)) throw new Error(`${name}: a character outside ASCII after a backslash`);
    const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== text) writeFileSync(file, ascii);
  }
}

/** Each file of the bundle (by name) and the npm packages it holds, from esbuild's account of the build. */
function packagesByFile(meta: import('esbuild').Metafile): Record<string, string[]> {
  const byFile: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(meta.outputs)) {
    const names = Object.keys(output.inputs).map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]);
    byFile[path.basename(file)] = [...new Set(names.filter((name) => name !== undefined))].sort();
  }
  return byFile;
}

async function build(outDir: string): Promise<boolean> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    console.log(
      'staydesk build: esbuild is not installed (an install without devDependencies); staydesk runs the sources',
    );
    return false;
  }
  const fingerprint = sourcesFingerprint(ROOT);
  const building = `${outDir}.building-${String(process.pid)}`;
  rmSync(building, { recursive: true, force: true });
  const src = path.join(ROOT, 'src') + path.sep;
  const built = await esbuild.build({
    entryPoints: { main: path.join(ROOT, 'src/cli/main.ts') },
    outdir: building,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    conditions: ['staydesk-source'],
    external: EXTERNAL,
    define: { STAYDESK_BUNDLED: 'true' },
    // What a bundled CommonJS package requires (Node's own modules among them) goes through a
    // `require` of the chunk's own.
    banner: {
      js:
        "import { createRequire as staydeskCreateRequire } from 'node:module';\n" +
        'const require = staydeskCreateRequire(import.meta.url);',
    },
    logLevel: 'warning',
    metafile: true,
    // A third less to read and parse at every start; names stay, for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [
      {
        name: 'staydesk-sources',
        setup(plugin) {
          plugin.onLoad({ filter: /\.ts$/ }, (args) => {
            if (!args.path.startsWith(src)) return undefined;
            return { contents: pointAtSource(readFileSync(args.path, 'utf8'), args.path, outDir), loader: 'ts' };
          });
        },
      },
    ],
  });
  escapeToAscii(building);
  writeFileSync(path.join(building, BUILT_FROM), `${JSON.stringify({ fingerprint })}\n`);
  writeFileSync(path.join(building, PACKAGES), `${JSON.stringify(packagesByFile(built.metafile))}\n`);
  // Swapped in whole: a process starting meanwhile finds the old bundle, the new one or (for an
  // instant) none, and then runs the sources.
  mkdirSync(path.dirname(outDir), { recursive: true });
  const old = `${outDir}.old-${String(process.pid)}`;
  try {
    renameSync(outDir, old);
  } catch {
    // No bundle yet.
  }
  renameSync(building, outDir);
  rmSync(old, { recursive: true, force: true });
  return true;
}

const began = performance.now();
if (await build(path.join(ROOT, BUNDLE_DIR))) {
  console.log(`staydesk build: ${BUNDLE_DIR} built in ${String(Math.round(performance.now() - began))} ms`);
}
