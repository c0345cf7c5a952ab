/**
 * `node --import ./test/support/record-packages.ts …`: appends the name of every npm package the
 * process loads, the first time it loads it, one a line, to the file named by
 * STAYDESK_TEST_PACKAGE_LOG, and every package subpath imported by name (`typebox/value`) the
 * same way. Tests read it to see which packages a process has loaded so far.
 */
import { appendFileSync } from 'node:fs';
import module from 'node:module';

const log = process.env.STAYDESK_TEST_PACKAGE_LOG;
const seen = new Set<string>();

if (log !== undefined && log !== '') {
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const subpath = /^(?:@[^/.][^/]*\/)?[^/.@][^/]*\/[^.]/.test(specifier) && resolved.url.includes('/node_modules/');
      if (subpath && !seen.has(specifier)) {
        seen.add(specifier);
        appendFileSync(log, `${specifier}\n`);
      }
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
      if (name !== undefined && !seen.has(name)) {
        seen.add(name);
        appendFileSync(log, `${name}\n`);
      }
      return resolved;
    },
  });
}
