import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { packClient } from '../../packages/client/scripts/pack.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * The packed @staydesk/client as a partner's project meets it: the tarball of
 * `npm run tarball -w @staydesk/client` carries no development-only field, installs offline into
 * an empty project, type-checks a consumer under `strict` and `exactOptionalPropertyTypes`, and
 * the compiled consumer runs on Node 24 and on the machine's Node 20: it handles pushed events
 * once per `event.id`, narrows `calendar.changed` without a cast, catches a typed error with
 * `instanceof`, and gives up on a silent server after the call's `timeoutMs`.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE_20 = '/usr/bin/node';

let project: string | null = null;
after(async () => {
  if (project !== null) await rm(project, { recursive: true, force: true });
});

const CONSUMER = `
import { createHmac } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import {
  createClient,
  DatesUnavailableError,
  StaydeskError,
  StaydeskNetworkError,
  verifyEvent,
  type StaydeskEvent,
} from '@staydesk/client';

const key = Buffer.from('a partner secret of enough bytes');
const secret = \`whsec_\${key.toString('base64')}\`;

function delivery(id: string, body: object): { body: string; headers: Record<string, string> } {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${raw}\`).digest('base64');
  return { body: raw, headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': \`v1,\${signature}\` } };
}

const seen = new Set<string>();
const handled: string[] = [];
function receive(event: StaydeskEvent): void {
  if (seen.has(event.id)) return;
  seen.add(event.id);
  // Until its type is checked, an event's data may be a booking, which has no \`from\`.
  // @ts-expect-error
  const notNarrowed = (): string => event.data.from;
  void notNarrowed;
  if (event.type === 'calendar.changed') {
    const { accommodation_id, from, to }: { accommodation_id: number; from: string; to: string } = event.data;
    handled.push(\`\${event.id} calendar \${accommodation_id} \${from}..\${to}\`);
  } else {
    handled.push(\`\${event.id} \${event.type} \${event.data.booking_reference}\`);
  }
}

const booking = { id: 7, booking_reference: 'SD-7' };
const created = delivery('evt_1', { id: 'evt_1', type: 'booking.created', timestamp: '2030-01-01T00:00:00Z', livemode: true, data: booking });
const changed = delivery('evt_2', { type: 'calendar.changed', timestamp: '2030-01-01T00:00:01Z', data: { accommodation_id: 3, from: '2030-02-01', to: '2030-02-04' } });
for (const d of [created, created, changed]) receive(verifyEvent(d.body, d.headers, secret));

// A service that refuses: the error is the package's class, and a StaydeskError.
const refusing = createHttpServer((_req, res) => {
  res.writeHead(409, { 'content-type': 'application/json', 'x-request-id': 'req-409' });
  res.end(JSON.stringify({ success: false, error: { code: 409, name: 'CONFLICT', message: 'taken', details: { reason: 'dates_unavailable', conflicting_night: '2030-02-02' } } }));
}).listen(0, '127.0.0.1');
await new Promise((resolve) => refusing.once('listening', resolve));
const refusingUrl = \`http://127.0.0.1:\${(refusing.address() as AddressInfo).port}\`;
let refusal = '';
try {
  await createClient({ baseUrl: refusingUrl, apiKey: 'sdk_packed' }).getBooking(1);
} catch (error) {
  if (error instanceof DatesUnavailableError && error instanceof StaydeskError) refusal = \`\${error.night} \${error.requestId}\`;
  else throw error;
}
refusing.close();

// A server that accepts the connection and never answers.
const silent = createServer(() => undefined).listen(0, '127.0.0.1');
await new Promise((resolve) => silent.once('listening', resolve));
const client = createClient({ baseUrl: \`http://127.0.0.1:\${(silent.address() as AddressInfo).port}\`, apiKey: 'sdk_packed', retry: false });
const started = Date.now();
let timedOut = false;
try {
  await client.getBooking(1, { timeoutMs: 300 });
} catch (error) {
  if (!(error instanceof StaydeskNetworkError)) throw error;
  timedOut = error.timedOut;
}
const elapsed = Date.now() - started;
silent.close();
console.log(JSON.stringify({ node: process.version, handled, refusal, timedOut, elapsed }));
process.exit(0);
`;

test(
  'the packed client installs, type-checks strictly and runs on Node 24 and 20',
  { timeout: testTimeout(120_000) },
  async () => {
    project = await mkdtemp(path.join(os.tmpdir(), 'staydesk-packed-'));
    const { tarball, files } = packClient(project);

    // The package as shipped: built code, types and README; no development-only field.
    for (const file of [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/proxy.js',
      'dist/proxy.d.ts',
    ])
      assert.ok(files.includes(file), `${file} in ${files.join(', ')}`);
    assert.ok(!files.some((f) => f.startsWith('src/') || f.startsWith('scripts/')), files.join(', '));

    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'partner', private: true, type: 'module' }),
    );
    await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: project,
    });
    const installed = JSON.parse(
      await readFile(path.join(project, 'node_modules/@staydesk/client/package.json'), 'utf8'),
    ) as Record<string, unknown>;
    assert.equal(installed.scripts, undefined, 'no scripts');
    assert.equal(installed.devDependencies, undefined, 'no devDependencies');
    assert.equal(installed.dependencies, undefined, 'no dependencies');
    assert.ok(!JSON.stringify(installed.exports).includes('staydesk-source'), JSON.stringify(installed.exports));
    assert.deepEqual(installed.exports, {
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './proxy': { types: './dist/proxy.d.ts', default: './dist/proxy.js' },
    });

    // A partner's project: its own Node types, the strictest options, the repository's TypeScript.
    await mkdir(path.join(project, 'node_modules/@types'), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules/@types/node'), path.join(project, 'node_modules/@types/node'), 'dir');
    await writeFile(path.join(project, 'consumer.ts'), CONSUMER);
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022', 'dom'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          outDir: 'out',
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch((error: unknown) => {
      const { stdout = '', message = '' } = error as { stdout?: string; message?: string };
      assert.fail(`the consumer does not type-check:\n${stdout}${message}`);
    });

    const nodes = [process.execPath, ...(existsSync(NODE_20) ? [NODE_20] : [])];
    const majors: string[] = [];
    for (const node of nodes) {
      const { stdout } = await run(node, ['out/consumer.js'], { cwd: project });
      const result = JSON.parse(stdout) as {
        node: string;
        handled: string[];
        refusal: string;
        timedOut: boolean;
        elapsed: number;
      };
      majors.push(result.node.split('.')[0] ?? '');
      assert.deepEqual(
        result.handled,
        ['evt_1 booking.created SD-7', 'evt_2 calendar 3 2030-02-01..2030-02-04'],
        result.node,
      );
      assert.equal(result.refusal, '2030-02-02 req-409', result.node);
      assert.equal(result.timedOut, true, result.node);
      assert.ok(result.elapsed >= 250 && result.elapsed < 10_000, `${result.node}: ${result.elapsed} ms`);
    }
    if (existsSync(NODE_20)) assert.deepEqual(majors, [process.version.split('.')[0], 'v20']);
  },
);
