/**
 * `node --import ./test/support/record-packages.ts …`: appends the name of every npm package the
 * process loads, the first time it loads it, one a line, to the file named by
 * STAYDESK_TEST_PACKAGE_LOG. Tests read it to see which packages a process has loaded so far.
 */
import { appendFileSync } from 'node:fs';
import module from 'node:module';

const log = process.env.STAYDESK_TEST_PACKAGE_LOG;
const seen = new Set<string>();

if (log !== undefined && log !== '') {
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
      if (name !== undefined && !seen.has(name)) {
        seen.add(name);
        appendFileSync(log, `${name}\n`);
      }
      return resolved;
    },
  });
}
