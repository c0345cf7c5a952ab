/**
 * The performance targets `npm run bench` reports on
 * (docs/benchmarks.md, "Targets and the latest figures"): each part of the run records its figure beside its target as it ends, and
 * the run closes with all of them, with the machine and the time they were measured on.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';

interface TargetLine {
  target: string;
  figure: string;
  met: boolean;
}

const lines: TargetLine[] = [];

/** One target's figure from this run (a ratio to a reference measured in the same run). */
export function recordTarget(target: string, figure: string, met: boolean): void {
  lines.push({ target, figure, met });
}

/** The machine and the moment: cores, CPU model, load average, UTC time. */
export function machineNote(): string {
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  return `${String(availableParallelism())} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${load}, ${new Date().toISOString().slice(0, 16)} UTC`;
}

/** Every recorded target, one line each; nothing when the run recorded none. */
export function printTargets(): void {
  if (lines.length === 0) return;
  console.log(`\nTargets: medians of interleaved rounds, each ratio to a reference of the same run; ${machineNote()}`);
  for (const line of lines) console.log(`${line.met ? 'met    ' : 'not met'}  ${line.target}: ${line.figure}`);
}
