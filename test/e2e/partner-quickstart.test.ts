import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { startNode, type RunningCli } from '../support/cli.ts';
import { startStaydesk, type RunningStaydesk } from '../support/running-staydesk.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { testStoreKind } from '../support/test-store.ts';
import { EVENT_TIMEOUT_MS, testTimeout } from '../support/timeouts.ts';

/**
 * docs/partner-quickstart.md, run: every bash and TypeScript block of the page, tagged
 * `test=<name>`, against the real Staydesk process (curl through bash, TypeScript through Node's
 * type stripping importing @staydesk/client), with the stand-in card processor behind the proxy.
 * A block without a tag, a tag without a check here, or a check without its block fails the test.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = path.join(ROOT, 'docs/partner-quickstart.md');
const run = promisify(execFile);

interface Block {
  key: string;
  code: string;
}

function blocksOf(markdown: string): Block[] {
  const found: Block[] = [];
  const fence = /^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm;
  for (const [, lang = '', info = '', code = ''] of markdown.matchAll(fence)) {
    if (!['bash', 'sh', 'ts', 'typescript', 'js'].includes(lang)) continue;
    const name = /\btest=([\w-]+)/.exec(info)?.[1];
    assert.ok(name, `a ${lang} block without test=<name>:\n${code}`);
    found.push({ key: `${lang}:${name}`, code });
  }
  return found;
}

let staydesk: RunningStaydesk;
let processor: StripeStandIn;
let scratch: string;
let proxy: RunningCli | undefined;
before(async () => {
  [staydesk, processor] = await Promise.all([startStaydesk(), startStripeStandIn()]);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'staydesk-quickstart-'));
});
after(async () => {
  proxy?.kill();
  await processor.close();
  await staydesk.close();
  await rm(scratch, { recursive: true, force: true });
});

const NODE_ARGS = ['--conditions=staydesk-source', '--input-type=module-typescript'];

async function runBlock(block: Block, env: Record<string, string>): Promise<string> {
  const fullEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: scratch, ...env };
  try {
    const { stdout } = block.key.startsWith('ts:')
      ? await run(process.execPath, [...NODE_ARGS, '--eval', block.code], {
          cwd: ROOT,
          env: fullEnv,
          timeout: EVENT_TIMEOUT_MS,
        })
      : await run('bash', ['-e', '-o', 'pipefail', '-c', block.code], {
          cwd: scratch,
          env: fullEnv,
          timeout: EVENT_TIMEOUT_MS,
        });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${block.key} failed: ${e.message}\nstdout: ${e.stdout ?? ''}\nstderr: ${e.stderr ?? ''}`);
  }
}

const lines = (out: string) => out.trim().split('\n');

/** A relay in front of `target` that counts the GETs it passes on, to know when a poller has polled. */
async function countingRelay(target: string): Promise<{ url: string; gets: () => number; close: () => void }> {
  let gets = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET') gets++;
    void fetch(`${target}${req.url ?? ''}`, {
      method: req.method ?? 'GET',
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        typeof v === 'string' ? [[k, v] as [string, string]] : [],
      ),
    }).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, gets: () => gets, close: () => server.close() };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const end = Date.now() + EVENT_TIMEOUT_MS;
  while (!check()) {
    assert.ok(Date.now() < end, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test(
  `every snippet of docs/partner-quickstart.md runs and does what the page says (${testStoreKind})`,
  { timeout: testTimeout(240_000) },
  async () => {
    const blocks = blocksOf(await readFile(DOC, 'utf8'));
    const byKey = new Map(blocks.map((b) => [b.key, b]));
    assert.equal(byKey.size, blocks.length, 'each test=<name> once per language');
    const ran = new Set<string>();
    const block = (key: string): Block => {
      const found = byKey.get(key);
      assert.ok(found, `docs/partner-quickstart.md has a block ${key}`);
      ran.add(key);
      return found;
    };

    // 1. The set-up block names exactly the variables every other block is given.
    const setup = block('bash:setup');
    const names = [...setup.code.matchAll(/(?:export\s+|\s)(\w+)=/g)].map((m) => m[1]);
    assert.deepEqual(names.sort(), ['ACCOMMODATION_ID', 'CHECKIN', 'CHECKOUT', 'STAYDESK_API_KEY', 'STAYDESK_URL']);
    await runBlock(setup, {});
    const stay = (daysAhead: number) => {
      const checkin = addDays(todayIn('UTC'), daysAhead);
      return { CHECKIN: checkin, CHECKOUT: addDays(checkin, 3) };
    };
    const base = {
      STAYDESK_URL: staydesk.base,
      STAYDESK_API_KEY: staydesk.apiKey,
      ACCOMMODATION_ID: String(staydesk.accommodationId),
    };

    // 2-3 and 6 with curl, on one stay.
    const curlEnv = { ...base, ...stay(50) };
    const quote = JSON.parse(await runBlock(block('bash:quote'), curlEnv)) as {
      data: { available: boolean; nights: number; pricing: { total: number } };
    };
    assert.deepEqual([quote.data.available, quote.data.nights], [true, 3]);
    const made = JSON.parse(await runBlock(block('bash:book'), curlEnv)) as {
      data: { booking_id: number; booking_reference: string; status: string };
    };
    assert.equal(made.data.status, 'confirmed');
    const replay = await runBlock(block('bash:replay'), curlEnv);
    assert.match(replay, /^HTTP\/1\.1 200/);
    assert.match(replay, /^idempotent-replayed: true/im);
    const withId = { ...curlEnv, BOOKING_ID: String(made.data.booking_id) };
    assert.deepEqual(JSON.parse(await runBlock(block('bash:status'), withId)), {
      booking_status: 'confirmed',
      booking_reference: made.data.booking_reference,
      total_amount: quote.data.pricing.total,
      currency: 'EUR',
    });
    const conflict = JSON.parse(await runBlock(block('bash:conflict'), curlEnv)) as Record<string, unknown>;
    assert.deepEqual([conflict.code, conflict.reason], [409, 'dates_unavailable']);
    assert.match(String(conflict.request_id), /^\S+$/);

    // 2-3 and 6 with the client, on another stay.
    const tsEnv = { ...base, ...stay(60) };
    assert.match(await runBlock(block('ts:quote'), tsEnv), /^3 nights, \d+(\.\d+)? in total\n$/);
    const booked = lines(await runBlock(block('ts:book'), tsEnv));
    assert.match(booked[0] ?? '', /^[2-9A-Z]{10} is confirmed \(id \d+\)$/);
    assert.match(booked[1] ?? '', new RegExp(`^confirmed: ${tsEnv.CHECKIN} to ${tsEnv.CHECKOUT}, [\\d.]+ EUR$`));
    const tsTotal = Number(/, ([\d.]+) EUR$/.exec(booked[1] ?? '')?.[1]);
    assert.equal(
      await runBlock(block('ts:errors'), tsEnv),
      `The price changed: the stay now costs ${String(tsTotal)}\n`,
    );

    // 4. The proxy block as a server of its own, in front of the stand-in card processor.
    const cardEnv = { ...base, ...stay(70) };
    proxy = startNode(
      [...NODE_ARGS, '--eval', block('ts:proxy').code],
      { ...cardEnv, PORT: '0', STRIPE_SECRET_KEY: 'sk_test_quickstart', STRIPE_API_BASE: processor.url },
      { cwd: ROOT },
    );
    const listening = await proxy.waitForLine((l) => l.includes('proxy listening on'));
    const proxyUrl = /listening on (http:\/\/\S+)/.exec(listening)?.[1];
    assert.ok(proxyUrl, listening);
    const card = JSON.parse(await runBlock(block('bash:card'), { ...cardEnv, PROXY_URL: proxyUrl })) as {
      booking_id: number;
      booking_reference: string;
      client_secret: string;
      status_token: string;
    };
    assert.deepEqual(Object.keys(card).sort(), ['booking_id', 'booking_reference', 'client_secret', 'status_token']);
    const intent = processor.intents.find((i) => i.metadata.booking_reference === card.booking_reference);
    assert.ok(intent, 'the PaymentIntent carries booking_reference');
    assert.equal(card.client_secret, `${intent.id}_secret_x`);

    // 5. Both pollers see the draft first; the processor's event arrives while they poll.
    const toProxy = await countingRelay(new URL(proxyUrl).origin);
    const toStaydesk = await countingRelay(staydesk.base);
    const polling = runBlock(block('bash:poll'), {
      ...cardEnv,
      PROXY_URL: `${toProxy.url}${new URL(proxyUrl).pathname}`,
      BOOKING_ID: String(card.booking_id),
      STATUS_TOKEN: card.status_token,
    });
    const waiting = runBlock(block('ts:wait'), {
      ...cardEnv,
      STAYDESK_URL: toStaydesk.url,
      BOOKING_ID: String(card.booking_id),
    });
    try {
      await until('both pollers to read the draft', () => toProxy.gets() >= 1 && toStaydesk.gets() >= 1);
      assert.equal((await staydesk.pay(intent)).outcome, 'confirmed');
      assert.equal(await polling, 'confirmed\n');
      assert.equal(await waiting, `${card.booking_reference} is confirmed\n`);
      assert.ok(toProxy.gets() >= 2 && toStaydesk.gets() >= 2, 'each polled again after the payment');
    } finally {
      toProxy.close();
      toStaydesk.close();
    }

    const feed = lines(await runBlock(block('bash:events'), base));
    assert.ok(feed.includes(`booking.created ${made.data.booking_reference}`), feed.join('\n'));
    assert.ok(feed.includes(`booking.confirmed ${card.booking_reference}`), feed.join('\n'));
    const typed = lines(await runBlock(block('ts:events'), base));
    assert.ok(typed.includes(`booking.confirmed ${card.booking_reference} confirmed`), typed.join('\n'));
    assert.equal(typed.length, feed.length, 'the client reads the same feed');

    assert.deepEqual(
      [...byKey.keys()].filter((k) => !ran.has(k)),
      [],
      'every block of the page was run',
    );
  },
);

test(
  'the TypeScript blocks type-check against the client, with the project’s strict settings',
  { timeout: testTimeout(120_000) },
  async () => {
    const blocks = blocksOf(await readFile(DOC, 'utf8')).filter((b) => b.key.startsWith('ts:'));
    assert.ok(blocks.length >= 5);
    // Inside the repository, so that @staydesk/client, stripe and hono resolve as they do for the blocks at run time.
    const dir = await mkdtemp(path.join(ROOT, 'node_modules/.cache-quickstart-'));
    try {
      const files = await Promise.all(
        blocks.map(async (b) => {
          const file = path.join(dir, `${b.key.slice(3)}.ts`);
          await writeFile(file, b.code);
          return file;
        }),
      );
      await writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), include: [], files }),
      );
      const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
      await run(process.execPath, [tsc, '-p', dir], { cwd: ROOT, timeout: EVENT_TIMEOUT_MS }).catch(
        (error: unknown) => {
          throw new Error(`the blocks do not type-check:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
        },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test('the block reader refuses an untagged snippet (the check above can fail)', () => {
  assert.throws(() => blocksOf('```bash\ncurl x\n```\n'), /without test=<name>/);
  assert.deepEqual(blocksOf('```text\nnpm install\n```\n```ts test=a\nx\n```\n'), [{ key: 'ts:a', code: 'x\n' }]);
});
