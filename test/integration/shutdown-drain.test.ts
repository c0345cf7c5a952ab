import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { EVENT_TIMEOUT_MS } from '../support/timeouts.ts';

// While the server drains (app.close(), as on SIGTERM), a request already in flight finishes,
// and one that arrives on a connection still open gets 503 shutting_down with Retry-After.

let t: TestApp;
let port = 0;
/** Resolves once the drain has begun: the app's own preClose hook (registered first) has refused new requests. */
let drainBegun: Promise<void>;
before(async () => {
  t = await createTestApp();
  drainBegun = new Promise((resolve) => {
    t.app.addHook('preClose', async () => {
      resolve();
    });
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
after(async () => {
  // A failed run may leave a connection open that would hold the close forever.
  t.app.server.closeAllConnections();
  await t.close().catch(() => undefined);
});

/** Resolves once the server has accepted `count` more connections. */
function connectionsAccepted(server: net.Server, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onConnection = () => {
      seen += 1;
      if (seen < count) return;
      server.off('connection', onConnection);
      resolve();
    };
    server.on('connection', onConnection);
  });
}

/** A raw HTTP/1.1 exchange: `head` now, `rest` when asked; resolves with the parsed answer. */
function rawExchange(head: string) {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(head);
  let text = '';
  socket.setEncoding('utf8').on('data', (c: string) => (text += c));
  const ended = new Promise<void>((resolve) =>
    socket.once('close', () => {
      resolve();
    }),
  );
  return {
    async finish(rest: string): Promise<LightMyRequestResponse> {
      socket.write(rest);
      await ended;
      const [headText = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      const statusCode = Number(statusLine.split(' ')[1]);
      return {
        statusCode,
        headers,
        body,
        json: () => JSON.parse(body) as unknown,
      } as unknown as LightMyRequestResponse;
    },
  };
}

test(
  `a request arriving during the drain gets 503 shutting_down; the one in flight finishes (${testStoreKind})`,
  { timeout: EVENT_TIMEOUT_MS },
  async () => {
    const server = t.app.server;
    const accepted = connectionsAccepted(server, 2);
    const arrived = once(server, 'request');
    // In flight: its headers are in and its body is still arriving when the drain begins.
    const payload = Buffer.from(
      JSON.stringify({ accommodation_id: 999999, checkin: '2031-06-01', checkout: '2031-06-04' }),
    );
    let sendRest = (): void => undefined;
    // On a kept-alive connection: the drain must close it behind the answer, not wait for it to idle out.
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `${t.v1}/availability`,
            agent,
            headers: {
              authorization: `Bearer ${t.apiKey}`,
              'content-type': 'application/json',
              'content-length': payload.length,
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (c: string) => (body += c));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
            });
          },
        );
        req.on('error', reject);
        req.write(payload.subarray(0, 5));
        sendRest = () => req.end(payload.subarray(5));
      },
    );
    // On a connection already open: a request whose head is only complete once the drain began.
    const late = rawExchange(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    // Both connections are open on the server and the first request's head is in.
    await Promise.all([accepted, arrived]);

    const closed = t.app.close();
    await drainBegun;
    const refused = await late.finish('Connection: keep-alive\r\n\r\n');
    const body = assertErrorEnvelope(refused, 503, 'INTERNAL_ERROR');
    assert.equal(body.error.details.reason, 'shutting_down');
    assert.equal(refused.headers['retry-after'], '1');
    assert.equal(refused.headers.connection, 'close');

    sendRest();
    const finished = await inFlight;
    assert.notEqual(finished.status, 503, finished.body);
    assert.notEqual(
      (JSON.parse(finished.body) as { error?: { details?: { reason?: string } } }).error?.details?.reason,
      'shutting_down',
    );
    assert.equal(finished.connection, 'close', 'the answer closes its kept-alive connection');
    await closed;
    agent.destroy();
  },
);
