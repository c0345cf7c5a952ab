import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { after, describe, test } from 'node:test';
import { createClient, StaydeskNetworkError, type CreateBookingRequest } from '../../packages/client/src/index.ts';
import { fakeTimers } from '../support/fake-timers.ts';

/**
 * The client against real sockets on this machine: a port nobody listens on, a server that resets
 * the connection, a server that never answers. Every wait (backoff, timeout) is on a fake clock
 * that the test moves, so nothing here waits in real time.
 */

const body: CreateBookingRequest = {
  accommodation_id: 1,
  partner_data: { first_name: 'Net', last_name: 'Work', email: 'net@example.com' },
  booking_data: {
    checkin_date: '2031-01-01',
    checkout_date: '2031-01-03',
    adults_count: 1,
    children_count: 0,
    babies_count: 0,
    payment_method: 'bank_transfer',
    expected_amount: 200,
  },
};

const servers: { close(): void }[] = [];
after(() => {
  for (const s of servers) s.close();
});

function listen(server: Server | ReturnType<typeof createTcpServer>, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** A port that was just free: a server listened on it and closed. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An HTTP server answering the service's envelope for a booking, recording each body it read. */
function bookingServer(onRequest: (n: number, socket: Socket) => boolean) {
  const bodies: string[] = [];
  const server = createHttpServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      bodies.push(text);
      if (!onRequest(bodies.length, req.socket)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: { booking_id: 42, status: 'confirmed' } }));
    });
  });
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return { server, bodies };
}

const keyOf = (text: string) => (JSON.parse(text) as CreateBookingRequest).booking_data.idempotency_key;
const TIMEOUT = 30_000;

describe('@staydesk/client without an answer', () => {
  test('a refused connection is retried with growing waits; once the server is up, the booking is made', async () => {
    const port = await closedPort();
    const clock = fakeTimers();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk_net', timers: clock.timers });
    const creating = client.createBooking(body);
    const first = await clock.when((ms) => ms !== TIMEOUT);
    assert.ok(first.ms >= 250 && first.ms <= 500, `first wait ${first.ms} ms`);
    first.fire();
    const second = await clock.when((ms) => ms !== TIMEOUT);
    assert.ok(second.ms >= 500 && second.ms <= 1000, `second wait ${second.ms} ms`);
    // The server comes up during the second wait: the third attempt reaches it.
    const { server, bodies } = bookingServer(() => true);
    await listen(server, port);
    second.fire();
    assert.equal((await creating).booking_id, 42);
    assert.equal(bodies.length, 1);
    assert.match(String(keyOf(bodies[0]!)), /^[0-9a-f-]{36}$/);
  });

  test('a port that stays closed rejects with StaydeskNetworkError after the last attempt', async () => {
    const port = await closedPort();
    const clock = fakeTimers();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk_net', timers: clock.timers });
    const reading = client.getBooking(1).catch((e: unknown) => e);
    for (let i = 0; i < 2; i++) (await clock.when((ms) => ms !== TIMEOUT)).fire();
    const error = await reading;
    assert.ok(error instanceof StaydeskNetworkError, String(error));
    assert.equal(error.attempts, 3);
    assert.equal(error.timedOut, false);
    assert.match(error.message, /ECONNREFUSED/);
    assert.ok(!error.message.includes('sk_net'));
  });

  test('a reset connection is retried, and the booking is sent again with the same idempotency key', async () => {
    const { server, bodies } = bookingServer((n, socket) => {
      if (n > 1) return true;
      socket.resetAndDestroy();
      return false;
    });
    const port = await listen(server);
    const clock = fakeTimers();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk_net', timers: clock.timers });
    const creating = client.createBooking(body);
    const wait = await clock.when((ms) => ms !== TIMEOUT);
    assert.equal(bodies.length, 1, 'the first attempt reached the server before it reset');
    wait.fire();
    assert.equal((await creating).booking_id, 42);
    assert.equal(bodies.length, 2);
    assert.equal(keyOf(bodies[1]!), keyOf(bodies[0]!));
  });

  test('a server that never answers: each attempt is abandoned after timeoutMs (30 s by default), then retried', async () => {
    const sockets: Socket[] = [];
    let requests = 0;
    let arrived: (() => void) | null = null;
    const silent = createTcpServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => {
        requests++;
        arrived?.();
      });
    });
    servers.push({
      close: () => {
        for (const s of sockets) s.destroy();
        silent.close();
      },
    });
    const port = await listen(silent);
    const requestArrives = () =>
      new Promise<void>((resolve) => {
        arrived = resolve;
      });

    const clock = fakeTimers();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk_net', timers: clock.timers });
    let request = requestArrives();
    const creating = client.createBooking(body).catch((e: unknown) => e);
    for (let n = 1; n <= 3; n++) {
      await request;
      request = requestArrives();
      // The request is at the server, which says nothing: the timeout goes off.
      (await clock.when((ms) => ms === TIMEOUT)).fire();
      if (n < 3) (await clock.when((ms) => ms !== TIMEOUT)).fire();
    }
    const error = await creating;
    assert.ok(error instanceof StaydeskNetworkError, String(error));
    assert.equal(error.timedOut, true);
    assert.equal(error.attempts, 3);
    assert.match(error.message, /none within 30000 ms/);
    assert.equal(requests, 3, 'three requests reached the server');

    // A request's own timeout replaces the client's; createClient takes one for every request.
    const quick = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'sk_net',
      timers: clock.timers,
      timeoutMs: 5000,
      retry: { attempts: 1 },
    });
    const perClient = quick.getBooking(1).catch((e: unknown) => e);
    (await clock.when((ms) => ms === 5000)).fire();
    assert.ok(((await perClient) as StaydeskNetworkError).timedOut);
    const perRequest = quick.getBooking(1, { timeoutMs: 1234 }).catch((e: unknown) => e);
    (await clock.when((ms) => ms === 1234)).fire();
    assert.ok(((await perRequest) as StaydeskNetworkError).timedOut);
  });

  test("the caller's signal stops a request at once, and is not retried", async () => {
    const silent = createTcpServer();
    const sockets: Socket[] = [];
    silent.on('connection', (s) => sockets.push(s));
    servers.push({
      close: () => {
        for (const s of sockets) s.destroy();
        silent.close();
      },
    });
    const port = await listen(silent);
    const clock = fakeTimers();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk_net', timers: clock.timers });
    const controller = new AbortController();
    const reading = client.getBooking(1, { signal: controller.signal }).catch((e: unknown) => e);
    await clock.when((ms) => ms === TIMEOUT);
    controller.abort(new Error('the guest left'));
    assert.equal(((await reading) as Error).message, 'the guest left');
    assert.deepEqual(clock.pending(), [], 'no timeout left armed, no retry waiting');
  });
});
