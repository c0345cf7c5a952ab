import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Issue 9, secure defaults: invoices of cancelled bookings, an optional /metrics token, and the
// JSON envelope on answers from Node's HTTP layer (431, malformed chunked body, 408).

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
before(async () => {
  t = await createTestApp({ METRICS_TOKEN, REQUEST_TIMEOUT_SECONDS: '1' });
});
after(async () => {
  await t.close();
});

/** Sends raw bytes to a listening copy of the app; resolves with everything it answers. */
function rawExchange(port: number, write: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => {
      resolve(answer);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(answer);
      else reject(error);
    });
    socket.on('connect', () => {
      write(socket);
    });
  });
}

interface RawAnswer {
  status: number;
  contentType: string;
  body: {
    success: boolean;
    error: { code: number; name: string; details: { reason?: string } };
    metadata: { request_id: string };
  };
}

function parseRaw(raw: string): RawAnswer {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /^content-type: (.*)$/im.exec(head)?.[1] ?? '';
  return { status, contentType, body: JSON.parse(body) as RawAnswer['body'] };
}

describe(`secure defaults (${testStoreKind})`, () => {
  test('the invoice address answers for the life of the booking; only an unknown token is a 404', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const created = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } }),
    });
    assert.equal(created.statusCode, 200, created.body);
    const { booking_id, invoice_url } = created.json<{ data: { booking_id: number; invoice_url: string } }>().data;
    const path = new URL(invoice_url).pathname;
    const before = await t.request({ method: 'GET', url: path, key: null });
    assert.equal(before.statusCode, 200);
    assert.equal(before.headers['content-type'], 'application/pdf');
    const cancelled = await t.admin('POST', `/admin/api/bookings/${booking_id}/cancel`, {});
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const after = await t.request({ method: 'GET', url: path, key: null });
    assert.equal(after.statusCode, 200, 'the credit note');
    assert.notDeepEqual(after.rawPayload, before.rawPayload);
    const unknown = await t.request({ method: 'GET', url: `${path.slice(0, -4)}xxxx`, key: null });
    assert.equal(assertErrorEnvelope(unknown, 404, 'NOT_FOUND').error.details.reason, 'invoice_not_found');
  });

  test('with METRICS_TOKEN set, /metrics needs it as a bearer token', async () => {
    const none = await t.request({ method: 'GET', url: '/metrics', key: null });
    assert.equal(assertErrorEnvelope(none, 401, 'UNAUTHORIZED').error.details.reason, 'missing_metrics_token');
    const wrong = await t.request({
      method: 'GET',
      url: '/metrics',
      key: null,
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    assert.equal(assertErrorEnvelope(wrong, 401, 'UNAUTHORIZED').error.details.reason, 'invalid_metrics_token');
    const apiKey = await t.request({ method: 'GET', url: '/metrics' });
    assertErrorEnvelope(apiKey, 401, 'UNAUTHORIZED');
    const right = await t.request({
      method: 'GET',
      url: '/metrics',
      key: null,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    assert.equal(right.statusCode, 200);
    assert.match(right.body, /http_request_duration_seconds/);
  });

  test('without METRICS_TOKEN, /metrics stays open', async () => {
    const open = await createTestApp();
    try {
      const res = await open.request({ method: 'GET', url: '/metrics', key: null });
      assert.equal(res.statusCode, 200);
    } finally {
      await open.close();
    }
  });

  describe('answers from the HTTP layer use the error envelope', () => {
    let port = 0;
    before(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
    });

    test('headers too large → 431 in the envelope', async () => {
      const raw = await rawExchange(port, (s) =>
        s.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      const answer = parseRaw(raw);
      assert.equal(answer.status, 431, raw.slice(0, 300));
      assert.match(answer.contentType, /^application\/json/);
      assert.equal(answer.body.success, false);
      assert.equal(answer.body.error.code, 431);
      assert.equal(answer.body.error.name, 'PAYLOAD_TOO_LARGE');
      assert.equal(answer.body.error.details.reason, 'headers_too_large');
      assert.equal(typeof answer.body.metadata.request_id, 'string');
    });

    test('a malformed chunked body → 400 in the envelope', async () => {
      const raw = await rawExchange(port, (s) =>
        s.write(
          `POST /api/v1/${t.config.slug}/availability HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.apiKey}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
      );
      const answer = parseRaw(raw);
      assert.equal(answer.status, 400, raw.slice(0, 300));
      assert.match(answer.contentType, /^application\/json/);
      assert.equal(answer.body.error.name, 'BAD_REQUEST');
      assert.equal(answer.body.error.details.reason, 'malformed_http');
    });

    test('a request refused before its malformed body is read gets that one answer, not a second', async () => {
      const raw = await rawExchange(port, (s) =>
        s.write(
          `POST /api/v1/${t.config.slug}/availability HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
      );
      assert.equal(raw.match(/^HTTP\/1\.1 /gm)?.length, 1, raw);
      const answer = parseRaw(raw);
      assert.equal(answer.status, 401, raw.slice(0, 300));
      assert.equal(answer.body.error.details.reason, 'missing_api_key');
    });

    test('a client sending its body at 1 byte a second is answered 408 in the envelope and closed', async () => {
      // The whole body would take a minute at this pace: only the 1 s request timeout answers 408
      // and closes the connection (rawExchange resolves on the close) before it is all sent.
      let timer: NodeJS.Timeout | undefined;
      const raw = await rawExchange(port, (s) => {
        const body = JSON.stringify({ accommodation_id: 1, checkin: '2031-01-01', checkout: '2031-01-03' });
        s.write(
          `POST /api/v1/${t.config.slug}/availability HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        let i = 0;
        timer = setInterval(() => {
          if (s.writable && i < body.length) s.write(body[i++] ?? '');
        }, 1000);
        s.on('close', () => {
          clearInterval(timer);
        });
      });
      clearInterval(timer);
      const answer = parseRaw(raw);
      assert.equal(answer.status, 408, raw.slice(0, 300));
      assert.equal(answer.body.error.code, 408);
      assert.equal(answer.body.error.details.reason, 'request_timeout');
    });
  });
});
