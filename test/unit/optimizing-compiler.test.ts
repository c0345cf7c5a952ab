import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const moduleUrl = new URL('../../src/cli/optimizing-compiler.ts', import.meta.url).href;

/**
 * Runs a script in a child Node with V8's natives syntax, which can force an optimisation and
 * read whether a function was optimised by TurboFan (bit 64 of %GetOptimizationStatus).
 */
function turbofanned(flags: string[], releasedBy = moduleUrl): { heldBack: boolean; released: boolean } {
  const script = `
    const { holdBackOptimizingCompiler } = await import(${JSON.stringify(moduleUrl)});
    const { releaseOptimizingCompiler } = await import(${JSON.stringify(releasedBy)});
    const optimised = (f) => {
      %PrepareFunctionForOptimization(f); f(1); f(2); %OptimizeFunctionOnNextCall(f); f(3);
      return (%GetOptimizationStatus(f) & 64) !== 0;
    };
    holdBackOptimizingCompiler();
    const heldBack = optimised((x) => x + 1);
    releaseOptimizingCompiler();
    const released = optimised((x) => x + 2);
    console.log(JSON.stringify({ heldBack, released }));`;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', ...flags, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as { heldBack: boolean; released: boolean };
}

test('TurboFan optimises nothing while held back, and optimises again once released', () => {
  assert.deepEqual(turbofanned([]), { heldBack: false, released: true });
});

test('released by another copy of the module, as the bundle releases what the bin held back', () => {
  // A query string makes Node load the file as a second module, as the bundle holds its own copy.
  assert.deepEqual(turbofanned([], `${moduleUrl}?bundle`), { heldBack: false, released: true });
});

test("a process started with its own compiler flag keeps the operator's choice", () => {
  // With --no-opt nothing is optimised, before or after: the module changed nothing.
  assert.deepEqual(turbofanned(['--no-opt']), { heldBack: false, released: false });
  // V8's other spellings of the same choice.
  for (const flag of ['--no_turbofan', '--noturbofan', '--noopt', '--max-opt=0']) {
    assert.deepEqual(turbofanned([flag]), { heldBack: false, released: false }, flag);
  }
  // With --turbofan given explicitly, it is never held back.
  assert.deepEqual(turbofanned(['--turbofan']), { heldBack: true, released: true });
});
