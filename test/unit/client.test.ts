import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BookingCancelledError,
  ConfirmationTimeoutError,
  createClient,
  DatesUnavailableError,
  DraftLimitError,
  IdempotencyConflictError,
  InvalidRequestError,
  NotFoundError,
  PriceMismatchError,
  RateLimitedError,
  StaydeskError,
  StaydeskNetworkError,
  type ClientOptions,
  type Booking,
  type CreateBookingRequest,
} from '../../packages/client/src/index.ts';
import { retryDelay } from '../../packages/client/src/backoff.ts';
import { fakeTimers } from '../support/fake-timers.ts';

/** The client's request timeout (30 s by default) is also armed while a request is out: not a wait between attempts. */
const isBackoff = (ms: number) => ms !== 30_000;

/** A fetch that answers from a script and records what it was sent. */
function scripted(answers: (() => Response)[]) {
  const calls: { url: string; method: string; body: string | null; headers: Headers }[] = [];
  const fetch = async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({
      url: request.url,
      method: request.method,
      body: request.method === 'GET' ? null : await request.text(),
      headers: request.headers,
    });
    const next = answers.shift();
    assert.ok(next !== undefined, `unexpected call ${request.method} ${request.url}`);
    return next();
  };
  return { fetch, calls };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const failure = (status: number, reason: string, headers: Record<string, string> = {}) =>
  json(
    status,
    { success: false, error: { code: status, name: 'X', message: reason, details: { reason } }, metadata: {} },
    { 'x-request-id': 'req-1', ...headers },
  );
const bookingView = (status: Booking['status'], cancel_reason?: string) =>
  json(200, { success: true, data: { id: 7, status, booking_status: status, cancel_reason } });

const body: CreateBookingRequest = {
  accommodation_id: 1,
  partner_data: { first_name: 'A', last_name: 'B', email: 'a@example.com' },
  booking_data: {
    checkin_date: '2030-01-01',
    checkout_date: '2030-01-03',
    adults_count: 1,
    children_count: 0,
    babies_count: 0,
    payment_method: 'card_processor',
    expected_amount: 200,
  },
};
const base = { baseUrl: 'https://sd.example/', apiKey: 'sk_test' };

describe('@staydesk/client retries', () => {
  test('a rate_limited 429 and a 503 are retried after Retry-After, with the same idempotency key', async () => {
    const clock = fakeTimers();
    const { fetch, calls } = scripted([
      failure(429, 'rate_limited', { 'retry-after': '2' }),
      failure(503, 'store_unavailable', { 'retry-after': '1' }),
      json(200, { success: true, data: { booking_id: 1 } }),
    ]);
    const creating = createClient({ ...base, fetch, timers: clock.timers }).createBooking(body);
    // Each Retry-After is longer than its backoff, so it is what is waited for.
    for (const expected of [2000, 1000]) {
      const wait = await clock.when(isBackoff);
      assert.equal(wait.ms, expected);
      wait.fire();
    }
    assert.equal((await creating).booking_id, 1);
    assert.equal(calls.length, 3);
    const keys = calls.map((c) => (JSON.parse(c.body ?? '{}') as CreateBookingRequest).booking_data.idempotency_key);
    assert.ok(keys[0] !== undefined && keys.every((k) => k === keys[0]), JSON.stringify(keys));
    assert.equal(calls[0]!.url, 'https://sd.example/api/v1/staydesk/bookings');
    assert.equal(calls[0]!.headers.get('authorization'), 'Bearer sk_test');
  });

  test('without Retry-After, and when fetch gets no answer, the waits grow exponentially with jitter', async () => {
    const clock = fakeTimers();
    const noAnswer = () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) });
    };
    const { fetch, calls } = scripted([
      failure(503, 'shutting_down'),
      noAnswer,
      noAnswer,
      json(200, { success: true, data: { id: 7 } }),
    ]);
    const client = createClient({ ...base, fetch, timers: clock.timers, retry: { attempts: 4, baseDelayMs: 400 } });
    const reading = client.getBooking(7);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const wait = await clock.when(isBackoff);
      waits.push(wait.ms);
      wait.fire();
    }
    assert.equal((await reading).id, 7);
    assert.equal(calls.length, 4);
    // Retry n waits between half and all of 400 ms × 2^(n-1).
    waits.forEach((ms, i) => {
      const ceiling = 400 * 2 ** i;
      assert.ok(ms >= ceiling / 2 && ms <= ceiling, `wait ${i + 1}: ${ms} ms`);
    });
  });

  test('a draft_limit 429 is never retried, and the error says how long', async () => {
    const { fetch, calls } = scripted([failure(429, 'draft_limit', { 'retry-after': '1798' })]);
    const error = await createClient({ ...base, fetch })
      .createBooking(body)
      .catch((e: unknown) => e);
    assert.ok(error instanceof StaydeskError);
    assert.equal(error.reason, 'draft_limit');
    assert.equal(error.retryAfter, 1798);
    assert.equal(error.requestId, 'req-1');
    assert.equal(calls.length, 1);
  });

  test('a Retry-After past maxWaitMs is not waited for; retry: false never retries; a 409 is not retried', async () => {
    const clock = fakeTimers();
    const long = scripted([failure(429, 'rate_limited', { 'retry-after': '120' })]);
    await assert.rejects(
      createClient({ ...base, fetch: long.fetch, timers: clock.timers }).getBooking(1),
      StaydeskError,
    );
    assert.equal(long.calls.length, 1);
    const off = scripted([failure(503, 'store_unavailable', { 'retry-after': '0' })]);
    await assert.rejects(
      createClient({ ...base, fetch: off.fetch, retry: false, timers: clock.timers }).getBooking(1),
      StaydeskError,
    );
    const conflict = scripted([failure(409, 'dates_unavailable')]);
    await assert.rejects(createClient({ ...base, fetch: conflict.fetch, timers: clock.timers }).createBooking(body), {
      status: 409,
    });
    assert.equal(conflict.calls.length, 1);
    assert.deepEqual(clock.armed.filter(isBackoff), [], 'no wait was started');
  });

  test('an error fetch throws that is not a lost answer is not retried', async () => {
    const { fetch, calls } = scripted([
      () => {
        throw new RangeError('a bug in a custom fetch');
      },
    ]);
    await assert.rejects(createClient({ ...base, fetch }).getBooking(1), RangeError);
    assert.equal(calls.length, 1);
  });

  test('cancelDraft and events call the routes of the contract', async () => {
    const { fetch, calls } = scripted([
      json(200, { success: true, data: { id: 7, status: 'cancelled' } }),
      json(200, { success: true, data: { events: [], next_cursor: null } }),
    ]);
    const client = createClient({ ...base, fetch, slug: 'rentals' });
    assert.equal((await client.cancelDraft(7)).status, 'cancelled');
    assert.deepEqual(await client.events({ after: 'c1', limit: 50 }), { events: [], next_cursor: null });
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(calls[0]!.url, 'https://sd.example/api/v1/rentals/bookings/7/cancel');
    assert.equal(calls[1]!.url, 'https://sd.example/api/v1/rentals/events?after=c1&limit=50');
  });
});

describe('@staydesk/client backoff', () => {
  const backoff = { baseDelayMs: 500, maxDelayMs: 5000 };
  test('retry n waits between half and all of base × 2^(n-1), capped at maxDelayMs', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((n) => [retryDelay(backoff, n, 0), retryDelay(backoff, n, 0.999_999)]),
      [
        [250, 500],
        [500, 1000],
        [1000, 2000],
        [2000, 4000],
        [2500, 5000],
      ],
    );
    assert.equal(retryDelay(backoff, 30, 0.5), 3750, 'a late retry stays under the cap');
  });

  test("an answer's Retry-After is waited for in full when it is longer than the backoff", () => {
    assert.equal(retryDelay(backoff, 1, 0.5, 3000), 3000);
    assert.equal(retryDelay(backoff, 4, 0.5, 1000), 3000);
  });
});

describe('@staydesk/client options', () => {
  const refused = (options: unknown, message: RegExp) => {
    assert.throws(
      () => createClient(options as ClientOptions),
      (e: unknown) => e instanceof TypeError && message.test(e.message),
    );
  };

  test('a missing or unusable option is a TypeError that names it', () => {
    refused(undefined, /createClient: pass the options/);
    refused({ apiKey: 'k' }, /baseUrl is required/);
    refused({ baseUrl: 'staydesk.example.com', apiKey: 'k' }, /baseUrl must be an absolute http\(s\) URL/);
    refused({ baseUrl: 'ftp://staydesk.example.com', apiKey: 'k' }, /http or https/);
    refused({ baseUrl: 'https://u:p@staydesk.example.com', apiKey: 'k' }, /user name or password/);
    refused({ baseUrl: 'https://sd.example' }, /apiKey is required/);
    refused({ baseUrl: 'https://sd.example', apiKey: '  ' }, /apiKey is required/);
    refused({ ...base, baseURL: 'https://sd.example' }, /unknown option baseURL; did you mean baseUrl\?/);
    refused({ ...base, retries: 3 }, /unknown option retries \(known: /);
    refused({ ...base, retry: { attempts: 0 } }, /retry.attempts must be an integer/);
    refused({ ...base, retry: { tries: 2 } }, /unknown option retry.tries/);
    refused({ ...base, timeoutMs: 0 }, /timeoutMs must be a number of milliseconds/);
    refused({ ...base, timeoutMs: -5 }, /timeoutMs must be a number of milliseconds/);
    refused({ ...base, timeoutMs: '30s' }, /timeoutMs must be a number of milliseconds/);
    refused({ ...base, slug: 'a/b' }, /slug must be/);
    refused({ ...base, fetch: 'fetch' }, /fetch must be a function/);
    refused({ ...base, timers: {} }, /timers must have setTimeout and clearTimeout/);
  });

  test('the message never repeats the API key', () => {
    assert.throws(
      () => createClient({ baseUrl: 'nope', apiKey: 'sk_secret_value' }),
      (e: unknown) => e instanceof TypeError && !e.message.includes('sk_secret_value'),
    );
  });

  test('a base URL with a path keeps it, with or without a trailing slash', async () => {
    for (const baseUrl of ['https://sd.example/rentals', 'https://sd.example/rentals/']) {
      const { fetch, calls } = scripted([json(200, { success: true, data: { id: 7 } })]);
      await createClient({ baseUrl, apiKey: 'k', fetch }).getBooking(7);
      assert.equal(calls[0]!.url, 'https://sd.example/rentals/api/v1/staydesk/bookings/7');
    }
  });
});

describe('@staydesk/client waitForConfirmation', () => {
  test('polls attempts times, intervalMs apart, then rejects with ConfirmationTimeoutError', async () => {
    const clock = fakeTimers();
    const { fetch, calls } = scripted([bookingView('draft'), bookingView('draft'), bookingView('draft')]);
    const waiting = createClient({ ...base, fetch, timers: clock.timers }).waitForConfirmation(7, {
      attempts: 3,
      intervalMs: 2000,
    });
    for (let i = 0; i < 2; i++) (await clock.when((ms) => ms === 2000)).fire();
    const error = await waiting.catch((e: unknown) => e);
    assert.ok(error instanceof ConfirmationTimeoutError);
    assert.equal(error.booking?.status, 'draft');
    assert.equal(calls.length, 3);
    assert.deepEqual(clock.armed.filter(isBackoff), [2000, 2000]);
  });

  test('a payment_timeout cancellation keeps polling (a late payment confirms); another reason rejects', async () => {
    const clock = fakeTimers();
    const late = scripted([bookingView('cancelled', 'payment_timeout'), bookingView('confirmed')]);
    const waiting = createClient({ ...base, fetch: late.fetch, timers: clock.timers }).waitForConfirmation(7);
    (await clock.when((ms) => ms === 2000)).fire();
    assert.equal((await waiting).status, 'confirmed');
    const host = scripted([bookingView('cancelled', 'host')]);
    await assert.rejects(createClient({ ...base, fetch: host.fetch }).waitForConfirmation(7), BookingCancelledError);
  });

  test('stops when its signal aborts', async () => {
    const clock = fakeTimers();
    const { fetch } = scripted([bookingView('draft')]);
    const controller = new AbortController();
    const waiting = createClient({ ...base, fetch, timers: clock.timers }).waitForConfirmation(7, {
      intervalMs: 60_000,
      signal: controller.signal,
    });
    await clock.when((ms) => ms === 60_000);
    controller.abort(new Error('left the page'));
    await assert.rejects(waiting, /left the page/);
    assert.deepEqual(clock.pending(), [], 'the wait was cleared');
  });
});

describe('@staydesk/client routes', () => {
  test('every v1 route has a method: the path, the method and the body it sends', async () => {
    const ok = (data: unknown) => json(200, { success: true, data });
    const { fetch, calls } = scripted([
      ...Array.from({ length: 7 }, () => ok({})),
      ok({ events: [], next_cursor: null }),
    ]);
    const client = createClient({ ...base, fetch });
    await client.createWebhookEndpoint({ url: 'https://partner.example/events', events: ['calendar.changed'] });
    await client.listWebhookEndpoints();
    await client.deleteWebhookEndpoint(12);
    await client.testConnection();
    await client.calendarHealth();
    await client.calendarTest();
    await client.calendarDebug();
    await client.events();
    assert.deepEqual(
      calls.map((c) => [c.method, c.url.replace('https://sd.example/api/v1/staydesk', ''), c.body]),
      [
        ['POST', '/webhook-endpoints', '{"url":"https://partner.example/events","events":["calendar.changed"]}'],
        ['GET', '/webhook-endpoints', null],
        ['DELETE', '/webhook-endpoints/12', ''],
        ['GET', '/test', null],
        ['POST', '/calendar/health', '{}'],
        ['POST', '/calendar/test', '{}'],
        ['POST', '/calendar/debug', '{}'],
        ['GET', '/events', null],
      ],
    );
  });

  test("the feed's events carry livemode: true when the service leaves it out", async () => {
    const event = { id: 'evt_1', type: 'booking.created', timestamp: '2030-01-01T00:00:00Z', data: { id: 7 } };
    const { fetch } = scripted([
      json(200, {
        success: true,
        data: { events: [event, { ...event, id: 'evt_2', livemode: false }], next_cursor: 'evt_2' },
      }),
    ]);
    const page = await createClient({ ...base, fetch }).events({ limit: 2 });
    assert.deepEqual(
      page.events.map((e) => [e.id, e.livemode]),
      [
        ['evt_1', true],
        ['evt_2', false],
      ],
    );
  });
});

describe('@staydesk/client answers: data, and withResponse() for the request id and replay flag', () => {
  test('await gives the data; withResponse() the same request with its headers, sent once', async () => {
    const { fetch, calls } = scripted([
      json(201, { success: true, data: { booking_id: 3 } }, { 'x-request-id': 'req-9', 'idempotent-replayed': 'true' }),
      json(200, { success: true, data: { id: 4 }, metadata: { request_id: 'req-body' } }),
    ]);
    const client = createClient({ ...base, fetch });
    const answer = await client.createBooking(body).withResponse();
    assert.deepEqual(answer, { data: { booking_id: 3 }, requestId: 'req-9', replayed: true, status: 201 });
    const reading = client.getBooking(4);
    const [data, response] = await Promise.all([reading, reading.withResponse()]);
    assert.deepEqual(data, { id: 4 });
    assert.deepEqual(response, { data: { id: 4 }, requestId: 'req-body', replayed: false, status: 200 });
    assert.equal(calls.length, 2, 'one request per call, however it is read');
  });

  test('a refusal rejects both ways', async () => {
    const { fetch } = scripted([failure(404, 'booking_not_found')]);
    const reading = createClient({ ...base, fetch }).getBooking(1);
    await assert.rejects(reading.withResponse(), NotFoundError);
    await assert.rejects(reading, NotFoundError);
  });
});

describe('@staydesk/client errors typed per reason', () => {
  const refusal = (status: number, reason: string, details: Record<string, unknown>) =>
    json(
      status,
      { success: false, error: { code: status, name: 'X', message: reason, details: { reason, ...details } } },
      { 'x-request-id': 'req-2' },
    );

  test('each is a StaydeskError of its own class, with the details it has as fields', async () => {
    const { fetch } = scripted([
      refusal(400, 'invalid_format', {
        parameter: 'booking_data.checkin_date',
        expected: 'date string',
        received: 'x',
      }),
      refusal(409, 'dates_unavailable', { conflicting_night: '2030-01-02', night: '2030-01-02' }),
      refusal(409, 'price_mismatch', { parameter: 'booking_data.expected_amount', expected: 275, received: 200 }),
      refusal(409, 'idempotency_key_reused', {}),
      refusal(429, 'draft_limit', {}),
      refusal(404, 'booking_not_found', {}),
    ]);
    const client = createClient({ ...base, fetch, retry: false });
    const errors = [];
    for (let i = 0; i < 6; i++) errors.push(await client.getBooking(1).catch((e: unknown) => e));
    const [invalid, taken, price, reused, drafts, missing] = errors;
    assert.ok(invalid instanceof InvalidRequestError);
    assert.deepEqual(
      [invalid.parameter, invalid.expected, invalid.received],
      ['booking_data.checkin_date', 'date string', 'x'],
    );
    assert.ok(taken instanceof DatesUnavailableError);
    assert.equal(taken.night, '2030-01-02');
    assert.ok(price instanceof PriceMismatchError);
    assert.equal(price.expected, 275);
    assert.ok(reused instanceof IdempotencyConflictError);
    assert.ok(drafts instanceof DraftLimitError);
    assert.ok(missing instanceof NotFoundError);
    for (const error of errors) {
      assert.ok(error instanceof StaydeskError);
      assert.equal(error.requestId, 'req-2');
      assert.equal(error.name, error.constructor.name);
    }
  });

  test('a rate_limited 429 that is not retried is a RateLimitedError with its Retry-After', async () => {
    const { fetch } = scripted([failure(429, 'rate_limited', { 'retry-after': '7' })]);
    const error = await createClient({ ...base, fetch, retry: false })
      .getBooking(1)
      .catch((e: unknown) => e);
    assert.ok(error instanceof RateLimitedError);
    assert.equal(error.retryAfter, 7);
  });
});

describe('@staydesk/client per-call timeoutMs and signal', () => {
  const silent = (): typeof fetch => (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(init.signal?.reason as Error);
      });
    });

  test("a call's timeoutMs replaces the client's, on every method", async () => {
    const clock = fakeTimers();
    const client = createClient({ ...base, fetch: silent(), timers: clock.timers, retry: false });
    const calls = [
      client.listWebhookEndpoints({ timeoutMs: 250 }),
      client.deleteWebhookEndpoint(1, { timeoutMs: 250 }),
      client.testConnection({ timeoutMs: 250 }),
      client.events({}, { timeoutMs: 250 }),
    ];
    for (const calling of calls) {
      (await clock.when((ms) => ms === 250)).fire();
      const error = await calling.catch((e: unknown) => e);
      assert.ok(error instanceof StaydeskNetworkError && error.timedOut, String(error));
    }
    assert.ok(!clock.armed.includes(30_000), "the client's own timeout was not used");
  });

  test('a signal abandons the call with its reason', async () => {
    const controller = new AbortController();
    const reading = createClient({ ...base, fetch: silent() }).calendarHealth({ signal: controller.signal });
    controller.abort(new Error('closing'));
    await assert.rejects(reading, /closing/);
  });

  test('a timeoutMs that is not a positive number of milliseconds is a TypeError that names it', async () => {
    const client = createClient({ ...base, fetch: silent() });
    for (const timeoutMs of [-1, 0, Number.NaN]) {
      await assert.rejects(client.getBooking(1, { timeoutMs }), (e: unknown) => {
        return e instanceof TypeError && /the timeoutMs of a call must be a number of milliseconds/.test(e.message);
      });
    }
  });
});
