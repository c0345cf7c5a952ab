/**
 * `node --import ./test/support/record-packages.ts …`: appends the name of every npm package the
 * process loads, the first time it loads it, one a line, to the file named by
 * STAYDESK_TEST_PACKAGE_LOG, and every package subpath imported by name (`typebox/value`) the
 * same way. A file of the server's bundle (dist/server) counts as loading every package it holds
 * (its packages.json), whether or not their code has run yet. Tests read it to see which packages
 * a process has loaded so far.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const log = process.env.STAYDESK_TEST_PACKAGE_LOG;
const seen = new Set<string>();
const bundle = `${pathToFileURL(path.resolve(import.meta.dirname, '../../dist/server')).href}/`;
let packagesOfBundle: Record<string, string[] | undefined> | undefined;

function record(name: string): void {
  if (log === undefined || seen.has(name)) return;
  seen.add(name);
  appendFileSync(log, `${name}\n`);
}

if (log !== undefined && log !== '') {
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const subpath = /^(?:@[^/.][^/]*\/)?[^/.@][^/]*\/[^.]/.test(specifier) && resolved.url.includes('/node_modules/');
      if (subpath) record(specifier);
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
      if (name !== undefined) record(name);
      if (resolved.url.startsWith(bundle)) {
        packagesOfBundle ??= JSON.parse(readFileSync(new URL('packages.json', bundle), 'utf8')) as Record<
          string,
          string[] | undefined
        >;
        for (const held of packagesOfBundle[resolved.url.slice(bundle.length)] ?? []) record(held);
      }
      return resolved;
    },
  });
}
