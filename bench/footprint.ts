/**
 * The embedded default's footprint, as a host on a small machine runs it: `staydesk serve` on a
 * fresh data directory, started twice (the second start finds Node's compile cache warm), the
 * time from spawning the process to its first 200 on /readyz, and its resident memory idle and
 * after availability load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { rssMb } from './spawn-server.ts';

interface Started {
  child: ChildProcess;
  base: string;
  ms: number;
  key: string | null;
  accommodationId: number | null;
}

async function startServe(dataDir: string): Promise<Started> {
  const began = performance.now();
  // Run as `npx staydesk serve` runs it: the bin through its shebang (and the V8 flags there).
  const child = spawn('bin/staydesk.js', ['serve'], {
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      STAYDESK_DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_BASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let key: string | null = null;
  let accommodationId: number | null = null;
  const base = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const address = line.startsWith('{') ? (JSON.parse(line) as { address?: string }).address : undefined;
      if (address !== undefined) resolve(address);
      key ??= /Bearer (sdk_[A-Za-z0-9_-]+)/.exec(line)?.[1] ?? null;
      const id = /demo accommodation \(id (\d+)\)/.exec(line)?.[1];
      if (id !== undefined) accommodationId = Number(id);
    });
    child.once('exit', (code) => {
      reject(new Error(`staydesk serve exited with ${String(code)}`));
    });
  });
  for (;;) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - began;
  // The seeding lines follow the listening line; give them a moment on the first start.
  await new Promise((r) => setTimeout(r, 200));
  return { child, base, ms, key, accommodationId };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function benchFootprint(seconds: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staydesk-footprint-'));
  try {
    const first = await startServe(dir);
    const { key, accommodationId } = first;
    await stop(first.child);
    const second = await startServe(dir);
    // Idle: after start-up garbage has had a moment to be collected.
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(second.child.pid);
    if (key !== null && accommodationId !== null) {
      const checkin = addDays(todayIn('UTC'), 30);
      await autocannon({
        url: `${second.base}/api/v1/staydesk/availability`,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ accommodation_id: accommodationId, checkin, checkout: addDays(checkin, 3) }),
        duration: seconds,
        connections: 20,
      });
    }
    const loaded = rssMb(second.child.pid);
    await stop(second.child);
    console.log(`\nEmbedded store footprint (staydesk serve, fresh data directory)`);
    console.log(`start to /readyz: first start ${first.ms.toFixed(0)} ms, second start ${second.ms.toFixed(0)} ms`);
    console.log(
      `RSS: idle ${idle.now.toFixed(0)} MB; after ${seconds}s of availability load ${loaded.now.toFixed(0)} MB (peak ${loaded.peak.toFixed(0)} MB)`,
    );
    if (key === null) console.log('(no seeded key was printed, so the load part was skipped)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
