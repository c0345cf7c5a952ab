import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Bundles the widget into one minified ES module, dist/staydesk-booking.js, for browsers from
 * 2022 on (custom elements, shadow DOM, Intl), and prints its size, raw and gzipped. The package's
 * `build` script then writes the type declarations beside it (tsc, tsconfig.build.json).
 */

const here = path.resolve(import.meta.dirname, '..');
const WIDGET_FILE = path.join(here, 'dist', 'staydesk-booking.js');

async function buildWidget(): Promise<{ file: string; bytes: number; gzipped: number }> {
  await build({
    entryPoints: [path.join(here, 'src', 'index.ts')],
    outfile: WIDGET_FILE,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome105', 'firefox110', 'safari16'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  const code = readFileSync(WIDGET_FILE);
  return { file: WIDGET_FILE, bytes: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const { file, bytes, gzipped } = await buildWidget();
console.log(`${path.relative(process.cwd(), file)}: ${bytes} bytes, ${gzipped} bytes gzipped`);
