import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';
import { BIN, cleanEnv } from '../support/cli.ts';
import { EVENT_TIMEOUT_MS } from '../support/timeouts.ts';

/**
 * `staydesk` started by a Node.js too old to load its TypeScript sources says so plainly and
 * exits 1, instead of a raw ERR_UNKNOWN_FILE_EXTENSION stack. Run with the machine's own Node 20
 * (/usr/bin/node on Debian) when there is one, and always with this Node made to report an old
 * version (Node 20, and a Node 22 without type stripping) by a module preloaded before the binary.
 */

interface Run {
  name: string;
  node: string;
  args: string[];
  version: string;
}

/** Node.js made to report `version` (and no TypeScript support) before the binary's first line runs. */
function pretending(version: string): Run {
  const preload = [
    `Object.defineProperty(process.versions, 'node', { value: '${version}' });`,
    `Object.defineProperty(process.features, 'typescript', { value: false });`,
  ].join('');
  return {
    name: `this Node.js reporting ${version}`,
    node: process.execPath,
    args: ['--import', `data:text/javascript,${encodeURIComponent(preload)}`],
    version,
  };
}

/** The machine's own Node.js (Debian's /usr/bin/node), when it is one too old for Staydesk. */
function machineNode(): Run[] {
  const node = '/usr/bin/node';
  if (!fs.existsSync(node)) return [];
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  const major = Number(version.split('.')[0]);
  return major < 22 ? [{ name: `the machine's ${node}`, node, args: [], version }] : [];
}

function run(r: Run, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      r.node,
      [...r.args, BIN, ...args],
      { env: cleanEnv({}), timeout: EVENT_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

test('an old Node.js gets a plain message and exit code 1, not a stack', async () => {
  const runs = [pretending('20.19.0'), pretending('22.9.0'), ...machineNode()];
  for (const r of runs) {
    for (const args of [['--help'], ['serve']]) {
      const { code, stdout, stderr } = await run(r, args);
      const what = `${r.name}: staydesk ${args.join(' ')}`;
      assert.equal(code, 1, `${what}: exit code (${stderr})`);
      assert.equal(
        stderr.split('\n')[0],
        'Staydesk needs Node.js 22 or newer, with TypeScript support (22.18 or later; Staydesk runs on 24).',
        what,
      );
      assert.ok(stderr.includes(`This is Node.js ${r.version} (${r.node}).`), `${what}: ${stderr}`);
      assert.doesNotMatch(stderr, /ERR_UNKNOWN_FILE_EXTENSION|\n\s+at /, `${what}: no stack`);
      assert.equal(stdout, '', what);
    }
  }
});

test('a supported Node.js is not refused', async () => {
  const { code, stderr, stdout } = await run({ name: 'this Node.js', node: process.execPath, args: [], version: '' }, [
    '--help',
  ]);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /Usage: staydesk <command>/);
});
