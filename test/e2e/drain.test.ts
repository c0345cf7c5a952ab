import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { startServe, type ServeProcess } from '../support/serve-cluster.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { EVENT_TIMEOUT_MS } from '../support/timeouts.ts';

// SIGTERM to a real `staydesk serve` under kept-alive load, with mail queued for a slow relay:
// every request on an open connection is answered (200 before, then 503 shutting_down with
// Connection: close and Retry-After, /readyz included), none is reset; the mail batch in hand
// stops after the mail it is sending and gives back the rest; the process exits 0 well within
// SHUTDOWN_TIMEOUT_SECONDS.

const CONNECTIONS = 20;
const MAILS = 12;

let store: CliStore;
let smtp: SmtpListener;
let server: ServeProcess | null = null;
let key = '';

before(async () => {
  store = await createCliStore();
  await runCli(['migrate'], store.env, { cwd: store.dir });
  key = (await runCli(['apikey', 'create', '--name', 'drain'], store.env, { cwd: store.dir })).lastLine;
  smtp = await startSmtpListener(0, { delayMs: 150 });
  const opened = store.open();
  try {
    const now = new Date().toISOString();
    await opened.db
      .insertInto('outbox')
      .values(
        Array.from({ length: MAILS }, (_, i) => ({
          kind: 'mail',
          template: 'booking_confirmed',
          booking_id: null,
          recipient: `guest${i}@example.com`,
          subject: `Mail ${i}`,
          body_text: 'Hello',
          body_html: '<p>Hello</p>',
          status: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
  } finally {
    await opened.destroy();
  }
});
after(async () => {
  server?.cli.kill();
  await smtp.close();
  await store.cleanup();
});

interface Seen {
  status: number;
  reason?: string;
  connection?: string;
  retryAfter?: string;
}

/** One request on `agent`'s kept-alive connection, with what its answer says of the drain. */
function send(agent: http.Agent, url: string): Promise<Seen> {
  return new Promise<Seen>((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => {
        let reason: string | undefined;
        try {
          reason = (JSON.parse(body) as { error?: { details?: { reason?: string } } }).error?.details?.reason;
        } catch {
          reason = undefined;
        }
        resolve({
          status: res.statusCode ?? 0,
          reason,
          connection: res.headers.connection,
          retryAfter: res.headers['retry-after'],
        });
      });
    });
    req.on('error', reject);
  });
}

/** One kept-alive connection sending requests one after the other until it is told to go. */
async function client(url: string, path: string, results: Seen[], errors: string[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (;;) {
      const seen = await send(agent, `${url}${path}`);
      results.push(seen);
      if (seen.connection === 'close') return;
    }
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  } finally {
    agent.destroy();
  }
}

test(
  'SIGTERM under kept-alive load answers every request, releases unsent mail and exits 0',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    server = await startServe({ ...store.env, SMTP_URL: smtp.url, SHUTDOWN_TIMEOUT_SECONDS: '10' }, store.dir);
    const results: Seen[] = [];
    const errors: string[] = [];
    const paths = ['/readyz', '/api/v1/staydesk/bookings/999999'];
    const clients = Array.from({ length: CONNECTIONS }, (_, i) =>
      client(server?.url ?? '', paths[i % 2] ?? '/readyz', results, errors),
    );
    // One more kept-alive connection, idle when the signal comes: its next request arrives during
    // the drain whatever the load's connections were doing at that moment.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    assert.equal((await send(idle, `${server.url}/readyz`)).status, 200);
    // Load is flowing and the mail worker is in the middle of its first batch.
    await smtp.waitFor(1);
    const before = results.length;
    assert.ok(before > 0);
    const signalled = Date.now();
    server.cli.child.kill('SIGTERM');
    // The drain has begun once one answer closes its connection.
    while (!results.some((r) => r.connection === 'close')) await new Promise((r) => setTimeout(r, 5));
    const late = await send(idle, `${server.url}/readyz`).finally(() => {
      idle.destroy();
    });
    await Promise.all(clients);
    const exit = await server.cli.exited();
    const took = Date.now() - signalled;

    assert.deepEqual(errors, [], 'no request on a kept-alive connection is reset');
    // Each connection ends with an answer that closes it: a request in flight at the signal
    // finishes (200 or 404), one that arrives after it is refused; nothing comes after either.
    const closing = results.filter((r) => r.connection === 'close');
    assert.equal(closing.length, CONNECTIONS, 'each connection ends with one answer that closes it');
    const refused = [late, ...results.filter((r) => r.status === 503)];
    assert.equal(late.status, 503, 'a request arriving during the drain is refused');
    for (const r of refused) assert.deepEqual([r.reason, r.connection, r.retryAfter], ['shutting_down', 'close', '1']);
    for (const r of results.filter((x) => x.status !== 503)) assert.ok(r.status === 200 || r.status === 404);
    assert.deepEqual(exit, { code: 0, signal: null }, server.cli.stdout() + server.cli.stderr());
    assert.ok(took < 10_000, `exited after ${took} ms, past SHUTDOWN_TIMEOUT_SECONDS`);

    // The batch stopped between mails: what was received is marked sent; the rest is back in the
    // outbox, unleased, for the next process.
    const opened = store.open();
    try {
      const rows = await opened.db.selectFrom('outbox').select(['status', 'locked_by', 'subject']).execute();
      const sent = rows.filter((r) => r.status === 'sent').map((r) => r.subject);
      const received = smtp.messages.map((m) => m.subject);
      assert.deepEqual([...sent].sort(), [...received].sort());
      assert.ok(received.length < MAILS, 'the drain did not wait for every queued mail');
      assert.equal(new Set(smtp.messages.map((m) => m.messageId)).size, received.length);
      assert.ok(
        rows.filter((r) => r.status === 'pending').every((r) => r.locked_by === null),
        'unsent mails are released',
      );
    } finally {
      await opened.destroy();
    }
  },
);
