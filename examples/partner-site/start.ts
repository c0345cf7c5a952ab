import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createClient } from '@staydesk/client';
import { createBookingProxy } from '@staydesk/client/proxy';
import { startCardProcessor } from './card-processor.ts';
import { startSite } from './site.ts';

/**
 * `npm run example:partner`: a local Staydesk on a fresh embedded store (an API key, the demo
 * accommodation and a console user), a stand-in card processor, and the partner's site with the
 * booking proxy and the widget. Prints where to book. Ctrl-C stops all three and removes the store.
 *
 * EXAMPLE_PORT sets the site's port (default 8787, 0 for any free one), EXAMPLE_HOST its address.
 */

const BIN = path.resolve(import.meta.dirname, '../../bin/staydesk.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'staydesk-example-'));
const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  STAYDESK_DATA_DIR: path.join(dataDir, 'data'),
  PAYMENT_WEBHOOK_SECRET: webhookSecret,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
};

/** Runs one `staydesk` command and answers the last line it printed (where it prints what it made). */
function staydesk(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(last);
      else reject(new Error(`staydesk ${args.join(' ')} failed (exit ${code}): ${out}`));
    });
  });
}

/** Starts `staydesk serve` and answers its address once it listens. */
function serve(): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    // At level info the server says where it listens; of its log, only warnings and errors are shown.
    const child = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const base = /Staydesk listening on (http:\/\/[^\s"]+)/.exec(line)?.[1];
      if (base !== undefined) resolve({ child, base });
      else if (/"level":(4|5|6)\d/.test(line)) console.error(`staydesk: ${line}`);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      reject(new Error(`staydesk serve stopped (exit ${code})`));
    });
  });
}

const stops: (() => Promise<void>)[] = [];
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const s of stops.reverse()) await s().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    console.log('Stopped.');
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const apiKey = await staydesk('apikey', 'create', '--name', 'Example partner site');
  const accommodationId = Number(await staydesk('seed-demo'));
  const password = await staydesk('admin', 'create', '--login', 'host');
  const { child, base } = await serve();
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`staydesk serve stopped (exit ${code})`);
    void stop(1);
  });
  stops.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );

  const processor = await startCardProcessor({
    webhookUrl: `${base}/staydesk/api/payment/webhook`,
    webhookSecret,
    log: (line) => {
      console.log(line);
    },
  });
  stops.push(() => processor.close());

  const client = createClient({ baseUrl: base, apiKey });
  const proxy = createBookingProxy({ client, stripe: processor.stripe, rateLimit: { max: 120 } });
  const site = await startSite({
    port: Number(process.env.EXAMPLE_PORT ?? 8787),
    host: process.env.EXAMPLE_HOST ?? '127.0.0.1',
    proxy,
    accommodationId,
    processorUrl: processor.url,
  });
  stops.push(
    () =>
      new Promise((resolve) => {
        site.server.closeAllConnections();
        site.server.close(() => {
          resolve();
        });
      }),
  );

  console.log(
    [
      '',
      `Staydesk:            ${base} (embedded store in ${dataDir}, removed on exit)`,
      `Card processor:      ${processor.url} (a stand-in; card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)`,
      `Host's console:      ${base}/admin (login host, password ${password})`,
      '',
      `Book a stay at:      ${site.url}`,
      '',
      'Ctrl-C stops everything.',
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
