/** CPU time of the bench's processes, read from Linux's /proc (0 elsewhere). */
import { readdirSync, readFileSync, statSync } from 'node:fs';

/** User + system CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  return statSeconds(`/proc/${String(pid)}/stat`);
}

/** The same for a process's main thread alone (the one that runs its event loop). */
export function mainThreadCpuSeconds(pid: number | undefined): number {
  return statSeconds(`/proc/${String(pid)}/task/${String(pid)}/stat`);
}

function statSeconds(file: string): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL server process on this machine (their command is `postgres`). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (statSync(`/proc/${entry}`).uid === 0 || !readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres'))
        continue;
      total += cpuSeconds(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
