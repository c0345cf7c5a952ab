import v8 from 'node:v8';

/**
 * V8's optimising compiler (TurboFan) is held back while `staydesk serve` starts and let loose
 * once it listens. During start it would optimise a few of Node's module-resolution functions,
 * which are hot only while the app's modules load, and bring about 6 MB of its own code into
 * memory that an idle server then keeps (docs/benchmarks.md#footprint). Requests are served
 * with the compiler on: what they run hot is optimised as before.
 *
 * Nothing is changed when the process was started with a flag of its own about V8's compiler
 * tiers (`--jitless`, `--no-opt`, `--no-turbofan`, ...), so an operator's choice stands.
 */

/** V8 reads `_` and `-` alike in flag names, and `--noX` as `--no-X`. */
const TIER_FLAG = /--(no-?)?(turbofan|turbo-[a-z-]+|always-turbofan|opt|max-opt|jitless|lite-mode|maglev|sparkplug)\b/;

function tiersChosenByOperator(): boolean {
  return TIER_FLAG.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').replaceAll('_', '-'));
}

/**
 * Whether it is held back, kept on the process's global object rather than in this module: the bin
 * holds it back through the sources' copy of this module, and `serve` releases it through the
 * bundle's own copy when it runs the bundle (bin/bundle.js).
 */
const HELD_BACK = Symbol.for('staydesk.optimizingCompilerHeldBack');
const state = globalThis as { [HELD_BACK]?: boolean };

/** Called first thing by bin/staydesk.js. */
export function holdBackOptimizingCompiler(): void {
  if (tiersChosenByOperator()) return;
  v8.setFlagsFromString('--no-turbofan');
  state[HELD_BACK] = true;
}

/** Called by `serve` once the server listens; the other commands end before they would need it. */
export function releaseOptimizingCompiler(): void {
  if (state[HELD_BACK] !== true) return;
  v8.setFlagsFromString('--turbofan');
  state[HELD_BACK] = false;
}
