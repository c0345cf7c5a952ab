import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

// Code and docs cite the project's documents by file and anchor (`docs/api.md#pricing`), so a
// reader can follow every citation. This test reads the comments of every source, test and bench
// file, and the documents' own links, and fails on a cited file the repository lacks, an anchor
// the file lacks, or a section cited by number (`decisions.md 5`), which no file here numbers.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE_FOLDERS = ['src', 'test', 'bench', 'bin'];
const SKIPPED = new Set(['node_modules', 'fixtures']);

/** A citation: `path.md`, then an optional `#anchor`. */
const CITATION = /(?<![\w./-])((?:\.{1,2}\/|[\w-]+\/)*[\w.-]+\.md)(?![\w-])(#[\w-]+)?/g;
/** A section cited by number right after the file: `decisions.md 5`, `api-v1.md section 4.2`. */
const NUMBERED = /^,?\s+(?:section\s+|§\s*)?\d/;
/** A section cited by its heading right after the file: `docs/decisions.md, "Console"`. */
const QUOTED_HEADING = /^,\s+"([^"]+)"/;
/** A Markdown link to a document or to an anchor of the same document. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:)([^)\s#]*)(#[^)\s]+)?\)/g;

interface Problem {
  where: string;
  cited: string;
  problem: string;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N} _-]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown document offers: explicit ones (`<a id="x">`) and its headings' slugs. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const slug = headingSlug(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${String(count)}`);
  }
  return anchors;
}

/** The citations of `.md` files in a source text that cannot be followed. */
function checkCitations(
  text: string,
  where: string,
  resolve: (cited: string) => string | null,
  anchorsIn: (file: string) => Set<string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const match of text.matchAll(CITATION)) {
    const [whole, cited = '', hash] = match;
    const line = text.slice(0, match.index).split('\n').length;
    const at = `${where}:${String(line)}`;
    const file = resolve(cited);
    if (file === null) {
      problems.push({ where: at, cited: whole, problem: 'no such file in the repository' });
      continue;
    }
    const after = text.slice((match.index ?? 0) + whole.length, (match.index ?? 0) + whole.length + 200);
    if (hash === undefined && NUMBERED.test(after)) {
      problems.push({ where: at, cited: `${whole}${after.slice(0, 12)}`, problem: 'cite an anchor, not a number' });
      continue;
    }
    const anchors = anchorsIn(file);
    if (hash !== undefined && !anchors.has(hash.slice(1)))
      problems.push({ where: at, cited: whole, problem: `no anchor ${hash} in ${cited}` });
    const quoted = hash === undefined ? QUOTED_HEADING.exec(after) : null;
    if (quoted !== null && !anchors.has(headingSlug(quoted[1] ?? '')))
      problems.push({ where: at, cited: `${whole}, "${quoted[1] ?? ''}"`, problem: `no heading "${quoted[1] ?? ''}"` });
  }
  return problems;
}

/** The links of a Markdown document to other documents and anchors that cannot be followed. */
function checkMarkdownLinks(
  markdown: string,
  where: string,
  resolve: (target: string) => string | null,
  anchorsIn: (file: string) => Set<string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const match of markdown.matchAll(MARKDOWN_LINK)) {
    const [whole, target = '', hash] = match;
    if (target !== '' && !target.endsWith('.md')) continue;
    const line = markdown.slice(0, match.index).split('\n').length;
    const at = `${where}:${String(line)}`;
    const file = target === '' ? where : resolve(target);
    if (file === null) {
      problems.push({ where: at, cited: whole, problem: 'no such file in the repository' });
      continue;
    }
    if (hash !== undefined && !anchorsIn(file).has(hash.slice(1)))
      problems.push({ where: at, cited: whole, problem: `no anchor ${hash} in ${target || 'this file'}` });
  }
  return problems;
}

/** The comments of a TypeScript or JavaScript source, each with the line it starts on; comment markers become spaces. */
function commentsOf(text: string, fileName: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const starts = new Set<number>();
  const comments: { text: string; line: number }[] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (starts.has(range.pos)) continue;
      starts.add(range.pos);
      comments.push({
        text: text.slice(range.pos, range.end).replace(/^\s*(\/\/+|\/\*+|\*+\/?)/gm, (m) => ' '.repeat(m.length)),
        line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
      });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return comments.sort((a, b) => a.line - b.line);
}

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, keep));
    else if (keep(entry.name)) found.push(full);
  }
  return found;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsInFile(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors === undefined) {
    anchors = anchorsOf(readFileSync(file, 'utf8'));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** A cited path names a file from the repository's root, or from the citing file's folder. */
function resolverFor(citingFile: string): (cited: string) => string | null {
  return (cited) => {
    for (const base of [ROOT, path.dirname(citingFile)]) {
      const candidate = path.resolve(base, cited);
      if (candidate.startsWith(ROOT) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
}

const relative = (file: string) => path.relative(ROOT, file);
const report = (problems: Problem[]) => problems.map((p) => `${p.where}: ${p.cited} (${p.problem})`).join('\n');

describe('citations of the documents', () => {
  test('every .md file cited in a comment of src, test, bench and bin exists here, with the anchor cited', () => {
    // This file's own comments cite wrong things on purpose, as examples.
    const self = path.resolve(import.meta.filename);
    const files = CODE_FOLDERS.flatMap((folder) =>
      filesUnder(path.join(ROOT, folder), (name) => /\.(ts|js)$/.test(name)),
    ).filter((file) => file !== self);
    let cited = 0;
    const problems: Problem[] = [];
    for (const file of files) {
      for (const comment of commentsOf(readFileSync(file, 'utf8'), file)) {
        cited += [...comment.text.matchAll(CITATION)].length;
        const found = checkCitations(comment.text, relative(file), resolverFor(file), anchorsInFile);
        // A problem's line counts from the comment's first line.
        problems.push(
          ...found.map((p) => ({
            ...p,
            where: p.where.replace(/:(\d+)$/, (_, n: string) => `:${String(comment.line + Number(n) - 1)}`),
          })),
        );
      }
    }
    assert.ok(
      files.length > 100 && cited > 50,
      `the sources were read (${String(files.length)} files, ${String(cited)} citations)`,
    );
    assert.deepEqual(problems, [], report(problems));
  });

  test("the documents' links to each other and to their own sections lead somewhere", () => {
    const docs = [
      path.join(ROOT, 'README.md'),
      path.join(ROOT, 'ARCHITECTURE.md'),
      ...filesUnder(path.join(ROOT, 'docs'), (name) => name.endsWith('.md')),
    ];
    const problems = docs.flatMap((file) =>
      checkMarkdownLinks(readFileSync(file, 'utf8'), file, resolverFor(file), anchorsInFile).map((p) => ({
        ...p,
        where: relative(p.where.replace(/:\d+$/, '')) + (/:\d+$/.exec(p.where)?.[0] ?? ''),
      })),
    );
    assert.deepEqual(problems, [], report(problems));
  });

  test('the API reference offers the anchors code cites', () => {
    const anchors = anchorsInFile(path.join(ROOT, 'docs/api.md'));
    for (const anchor of ['pricing', 'stay-rules', 'booking-states', 'bookings-create', 'error-reasons'])
      assert.ok(anchors.has(anchor), anchor);
  });
});

describe('the citation check itself', () => {
  const doc =
    '# Title\n\n<a id="pricing"></a>\n\n## Tenant isolation\n\n### `/webhook/update`\n\n## Notes\n\n## Notes\n';
  const files: Record<string, string> = { 'docs/x.md': doc };
  const resolve = (cited: string) => (Object.hasOwn(files, cited) ? cited : null);
  const anchors = (file: string) => anchorsOf(files[file] ?? '');
  const problemsOf = (text: string) => checkCitations(text, 'a.ts', resolve, anchors).map((p) => p.problem);

  test('reads comments, not strings or code', () => {
    const source = [
      "const a = 'decisions.md 5'; // docs/x.md#one",
      '/**',
      ' * docs/x.md',
      ' * #two',
      ' */',
      'const b = `api-v1.md ${a}`;',
    ].join('\n');
    const comments = commentsOf(source, 'a.ts');
    assert.deepEqual(
      comments.map((c) => [c.line, c.text.replace(/\s+/g, ' ').trim()]),
      [
        [1, 'docs/x.md#one'],
        [2, 'docs/x.md #two'],
      ],
    );
  });

  test('knows explicit anchors and GitHub heading slugs, duplicates numbered', () => {
    assert.deepEqual(
      [...anchorsOf(doc)].sort(),
      ['notes', 'notes-1', 'pricing', 'tenant-isolation', 'title', 'webhookupdate'].sort(),
    );
    assert.equal(headingSlug('Bookings (4.2, 4.3)'), 'bookings-42-43');
    assert.equal(headingSlug('Channel sync (iCal)'), 'channel-sync-ical');
  });

  test('accepts a file and anchor that exist, and a quoted heading that exists', () => {
    assert.deepEqual(problemsOf('// see docs/x.md#pricing and docs/x.md#tenant-isolation'), []);
    assert.deepEqual(problemsOf('// docs/x.md, "Tenant isolation"'), []);
    assert.deepEqual(problemsOf('// the whole of docs/x.md'), []);
  });

  test('refuses a missing file, a missing anchor, a numbered section and a missing heading', () => {
    assert.deepEqual(problemsOf('// decisions.md#pricing'), ['no such file in the repository']);
    assert.deepEqual(problemsOf('// docs/x.md#nothing'), ['no anchor #nothing in docs/x.md']);
    assert.deepEqual(problemsOf('// (docs/x.md 5)'), ['cite an anchor, not a number']);
    assert.deepEqual(problemsOf('// docs/x.md section 4.2'), ['cite an anchor, not a number']);
    assert.deepEqual(problemsOf('// docs/x.md, "Caching"'), ['no heading "Caching"']);
  });

  test('checks Markdown links to files and to anchors of the same file', () => {
    const links = (markdown: string) =>
      checkMarkdownLinks(markdown, 'docs/x.md', resolve, anchors).map((p) => p.problem);
    assert.deepEqual(links('[a](docs/x.md#pricing) [b](#notes-1) [c](https://example.com/y.md#z) [d](image.png)'), []);
    assert.deepEqual(links('[a](docs/y.md)'), ['no such file in the repository']);
    assert.deepEqual(links('[a](#nowhere)'), ['no anchor #nowhere in this file']);
  });
});
