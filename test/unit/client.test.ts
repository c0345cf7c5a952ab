import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  BookingCancelledError,
  ConfirmationTimeoutError,
  createClient,
  StaydeskError,
  verifyEvent,
  WebhookVerificationError,
  type Booking,
  type CreateBookingRequest,
} from '../../packages/client/src/index.ts';

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
    const { fetch, calls } = scripted([
      failure(429, 'rate_limited', { 'retry-after': '0' }),
      failure(503, 'store_unavailable', { 'retry-after': '0' }),
      json(200, { success: true, data: { booking_id: 1 } }),
    ]);
    const created = await createClient({ ...base, fetch }).createBooking(body);
    assert.equal(created.booking_id, 1);
    assert.equal(calls.length, 3);
    const keys = calls.map((c) => (JSON.parse(c.body ?? '{}') as CreateBookingRequest).booking_data.idempotency_key);
    assert.ok(keys[0] !== undefined && keys.every((k) => k === keys[0]), JSON.stringify(keys));
    assert.equal(calls[0]!.url, 'https://sd.example/api/v1/staydesk/bookings');
    assert.equal(calls[0]!.headers.get('authorization'), 'Bearer sk_test');
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
    const long = scripted([failure(429, 'rate_limited', { 'retry-after': '120' })]);
    await assert.rejects(createClient({ ...base, fetch: long.fetch }).getBooking(1), StaydeskError);
    assert.equal(long.calls.length, 1);
    const off = scripted([failure(503, 'store_unavailable', { 'retry-after': '0' })]);
    await assert.rejects(createClient({ ...base, fetch: off.fetch, retry: false }).getBooking(1), StaydeskError);
    const conflict = scripted([failure(409, 'dates_unavailable')]);
    await assert.rejects(createClient({ ...base, fetch: conflict.fetch }).createBooking(body), { status: 409 });
    assert.equal(conflict.calls.length, 1);
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

describe('@staydesk/client waitForConfirmation', () => {
  test('polls attempts times, then rejects with ConfirmationTimeoutError', async () => {
    const { fetch, calls } = scripted([bookingView('draft'), bookingView('draft'), bookingView('draft')]);
    const error = await createClient({ ...base, fetch })
      .waitForConfirmation(7, { attempts: 3, intervalMs: 1 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ConfirmationTimeoutError);
    assert.equal(error.booking?.status, 'draft');
    assert.equal(calls.length, 3);
  });

  test('a payment_timeout cancellation keeps polling (a late payment confirms); another reason rejects', async () => {
    const late = scripted([bookingView('cancelled', 'payment_timeout'), bookingView('confirmed')]);
    const confirmed = await createClient({ ...base, fetch: late.fetch }).waitForConfirmation(7, { intervalMs: 1 });
    assert.equal(confirmed.status, 'confirmed');
    const host = scripted([bookingView('cancelled', 'host')]);
    await assert.rejects(
      createClient({ ...base, fetch: host.fetch }).waitForConfirmation(7, { intervalMs: 1 }),
      BookingCancelledError,
    );
  });

  test('stops when its signal aborts', async () => {
    const { fetch } = scripted([bookingView('draft')]);
    const controller = new AbortController();
    const waiting = createClient({ ...base, fetch }).waitForConfirmation(7, {
      intervalMs: 60_000,
      signal: controller.signal,
    });
    controller.abort(new Error('left the page'));
    await assert.rejects(waiting, /left the page/);
  });
});

describe('@staydesk/client verifyEvent (Standard Webhooks)', () => {
  const key = Buffer.from('a-32-byte-key-for-signing-events');
  const secret = `whsec_${key.toString('base64')}`;
  const payload = JSON.stringify({ type: 'booking.confirmed', timestamp: '2030-01-01T00:00:00Z', data: { id: 7 } });
  const sign = (id: string, ts: number, body: string) =>
    `v1,${createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64')}`;
  const now = new Date('2030-01-01T00:00:00Z');
  const ts = Math.floor(now.getTime() / 1000);

  test('accepts a correctly signed event (any of several signatures) and returns it parsed', async () => {
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': `v1,AAAA ${sign('msg_1', ts, payload)}`,
    };
    const event = await verifyEvent(payload, headers, secret, { now });
    assert.equal(event.type, 'booking.confirmed');
    assert.equal((await verifyEvent(payload, new Headers(headers), secret, { now })).data.id, 7);
  });

  test('refuses a changed body, a wrong secret, an old timestamp and missing headers', async () => {
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': sign('msg_1', ts, payload),
    };
    await assert.rejects(verifyEvent(`${payload} `, headers, secret, { now }), WebhookVerificationError);
    await assert.rejects(verifyEvent(payload, headers, 'whsec_AAAA', { now }), WebhookVerificationError);
    await assert.rejects(
      verifyEvent(payload, headers, secret, { now: new Date(now.getTime() + 600_000) }),
      WebhookVerificationError,
    );
    await assert.rejects(verifyEvent(payload, {}, secret, { now }), WebhookVerificationError);
  });
});
