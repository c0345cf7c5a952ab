import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

// ARCHITECTURE.md, the READMEs and docs/ name the repository's files and the npm packages it
// uses. This test fails when one of them names a path that is not in the tree, a file name
// (`booking-lifecycle.ts`) that no file of the repository has, or a package that is neither a
// dependency in a package.json of the workspace nor installed as a dependency of one. It reads
// whatever the tree holds, so moving a file only asks the documents to follow it.

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Folders whose files the documents name by path or by file name. */
const CODE_FOLDERS = ['src', 'test', 'bench', 'bin', 'tools', 'packages', 'examples', '.ci'];
const SKIPPED = new Set(['node_modules', 'dist', '.git']);
/** Guides for partners: a file name alone there (`quote.ts`) is the partner's own file. */
const PARTNER_GUIDES = new Set(['docs/partner-quickstart.md', 'docs/partners.md', 'docs/widget.md']);

/** A path into one of the code folders, as a document writes it: `src/db/store.ts`, `test/pg`. */
const PATH = /(?<![\w./@-])((?:src|test|bench|bin|tools|packages|examples|\.ci)\/[\w./*<>…-]*)/g;
/** A file name in backticks without a folder: `booking-lifecycle.ts`. */
const FILE_NAME = /`([\w.-]+\.(?:ts|js))`/g;
/** An npm package name, scoped or not, with an optional subpath (`typebox/value`). */
const PACKAGE_NAME = /^((?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*)(?:\/[\w./-]+)?$/;

interface Problem {
  where: string;
  named: string;
  problem: string;
}

function walk(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

/** The documents a reader looks in: ARCHITECTURE.md, the READMEs, and everything under docs/. */
function documents(): string[] {
  const docs = walk(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md'));
  const readmes = [
    'ARCHITECTURE.md',
    'README.md',
    'examples/README.md',
    ...readdirSync(path.join(ROOT, 'packages')).map((name) => `packages/${name}/README.md`),
  ];
  return [...readmes.map((file) => path.join(ROOT, file)).filter((file) => existsSync(file)), ...docs];
}

function lineOf(text: string, index: number | undefined): number {
  return text.slice(0, index).split('\n').length;
}

/**
 * Paths a document names that the tree lacks. Globs and placeholders (`*`, `<id>`, `…`) are not
 * paths, and a build's output (`dist/`) is not in the tree.
 */
function missingPaths(text: string, where: string, exists: (relative: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  for (const match of text.matchAll(PATH)) {
    const named = (match[1] ?? '').replace(/[.,:;)]+$/, '').replace(/\/$/, '');
    if (/[*<>…]|\.\.\.|\/dist\//.test(named)) continue;
    if (!exists(named)) {
      problems.push({ where: `${where}:${String(lineOf(text, match.index))}`, named, problem: 'no such path' });
    }
  }
  return problems;
}

/** File names in backticks that no file of the repository has; a package named like a file (`ical.js`) is not one. */
function missingFileNames(
  text: string,
  where: string,
  names: ReadonlySet<string>,
  isPackage: (name: string) => boolean = () => false,
): Problem[] {
  const problems: Problem[] = [];
  for (const match of text.matchAll(FILE_NAME)) {
    const named = match[1] ?? '';
    if (!names.has(named) && !isPackage(named)) {
      problems.push({ where: `${where}:${String(lineOf(text, match.index))}`, named, problem: 'no file of that name' });
    }
  }
  return problems;
}

/**
 * The npm packages a document names: a name in backticks right before "package"
 * ("the `stripe` package"), and the names in a parenthesised list that follows "packages" in
 * the same sentence ("packages loaded on first use (stripe, pdfkit, ...)"): the
 * list's backticked names, or its comma-separated words when it has none. Built-in modules
 * (`node:http`), paths and file names are not packages.
 */
function namedPackages(text: string): { name: string; index: number }[] {
  const found: { name: string; index: number }[] = [];
  const add = (token: string, index: number) => {
    const trimmed = token.trim();
    if (trimmed.startsWith('node:') || /\.(?:ts|js|md|json)$/.test(trimmed)) return;
    if (CODE_FOLDERS.some((folder) => trimmed.startsWith(`${folder}/`))) return;
    const name = PACKAGE_NAME.exec(trimmed)?.[1];
    if (name !== undefined) found.push({ name, index });
  };
  for (const match of text.matchAll(/`([^`\s]+)`\s+package\b/g)) add(match[1] ?? '', match.index);
  for (const match of text.matchAll(/\bpackages\b[^.()\n`:]{0,60}\(/gi)) {
    const open = match.index + match[0].length;
    let depth = 1;
    let close = open;
    while (close < text.length && depth > 0) {
      if (text[close] === '(') depth += 1;
      else if (text[close] === ')') depth -= 1;
      close += 1;
    }
    const list = text.slice(open, close - 1);
    const quoted = [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    const items = quoted.length > 0 ? quoted : list.split(/,|\band\b/).filter((item) => !/\s\S/.test(item.trim()));
    for (const item of items) add(item, open);
  }
  return found;
}

/** Every package a package.json of the workspace depends on, and the workspace's own packages. */
function declaredPackages(): Set<string> {
  const manifests = [
    path.join(ROOT, 'package.json'),
    ...readdirSync(path.join(ROOT, 'packages')).map((name) => path.join(ROOT, 'packages', name, 'package.json')),
  ].filter((file) => existsSync(file));
  const declared = new Set<string>();
  for (const file of manifests) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof manifest.name === 'string') declared.add(manifest.name);
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const deps = manifest[field];
      if (typeof deps === 'object' && deps !== null) for (const name of Object.keys(deps)) declared.add(name);
    }
  }
  return declared;
}

function missingPackages(text: string, where: string, known: (name: string) => boolean): Problem[] {
  return namedPackages(text)
    .filter(({ name }) => !known(name))
    .map(({ name, index }) => ({
      where: `${where}:${String(lineOf(text, index))}`,
      named: name,
      problem: 'not a dependency in package.json',
    }));
}

describe('the documents name what the repository has', () => {
  const docs = documents();
  const fileNames = new Set(
    [
      ...CODE_FOLDERS.flatMap((folder) => walk(path.join(ROOT, folder))),
      ...walk(ROOT).filter((f) => path.dirname(f) === ROOT),
    ].map((file) => path.basename(file)),
  );
  const declared = declaredPackages();
  const known = (name: string) =>
    declared.has(name) || existsSync(path.join(ROOT, 'node_modules', name, 'package.json'));

  test('every path they name exists', () => {
    const problems = docs.flatMap((file) =>
      missingPaths(readFileSync(file, 'utf8'), path.relative(ROOT, file), (named) =>
        existsSync(path.join(ROOT, named)),
      ),
    );
    assert.deepEqual(problems, []);
  });

  test('every file they name by its name alone exists somewhere in the repository', () => {
    const problems = docs
      .filter((file) => !PARTNER_GUIDES.has(path.relative(ROOT, file)))
      .flatMap((file) => missingFileNames(readFileSync(file, 'utf8'), path.relative(ROOT, file), fileNames, known));
    assert.deepEqual(problems, []);
  });

  test('every package they name is a dependency', () => {
    const problems = docs.flatMap((file) =>
      missingPackages(readFileSync(file, 'utf8'), path.relative(ROOT, file), known),
    );
    assert.deepEqual(problems, []);
  });
});

describe('the drift check itself', () => {
  test('refuses a path the tree lacks, and passes globs, placeholders and paths that exist', () => {
    const text = 'See `src/db/store.ts`, src/gone/file.ts, `test/**/*.test.ts`, src/<feature>/x.ts and `src/db/`.';
    const exists = (named: string) => named === 'src/db/store.ts' || named === 'src/db';
    assert.deepEqual(
      missingPaths(text, 'doc.md', exists).map((p) => p.named),
      ['src/gone/file.ts'],
    );
  });

  test('refuses a file name no file has', () => {
    const text = 'the `booking-lifecycle.ts` and `gone.ts` files, and `node:sqlite`';
    assert.deepEqual(
      missingFileNames(text, 'doc.md', new Set(['booking-lifecycle.ts'])).map((p) => p.named),
      ['gone.ts'],
    );
  });

  test('reads packages from a "package" mention and from a list after "packages"', () => {
    const text =
      'The official `stripe` package. Packages loaded on first use (stripe, pdfkit, ical-generator).\n' +
      'The heavy packages are imported where first needed (`pg` through `src/db/store.ts`, `typebox/value`, ' +
      '`@fastify/swagger` in `openapi.ts`, `node:http` by hand). Its packages (the ones it needs) are few.';
    assert.deepEqual(
      namedPackages(text).map((p) => p.name),
      ['stripe', 'stripe', 'pdfkit', 'ical-generator', 'pg', 'typebox', '@fastify/swagger'],
    );
    const known = (name: string) => name !== 'ical-generator';
    assert.deepEqual(
      missingPackages(text, 'doc.md', known).map((p) => p.named),
      ['ical-generator'],
    );
  });
});
