import assert from 'node:assert/strict';
import http from 'node:http';
import { after, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { createCliStore, startCli, type CliStore, type RunningCli } from '../support/cli.ts';
import { isIsoTimestamp } from '../support/envelope-assertions.ts';
import { testStoreKind } from '../support/test-store.ts';

/**
 * `staydesk serve` as an operator runs it: the real process on PORT=0, the printed curl line,
 * health, graceful shutdown with a request in flight, and seeding only once.
 */

const stores: CliStore[] = [];
const processes: RunningCli[] = [];
after(async () => {
  for (const p of processes) p.kill();
  for (const s of stores) await s.cleanup();
});

async function freshStore(): Promise<CliStore> {
  const s = await createCliStore();
  stores.push(s);
  return s;
}

/** At debug, so that a request's arrival is logged (src/http/request-log.ts): the drain tests wait for it. */
function serve(s: CliStore, env: Record<string, string> = {}): RunningCli {
  const p = startCli(['serve'], { ...s.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...env }, { cwd: s.dir });
  processes.push(p);
  return p;
}

interface LogLine {
  msg?: string;
  request_id?: string;
  [key: string]: unknown;
}

function logLine(line: string): LogLine | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return null;
  }
}

/** Waits for the "Staydesk listening on http://…" log line; returns the base URL. */
async function listening(p: RunningCli): Promise<string> {
  const line = await p.waitForLine((l) => logLine(l)?.msg?.startsWith('Staydesk listening on http://') === true);
  const match = /listening on (http:\/\/\S+)/.exec(logLine(line)?.msg ?? '');
  assert.ok(match?.[1], line);
  return match[1];
}

/** Parses `curl -H "Authorization: Bearer KEY" URL`. */
function parseCurl(line: string): { authorization: string; url: string } {
  const match = /^\s*curl -H "(Authorization: Bearer [^"]+)" (\S+)\s*$/.exec(line);
  assert.ok(match?.[1] && match[2], `a curl line: ${line}`);
  return { authorization: match[1].slice('Authorization: '.length), url: match[2] };
}

function assertTestAnswer(body: unknown): void {
  const b = body as { success: boolean; data: Record<string, unknown>; metadata: Record<string, unknown> };
  assert.equal(b.success, true);
  assert.deepEqual(Object.keys(b.data).sort(), ['login', 'message', 'status', 'timestamp', 'user']);
  assert.equal(b.data.status, 'ok');
  assert.equal(typeof b.data.message, 'string');
  assert.ok(isIsoTimestamp(b.data.timestamp));
  assert.equal(typeof b.data.user, 'string');
  assert.equal(b.data.login, 'staydesk-api');
  assert.equal(b.metadata.api_version, '1.0');
  assert.equal(b.metadata.endpoint, 'v1');
}

/** Sends the headers and part of a JSON body now; `finish()` sends the rest and resolves with the answer. */
function startSlowRequest(url: URL, authorization: string, requestId: string, payload: string) {
  const body = Buffer.from(payload);
  let finish = (): void => undefined;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        agent: false,
        headers: {
          ...(authorization === '' ? {} : { authorization }),
          'content-type': 'application/json',
          'content-length': body.length,
          'x-request-id': requestId,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, 5));
    finish = () => {
      req.end(body.subarray(5));
    };
  });
  return {
    response,
    finish: () => {
      finish();
    },
  };
}

describe(`staydesk serve (${testStoreKind})`, () => {
  test('prints where it listens and a working curl line; healthz; SIGTERM finishes the request in flight and exits 0', async () => {
    const s = await freshStore();
    const p = serve(s);
    const base = await listening(p);
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(new URL(base).port, '0', 'PORT=0 picked a real port');

    let authorization: string;
    let testUrl: string;
    let accommodationId = 999999;
    if (s.kind === 'sqlite') {
      const curl = parseCurl(await p.waitForLine((l) => l.trimStart().startsWith('curl ')));
      authorization = curl.authorization;
      testUrl = curl.url;
      assert.equal(testUrl, `${base}/api/v1/staydesk/test`);
      const demo = /demo accommodation \(id (\d+)\)/.exec(p.stdout());
      accommodationId = Number(demo?.[1] ?? accommodationId);
    } else {
      // With DATABASE_URL nothing is seeded and no key is printed.
      const store = s.open();
      try {
        assert.equal((await store.db.selectFrom('accommodations').select('id').execute()).length, 0);
        assert.equal((await store.db.selectFrom('api_keys').select('id').execute()).length, 0);
        authorization = `Bearer ${(await createApiKey(store.db, { name: 'e2e', scope: 'api' })).key}`;
      } finally {
        await store.destroy();
      }
      assert.ok(!p.stdout().includes('curl') && !/sdk_[A-Za-z0-9_-]{32}/.test(p.stdout()), p.stdout());
      testUrl = `${base}/api/v1/staydesk/test`;
    }

    const answer = await fetch(testUrl, { headers: { authorization } });
    assert.equal(answer.status, 200);
    assertTestAnswer(await answer.json());
    assert.equal((await fetch(testUrl)).status, 401, 'and without the key it is refused');

    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });

    // A request whose body is still arriving when SIGTERM comes in.
    const slow = startSlowRequest(
      new URL(`${base}/api/v1/staydesk/availability`),
      authorization,
      'in-flight-1',
      JSON.stringify({
        accommodation_id: accommodationId,
        checkin: '2031-06-01',
        checkout: '2031-06-04',
        guest_count: 2,
      }),
    );
    await p.waitForLine((l) => {
      const log = logLine(l);
      return log?.request_id === 'in-flight-1' && log.msg === 'incoming request';
    });
    p.child.kill('SIGTERM');
    await p.waitForLine((l) => logLine(l)?.msg === 'shutting down');
    slow.finish();
    const completed = await slow.response;
    assert.ok(
      completed.status !== 503 && completed.status < 500,
      `the in-flight request completed: ${completed.status} ${completed.body}`,
    );
    assert.equal(typeof (JSON.parse(completed.body) as { success?: unknown }).success, 'boolean');

    assert.deepEqual(await p.exited(), { code: 0, signal: null });
    assert.ok(!p.stderr().includes('Error'), p.stderr());
  });

  /** Starts a payment event whose body is still arriving (a public route: no key needed). */
  async function slowPaymentEvent(p: RunningCli, base: string, requestId: string) {
    const slow = startSlowRequest(
      new URL(`${base}/staydesk/api/payment/webhook`),
      '',
      requestId,
      JSON.stringify({ id: 'evt_1', type: 'x', data: { object: {} } }),
    );
    await p.waitForLine((l) => {
      const log = logLine(l);
      return log?.request_id === requestId && log.msg === 'incoming request';
    });
    return slow;
  }

  // That the drain waits for a request in flight, however long it takes, is shown by the next
  // test: a request that never finishes holds the process until the limit's warning. This one
  // shows the other side: a request finishing inside the limit lets the process exit 0 at once.
  test('SIGTERM waits for a slow request that finishes inside SHUTDOWN_TIMEOUT_SECONDS, then exits 0', async () => {
    const s = await freshStore();
    const p = serve(s, { SHUTDOWN_TIMEOUT_SECONDS: '3600' });
    const base = await listening(p);
    const slow = await slowPaymentEvent(p, base, 'slow-inside-limit');
    p.child.kill('SIGTERM');
    await p.waitForLine((l) => logLine(l)?.msg === 'shutting down');
    assert.equal(p.child.exitCode, null, 'the process waits for the request in flight');
    slow.finish();
    const completed = await slow.response;
    assert.ok(
      completed.status !== 503 && completed.status < 500,
      `the in-flight request completed: ${completed.status} ${completed.body}`,
    );
    // With an hour's limit, exiting at all (and with 0) means the drain ended when the request did.
    assert.deepEqual(await p.exited(), { code: 0, signal: null });
    assert.ok(!p.stdout().includes('did not finish'), p.stdout());
  });

  test('a request still running after SHUTDOWN_TIMEOUT_SECONDS: a warning, then exit 1', async () => {
    const s = await freshStore();
    const p = serve(s, { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const base = await listening(p);
    const slow = await slowPaymentEvent(p, base, 'slow-past-limit');
    slow.response.catch(() => undefined);
    p.child.kill('SIGTERM');
    // Exit 1 with the limit's warning: the drain waited for the request until the limit ran out.
    assert.deepEqual(await p.exited(), { code: 1, signal: null });
    const warning = p
      .stdout()
      .split('\n')
      .map(logLine)
      .find((log) => log?.msg?.includes('SHUTDOWN_TIMEOUT_SECONDS') === true);
    assert.ok(warning !== undefined && warning !== null, `a warning is logged: ${p.stdout()}`);
    assert.equal(warning.level, 40, 'at warn level');
  });

  test('a restart on the same store seeds nothing and prints no second key', async () => {
    const s = await freshStore();
    const first = serve(s);
    await listening(first);
    if (s.kind === 'sqlite') await first.waitForLine((l) => l.trimStart().startsWith('curl '));
    first.child.kill('SIGTERM');
    assert.deepEqual(await first.exited(), { code: 0, signal: null });

    const second = serve(s);
    const base = await listening(second);
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    second.child.kill('SIGTERM');
    assert.deepEqual(await second.exited(), { code: 0, signal: null });
    assert.ok(!second.stdout().includes('curl'), second.stdout());
    assert.ok(!/sdk_[A-Za-z0-9_-]{32}/.test(second.stdout()), 'no key printed');

    const store = s.open();
    try {
      const keys = await store.db.selectFrom('api_keys').select('id').execute();
      const accommodations = await store.db.selectFrom('accommodations').select('id').execute();
      const expected = s.kind === 'sqlite' ? 1 : 0;
      assert.equal(keys.length, expected, 'one first-run key at most');
      assert.equal(accommodations.length, expected, 'one demo accommodation at most');
    } finally {
      await store.destroy();
    }
  });

  test('a busy port: exit non-zero, and the one-time key is not used up', async () => {
    const s = await freshStore();
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    assert.ok(typeof address === 'object' && address !== null);
    try {
      const p = startCli(
        ['serve'],
        { ...s.env, PORT: String(address.port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        { cwd: s.dir },
      );
      processes.push(p);
      const { code } = await p.exited();
      assert.notEqual(code, 0);
      assert.match(`${p.stdout()}${p.stderr()}`, /EADDRINUSE|address already in use/i);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    if (s.kind === 'sqlite') {
      const p = serve(s);
      await listening(p);
      await p.waitForLine((l) => l.trimStart().startsWith('curl '));
      p.child.kill('SIGTERM');
      assert.deepEqual(await p.exited(), { code: 0, signal: null });
    }
  });
});
