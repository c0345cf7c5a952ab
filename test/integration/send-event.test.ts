import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { sendEvent } from '../../src/endpoints/send-event.ts';

// One attempt to deliver an event against a real receiver: its answer, and its timeout, which
// bounds a receiver that never answers and one that answers but drips its body.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base = '';
/** Timers of the dripping receiver, cleared when the test ends. */
const drips = new Set<NodeJS.Timeout>();

before(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const handler = routes.get(req.url ?? '');
      if (handler === undefined) res.writeHead(404).end();
      else handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
after(() => {
  for (const timer of drips) clearInterval(timer);
  server.closeAllConnections();
  server.close();
});

const options = (timeoutMs: number) => ({ allowPrivate: true, timeoutMs });
const body = JSON.stringify({ type: 'booking.created', timestamp: '2027-01-01T00:00:00Z', data: {} });

/** How long `work` took, in ms, with what it gave. */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const began = performance.now();
  const value = await work;
  return { ms: performance.now() - began, value };
}

describe('sendEvent', { timeout: 20_000 }, () => {
  test('a 2xx delivers, with the start of the answer kept; another status fails', async () => {
    routes.set('/ok', (_req, res) => res.writeHead(200).end('thanks'));
    routes.set('/no', (_req, res) => res.writeHead(500).end('broken'));
    assert.deepEqual(await sendEvent(`${base}/ok`, {}, body, options(5_000)), {
      ok: true,
      status: 200,
      response: 'thanks',
      error: null,
    });
    assert.deepEqual(await sendEvent(`${base}/no`, {}, body, options(5_000)), {
      ok: false,
      status: 500,
      response: 'broken',
      error: 'answered HTTP 500',
    });
  });

  test('an answer that comes within the timeout is taken, however late in it', async () => {
    routes.set('/late', (_req, res) => setTimeout(() => res.writeHead(204).end(), 300));
    const { value } = await timed(sendEvent(`${base}/late`, {}, body, options(2_000)));
    assert.deepEqual(value, { ok: true, status: 204, response: '', error: null });
  });

  test('a receiver that never answers: the attempt ends at its timeout', async () => {
    routes.set('/silent', () => undefined);
    const { ms, value } = await timed(sendEvent(`${base}/silent`, {}, body, options(300)));
    assert.deepEqual(value, { ok: false, status: null, response: null, error: 'timed out after 300 ms' });
    assert.ok(ms >= 290 && ms < 2_000, `ended after ${String(ms)} ms`);
  });

  test('a receiver that answers but drips its body: the attempt ends once its time is up', async () => {
    routes.set('/drip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('.');
      const timer = setInterval(() => {
        res.write('.');
      }, 50);
      drips.add(timer);
      res.on('close', () => {
        clearInterval(timer);
      });
    });
    const { ms, value } = await timed(sendEvent(`${base}/drip`, {}, body, options(400)));
    assert.deepEqual(value, { ok: false, status: null, response: null, error: 'timed out after 400 ms' });
    assert.ok(ms >= 390 && ms < 2_000, `ended after ${String(ms)} ms`);
  });
});
