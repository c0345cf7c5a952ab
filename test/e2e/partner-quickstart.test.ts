import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { createClient, type CreateBookingRequest } from '../../packages/client/src/index.ts';
import { BIN, runCli, startNode, type RunningCli } from '../support/cli.ts';
import { startStaydesk, type RunningStaydesk } from '../support/running-staydesk.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { testStoreKind } from '../support/test-store.ts';
import { EVENT_TIMEOUT_MS, testTimeout } from '../support/timeouts.ts';

/**
 * docs/partner-quickstart.md, run: every bash and TypeScript block of the page, tagged
 * `test=<name>`, against the real Staydesk process (curl through bash, TypeScript through Node's
 * type stripping importing @staydesk/client), with the stand-in card processor behind the proxy.
 * The page's walk-through is run twice: with a live key, the processor's payment confirming the
 * card draft; and with a test key made by the real CLI, the test payment confirming it, the events
 * verified by the page's receiver, and no live night taken.
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
let testProxy: RunningCli | undefined;
let receiver: RunningCli | undefined;
before(async () => {
  // The page's receiver listens on loopback, and events leave soon after each change.
  [staydesk, processor] = await Promise.all([
    startStaydesk({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', STAYDESK_EVENT_POLL_MS: '50' }),
    startStripeStandIn(),
  ]);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'staydesk-quickstart-'));
});
after(async () => {
  proxy?.kill();
  testProxy?.kill();
  receiver?.kill();
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

/** The page's blocks by key; `ran` collects those the tests ran, all of which the last test expects. */
const ran = new Set<string>();
let byKey: Map<string, Block> | undefined;
async function pageBlock(key: string): Promise<Block> {
  if (byKey === undefined) {
    const blocks = blocksOf(await readFile(DOC, 'utf8'));
    byKey = new Map(blocks.map((b) => [b.key, b]));
    assert.equal(byKey.size, blocks.length, 'each test=<name> once per language');
  }
  const found = byKey.get(key);
  assert.ok(found, `docs/partner-quickstart.md has a block ${key}`);
  ran.add(key);
  return found;
}

const stay = (daysAhead: number) => {
  const checkin = addDays(todayIn('UTC'), daysAhead);
  return { CHECKIN: checkin, CHECKOUT: addDays(checkin, 3) };
};

/** A proxy started from the page's block, as a server of its own in front of the stand-in card processor. */
async function startProxy(env: Record<string, string>): Promise<{ process: RunningCli; url: string }> {
  const started = startNode(
    [...NODE_ARGS, '--eval', (await pageBlock('ts:proxy')).code],
    { ...env, PORT: '0', STRIPE_SECRET_KEY: 'sk_test_quickstart', STRIPE_API_BASE: processor.url },
    { cwd: ROOT },
  );
  const listening = await started.waitForLine((l) => l.includes('proxy listening on'));
  const url = /listening on (http:\/\/\S+)/.exec(listening)?.[1];
  assert.ok(url, listening);
  return { process: started, url };
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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
    const block = pageBlock;

    // 1. The set-up block names exactly the variables every other block is given.
    const setup = await block('bash:setup');
    const names = [...setup.code.matchAll(/(?:export\s+|\s)(\w+)=/g)].map((m) => m[1]);
    assert.deepEqual(names.sort(), ['ACCOMMODATION_ID', 'CHECKIN', 'CHECKOUT', 'STAYDESK_API_KEY', 'STAYDESK_URL']);
    await runBlock(setup, {});
    const base = {
      STAYDESK_URL: staydesk.base,
      STAYDESK_API_KEY: staydesk.apiKey,
      ACCOMMODATION_ID: String(staydesk.accommodationId),
    };

    // 2-3 and 6 with curl, on one stay.
    const curlEnv = { ...base, ...stay(50) };
    const quote = JSON.parse(await runBlock(await block('bash:quote'), curlEnv)) as {
      data: { available: boolean; nights: number; pricing: { total: number } };
    };
    assert.deepEqual([quote.data.available, quote.data.nights], [true, 3]);
    const made = JSON.parse(await runBlock(await block('bash:book'), curlEnv)) as {
      data: { booking_id: number; booking_reference: string; status: string };
    };
    assert.equal(made.data.status, 'confirmed');
    const replay = await runBlock(await block('bash:replay'), curlEnv);
    assert.match(replay, /^HTTP\/1\.1 200/);
    assert.match(replay, /^idempotent-replayed: true/im);
    const withId = { ...curlEnv, BOOKING_ID: String(made.data.booking_id) };
    assert.deepEqual(JSON.parse(await runBlock(await block('bash:status'), withId)), {
      booking_status: 'confirmed',
      booking_reference: made.data.booking_reference,
      total_amount: quote.data.pricing.total,
      currency: 'EUR',
    });
    const conflict = JSON.parse(await runBlock(await block('bash:conflict'), curlEnv)) as Record<string, unknown>;
    assert.deepEqual([conflict.code, conflict.reason], [409, 'dates_unavailable']);
    assert.match(String(conflict.request_id), /^\S+$/);

    // 2-3 and 6 with the client, on another stay.
    const tsEnv = { ...base, ...stay(60) };
    assert.match(await runBlock(await block('ts:quote'), tsEnv), /^3 nights, \d+(\.\d+)? in total\n$/);
    const booked = lines(await runBlock(await block('ts:book'), tsEnv));
    assert.match(booked[0] ?? '', /^[2-9A-Z]{10} is confirmed \(id \d+\)$/);
    assert.match(booked[1] ?? '', new RegExp(`^confirmed: ${tsEnv.CHECKIN} to ${tsEnv.CHECKOUT}, [\\d.]+ EUR$`));
    const tsTotal = Number(/, ([\d.]+) EUR$/.exec(booked[1] ?? '')?.[1]);
    assert.equal(
      await runBlock(await block('ts:errors'), tsEnv),
      `The price changed: the stay now costs ${String(tsTotal)}\n`,
    );

    // 4. The proxy block as a server of its own, in front of the stand-in card processor.
    const cardEnv = { ...base, ...stay(70) };
    const started = await startProxy(cardEnv);
    proxy = started.process;
    const proxyUrl = started.url;
    const card = JSON.parse(await runBlock(await block('bash:card'), { ...cardEnv, PROXY_URL: proxyUrl })) as {
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
    const polling = runBlock(await block('bash:poll'), {
      ...cardEnv,
      PROXY_URL: `${toProxy.url}${new URL(proxyUrl).pathname}`,
      BOOKING_ID: String(card.booking_id),
      STATUS_TOKEN: card.status_token,
    });
    const waiting = runBlock(await block('ts:wait'), {
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

    const feed = lines(await runBlock(await block('bash:events'), base));
    assert.ok(feed.includes(`booking.created ${made.data.booking_reference}`), feed.join('\n'));
    assert.ok(feed.includes(`booking.confirmed ${card.booking_reference}`), feed.join('\n'));
    const typed = lines(await runBlock(await block('ts:events'), base));
    assert.ok(typed.includes(`booking.confirmed ${card.booking_reference} confirmed`), typed.join('\n'));
    assert.equal(typed.length, feed.length, 'the client reads the same feed');
  },
);

test(
  `the walk-through with a test key made by the CLI: card draft, test payment, verified events with livemode false, no live night taken (${testStoreKind})`,
  { timeout: testTimeout(240_000) },
  async () => {
    // 1. The host's command, as the page shows it, with \`staydesk\` on the PATH.
    const bin = path.join(scratch, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(path.join(bin, 'staydesk'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {
      mode: 0o755,
    });
    const created = await runBlock(await pageBlock('bash:test-key'), {
      ...staydesk.store.env,
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    });
    const testKey = lines(created).at(-1) ?? '';
    assert.match(testKey, /^sdk_test_[A-Za-z0-9_-]+$/, created);
    assert.match(created, /^Created test key #\d+ "my-site"/);

    const house = String(staydesk.accommodationId);
    const first = stay(80);
    const second = stay(90);
    const testEnv = { STAYDESK_URL: staydesk.base, STAYDESK_API_KEY: testKey, ACCOMMODATION_ID: house };
    const admin = await runCli(['apikey', 'create', '--name', 'host', '--admin'], staydesk.store.env);
    assert.equal(admin.code, 0, admin.stderr);
    const host = async (route: string) => {
      const res = await fetch(`${staydesk.base}${route}`, { headers: { authorization: `Bearer ${admin.lastLine}` } });
      assert.equal(res.status, 200, route);
      return (await res.json()) as { data: unknown };
    };
    const month = first.CHECKIN.slice(0, 8);
    const range = `from=${month}01&to=${addDays(`${month}01`, 75)}`;
    const live = createClient({ baseUrl: staydesk.base, apiKey: staydesk.apiKey, retry: false });
    const calendars = () =>
      Promise.all(
        [first, second].map(async (s) => {
          const [year, m] = s.CHECKIN.split('-').map(Number);
          return live.calendar({ accommodation_id: staydesk.accommodationId, month: m ?? 0, year: year ?? 0 });
        }),
      );
    const reportBefore = (await host(`/admin/api/reports/occupancy?${range}`)).data;
    const calendarBefore = await calendars();

    // 2. The quote, with the test key.
    assert.match(
      await runBlock(await pageBlock('ts:quote'), { ...testEnv, ...first }),
      /^3 nights, [\d.]+ in total\n$/,
    );

    // 5 (set up first): the endpoint registered with curl, and the page's receiver holding its secret.
    const port = await freePort();
    const secret = (
      await runBlock(await pageBlock('bash:endpoint'), {
        ...testEnv,
        RECEIVER_URL: `http://127.0.0.1:${String(port)}/staydesk-events`,
      })
    ).trim();
    assert.match(secret, /^whsec_/);
    receiver = startNode(
      [...NODE_ARGS, '--eval', (await pageBlock('ts:receiver')).code],
      { PORT: String(port), STAYDESK_WEBHOOK_SECRET: secret },
      { cwd: ROOT },
    );
    await receiver.waitForLine((l) => l.includes('receiver listening on'));
    const forged = await fetch(`http://127.0.0.1:${String(port)}/staydesk-events`, {
      method: 'POST',
      headers: {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{"type":"booking.confirmed"}',
    });
    assert.equal(forged.status, 401, 'the receiver refuses a body it cannot verify');

    // 4. Two card drafts through the page's proxy holding the test key; each paid by the test payment.
    const started = await startProxy({ ...testEnv, ...first });
    testProxy = started.process;
    type Card = { booking_id: number; booking_reference: string };
    const draft = async (s: Record<string, string>) =>
      JSON.parse(await runBlock(await pageBlock('bash:card'), { ...testEnv, ...s, PROXY_URL: started.url })) as Card;
    const byCurl = await draft(first);
    const byClient = await draft(second);
    const tester = createClient({ baseUrl: staydesk.base, apiKey: testKey, retry: false });
    assert.equal((await tester.getBooking(byCurl.booking_id)).booking_status, 'draft');
    assert.equal(
      await runBlock(await pageBlock('bash:test-payment'), { ...testEnv, BOOKING_ID: String(byCurl.booking_id) }),
      'confirmed\n',
    );
    assert.equal(
      await runBlock(await pageBlock('ts:test-payment'), { ...testEnv, BOOKING_ID: String(byClient.booking_id) }),
      `${byClient.booking_reference}: confirmed\n`,
    );
    assert.equal(
      await runBlock(await pageBlock('ts:wait'), { ...testEnv, BOOKING_ID: String(byClient.booking_id) }),
      `${byClient.booking_reference} is confirmed\n`,
    );

    // The receiver verified each event of both bookings with verifyEvent: livemode false.
    for (const ref of [byCurl.booking_reference, byClient.booking_reference])
      for (const type of ['booking.created', 'booking.confirmed'])
        await receiver.waitForLine((l) => l === `${type} ${ref} livemode=false`);
    assert.doesNotMatch(receiver.stdout(), /livemode=true/);

    // No live night was taken: the host's report and the live calendar are as they were, no list
    // names the test bookings, and a live key books the very same nights.
    assert.deepEqual((await host(`/admin/api/reports/occupancy?${range}`)).data, reportBefore);
    assert.deepEqual(await calendars(), calendarBefore);
    for (const ref of [byCurl.booking_reference, byClient.booking_reference])
      assert.doesNotMatch(JSON.stringify(await host(`/admin/api/bookings?q=${ref}`)), new RegExp(ref));
    for (const s of [first, second]) {
      const quote = await live.availability({
        accommodation_id: staydesk.accommodationId,
        checkin: s.CHECKIN,
        checkout: s.CHECKOUT,
        guest_count: 2,
      });
      assert.equal(quote.available, true);
      const booked = await live.createBooking({
        accommodation_id: staydesk.accommodationId,
        partner_data: { first_name: 'Live', last_name: 'Guest', email: 'live@example.com' },
        booking_data: {
          checkin_date: s.CHECKIN,
          checkout_date: s.CHECKOUT,
          adults_count: 2,
          children_count: 0,
          babies_count: 0,
          payment_method: 'bank_transfer',
          expected_amount: quote.pricing?.total ?? 0,
        },
      } satisfies CreateBookingRequest);
      assert.equal(booked.status, 'confirmed');
    }
    assert.notDeepEqual(await calendars(), calendarBefore, 'the live bookings do show');
  },
);

test('every block of the page was run by the tests above', async () => {
  await pageBlock('bash:setup');
  assert.deepEqual(
    [...(byKey ?? new Map<string, Block>()).keys()].filter((k) => !ran.has(k)),
    [],
  );
});

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
