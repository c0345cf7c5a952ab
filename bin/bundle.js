// Which code `staydesk` runs: the bundle `npm run build` makes of the server (dist/server, built
// by tools/build-bundle.ts at `npm ci` too), when it was built from the sources as they are now;
// otherwise the TypeScript sources under src/. The bundle loads as a few files instead of about
// 1,200 modules: a start is about twice as fast and the idle process smaller
// (docs/benchmarks.md, "Speed mechanisms and the targets they serve").
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The bundle's folder, from the project's root. */
export const BUNDLE_DIR = path.join('dist', 'server');
/** Written beside the bundle: the fingerprint of the sources it was built from. */
export const BUILT_FROM = 'built-from.json';

/**
 * What the sources are now, cheaply: how many files and folders src/ holds and the newest change
 * among them and package-lock.json. An edit, a new or deleted file, a checkout or an install
 * changes it.
 */
export function sourcesFingerprint(root) {
  let entries = 1;
  let newest = statSync(path.join(root, 'package-lock.json')).mtimeMs;
  // A walk of typed entries: half the time of a recursive listing of names, each then stat'ed.
  const walk = (dir) => {
    entries += 1;
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else {
        entries += 1;
        newest = Math.max(newest, statSync(file).mtimeMs);
      }
    }
  };
  walk(path.join(root, 'src'));
  return `${String(entries)} entries, newest ${String(newest)}`;
}

/**
 * The bundle's entry module when it was built from the sources as they are now; null when there
 * is none, it is out of date, or STAYDESK_BUNDLE=off asks for the sources.
 */
export function freshBundle(root, env = process.env) {
  if (env.STAYDESK_BUNDLE === 'off') return null;
  const dir = path.join(root, BUNDLE_DIR);
  const entry = path.join(dir, 'main.js');
  if (!existsSync(entry)) return null;
  try {
    const built = JSON.parse(readFileSync(path.join(dir, BUILT_FROM), 'utf8'));
    return built.fingerprint === sourcesFingerprint(root) ? entry : null;
  } catch {
    return null;
  }
}
