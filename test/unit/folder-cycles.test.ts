import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

/**
 * No cycle between the folders of src/ (ARCHITECTURE.md, "Layers"). The floors in eslint.config.js
 * let a folder import its siblings on the same floor; this check keeps those imports one-way. Each
 * folder of src/ is one node and each file at its root another; an edge is any import of one from
 * the other, `import type` and dynamic imports included, as TypeScript's own scanner reads them.
 */

const SRC = resolve(import.meta.dirname, '../../src');

/** One import that makes an edge: `from` imports `to`. */
interface Import {
  from: string;
  to: string;
}

/** The edges between nodes, each with one import that makes it, for naming a cycle. */
type FolderGraph = Map<string, Map<string, Import>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** src/settings for any file below src/settings, src/app.ts for a root file. */
function nodeOf(file: string): string {
  const [first] = relative(SRC, file).split('/');
  return `src/${first ?? ''}`;
}

function folderGraph(): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(SRC)) {
    const from = nodeOf(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (!target.startsWith(SRC + '/')) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, Import>();
      if (!edges.has(to)) edges.set(to, { from: `src/${relative(SRC, file)}`, to: `src/${relative(SRC, target)}` });
      graph.set(from, edges);
    }
  }
  return graph;
}

/**
 * Every cycle the graph holds, one per group of nodes that reach each other (Tarjan's strongly
 * connected components), each named by its shortest way round from its first node in order.
 */
function cycles(graph: FolderGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((e) => [...e.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.map((group) => shortestWayRound(graph, group));
}

/** The shortest path from the group's first node back to itself, through the group only. */
function shortestWayRound(graph: FolderGraph, group: readonly string[]): string[] {
  const [start] = group;
  if (start === undefined) return [];
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const node of queue) {
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) {
        const path = [start];
        for (let at = cameFrom.get(start); at !== undefined && at !== start; at = cameFrom.get(at)) path.unshift(at);
        return [start, ...path];
      }
      queue.push(next);
    }
  }
  return [...group];
}

/** A cycle as a reader follows it: each step with the import that makes it. */
function describeCycle(graph: FolderGraph, cycle: readonly string[]): string {
  const steps = cycle.slice(1).map((to, i) => {
    const from = cycle[i] ?? '';
    const made = graph.get(from)?.get(to);
    return `  ${from} -> ${to}${made === undefined ? '' : ` (${made.from} imports ${made.to})`}`;
  });
  return [cycle.join(' -> '), ...steps].join('\n');
}

function graphOf(edges: Record<string, string[]>): FolderGraph {
  return new Map(
    Object.entries(edges).map(([from, tos]) => [
      from,
      new Map(tos.map((to) => [to, { from: `${from}/a.ts`, to: `${to}/b.ts` }])),
    ]),
  );
}

test('finds a cycle through a third folder and names it with the imports that make it', () => {
  const graph = graphOf({
    'src/a': ['src/b', 'src/shared'],
    'src/b': ['src/c'],
    'src/c': ['src/a', 'src/shared'],
    'src/d': ['src/a'],
  });
  const found = cycles(graph);
  assert.deepEqual(found, [['src/a', 'src/b', 'src/c', 'src/a']]);
  assert.equal(
    describeCycle(graph, found[0] ?? []),
    [
      'src/a -> src/b -> src/c -> src/a',
      '  src/a -> src/b (src/a/a.ts imports src/b/b.ts)',
      '  src/b -> src/c (src/b/a.ts imports src/c/b.ts)',
      '  src/c -> src/a (src/c/a.ts imports src/a/b.ts)',
    ].join('\n'),
  );
});

test('finds each cycle once, the shortest way round, and none in a graph without one', () => {
  assert.deepEqual(cycles(graphOf({ 'src/x': ['src/y'], 'src/y': ['src/x', 'src/z'], 'src/z': ['src/x'] })), [
    ['src/x', 'src/y', 'src/x'],
  ]);
  assert.deepEqual(
    cycles(graphOf({ 'src/p': ['src/q'], 'src/q': ['src/p'], 'src/r': ['src/s'], 'src/s': ['src/r'] })),
    [
      ['src/p', 'src/q', 'src/p'],
      ['src/r', 'src/s', 'src/r'],
    ],
  );
  assert.deepEqual(cycles(graphOf({ 'src/a': ['src/b'], 'src/b': ['src/c'], 'src/d': ['src/a', 'src/c'] })), []);
});

test('the graph of src/ has its folders, its root files and the imports between them', () => {
  const graph = folderGraph();
  // A root file, a folder two levels deep and a type-only import are all read.
  assert.ok(graph.get('src/app.ts')?.has('src/console'));
  assert.ok(graph.get('src/console')?.has('src/admin'));
  assert.ok(graph.get('src/caches.ts')?.has('src/settings'));
});

test('no two folders of src/ import each other, directly or through others', () => {
  const graph = folderGraph();
  const found = cycles(graph).map((cycle) => describeCycle(graph, cycle));
  assert.deepEqual(found, [], `import cycles between folders of src/:\n${found.join('\n')}`);
});
