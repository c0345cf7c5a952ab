import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { packClient } from '../../packages/client/scripts/pack.ts';
import { createCliStore, runCli, startCli, type CliStore, type RunningCli } from '../support/cli.ts';
import { paymentIntentEvent, stripeSignature } from '../support/payment-client.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * The Done-when of the partner kit: @staydesk/client packed (`npm run tarball -w @staydesk/client`),
 * installed into an empty project outside the repository, books, polls and handles a 409 against
 * the real process.
 * The project runs on the oldest Node the package promises (the machine's Node 20, when there).
 */

const run = promisify(execFile);
const SECRET = 'whsec_e2e_client_package';
const NODE_20 = '/usr/bin/node';

let store: CliStore | null = null;
let server: RunningCli | null = null;
let project: string | null = null;
after(async () => {
  server?.kill();
  await store?.cleanup();
  if (project !== null) await rm(project, { recursive: true, force: true });
});

const PARTNER_SCRIPT = `
import { createClient, StaydeskError } from '@staydesk/client';
const [baseUrl, apiKey, accommodationId, checkin, checkout] = process.argv.slice(2);
const client = createClient({ baseUrl, apiKey });
const quote = await client.availability({ accommodation_id: Number(accommodationId), checkin, checkout, guest_count: 2 });
const body = {
  accommodation_id: Number(accommodationId),
  partner_data: { first_name: 'Packed', last_name: 'Client', email: 'packed@example.com' },
  booking_data: { checkin_date: checkin, checkout_date: checkout, adults_count: 2, children_count: 0, babies_count: 0,
    payment_method: 'card_processor', expected_amount: quote.pricing.total },
};
const draft = await client.createBooking(body);
console.log(JSON.stringify({ step: 'draft', ...draft, total: quote.pricing.total }));
const confirmed = await client.waitForConfirmation(draft.booking_id, { intervalMs: 100, attempts: 300 });
console.log(JSON.stringify({ step: 'confirmed', status: confirmed.booking_status }));
try {
  await client.createBooking(body);
  console.log(JSON.stringify({ step: 'conflict', error: 'none' }));
} catch (error) {
  if (!(error instanceof StaydeskError)) throw error;
  console.log(JSON.stringify({ step: 'conflict', status: error.status, reason: error.reason, requestId: error.requestId }));
}
`;

test(
  `the packed @staydesk/client books, polls and handles a 409 against the real server (${testStoreKind})`,
  { timeout: testTimeout(240_000) },
  async () => {
    project = await mkdtemp(path.join(os.tmpdir(), 'staydesk-partner-'));
    const { tarball, files: shipped } = packClient(project);
    for (const file of ['README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/proxy.js', 'dist/proxy.d.ts']) {
      assert.ok(shipped.includes(file), `${file} in ${shipped.join(', ')}`);
    }
    assert.ok(!shipped.some((f) => f.startsWith('src/') || f.startsWith('scripts/')), shipped.join(', '));
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'partner', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], {
      cwd: project,
    });
    await writeFile(path.join(project, 'partner.mjs'), PARTNER_SCRIPT);

    store = await createCliStore();
    const key = await runCli(['apikey', 'create', '--name', 'packed client'], store.env);
    assert.equal(key.code, 0, key.stderr);
    const seeded = await runCli(['seed-demo'], store.env);
    assert.equal(seeded.code, 0, seeded.stderr);
    server = startCli(
      ['serve'],
      { ...store.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PAYMENT_WEBHOOK_SECRET: SECRET },
      { cwd: store.dir },
    );
    const line = await server.waitForLine((l) => l.includes('Staydesk listening on'));
    const base = /listening on (http:\/\/[^\s"]+)/.exec(line)?.[1];
    assert.ok(base, line);

    const checkin = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.now() + 48 * 86_400_000).toISOString().slice(0, 10);
    const node = existsSync(NODE_20) ? NODE_20 : process.execPath;
    const partner = spawn(node, ['partner.mjs', base, key.lastLine, seeded.lastLine, checkin, checkout], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    partner.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const steps: Record<string, Record<string, unknown>> = {};
    for await (const out of createInterface({ input: partner.stdout })) {
      const step = JSON.parse(out) as Record<string, unknown>;
      steps[String(step.step)] = step;
      if (step.step === 'draft') {
        // The card processor's event for the draft, signed as the processor signs it.
        const total = Number(step.total);
        const event = paymentIntentEvent('payment_intent.succeeded', {
          amount: Math.round(total * 100),
          amount_received: Math.round(total * 100),
          currency: 'eur',
          metadata: { booking_reference: String(step.booking_reference) },
        });
        const payload = JSON.stringify(event);
        const paid = await fetch(`${base}/staydesk/api/payment/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, SECRET) },
          body: payload,
        });
        assert.equal(paid.status, 200, await paid.text());
      }
    }
    const code = await new Promise<number | null>((resolve) => {
      if (partner.exitCode !== null) resolve(partner.exitCode);
      else partner.on('exit', resolve);
    });
    assert.equal(code, 0, stderr);
    assert.equal(steps.draft?.status, 'draft');
    assert.equal(steps.confirmed?.status, 'confirmed');
    assert.equal(steps.conflict?.status, 409);
    assert.equal(steps.conflict?.reason, 'dates_unavailable');
    assert.match(String(steps.conflict?.requestId), /.+/);
  },
);
