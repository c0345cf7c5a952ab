import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { signBody } from '../../src/webhooks/signature.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';

/** Every refusal of the update webhook carries `updated: false` beside the error envelope. */
const UPDATED = { extraFields: ['updated'] };
import {
  bookingById,
  claimedNights,
  futureStay,
  insertBooking,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

const SECRET = 'whsk_test_secret_for_signatures';
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

async function withSecret<T>(secret: string | null, fn: () => Promise<T>): Promise<T> {
  await setSetting(t.ctx.db, 'webhook_secret', secret);
  try {
    return await fn();
  } finally {
    await setSetting(t.ctx.db, 'webhook_secret', null);
  }
}

async function confirmedBooking() {
  const accommodation = await makeAccommodation(t.ctx.db);
  return insertBooking(t.ctx.db, accommodation, { ...futureStay(3), status: 'confirmed' });
}

test(`GET /webhook/test is public and says whether signatures are on (${testStoreKind})`, async () => {
  const url = `/${t.config.slug}/webhook/test`;
  const off = await t.request({ method: 'GET', url, key: null });
  assert.equal(off.statusCode, 200);
  assert.equal(off.json<{ signatures_enabled: boolean }>().signatures_enabled, false);
  assert.match(off.json<{ message: string }>().message, /Signatures are OFF/);
  assertMatchesOpenApi(t.app, 'GET', url, off);
  await withSecret(SECRET, async () => {
    const on = await t.request({ method: 'GET', url, key: null });
    assert.equal(on.json<{ signatures_enabled: boolean }>().signatures_enabled, true);
    assert.match(on.json<{ message: string }>().message, /Signatures are ON/);
  });
});

test(`with a secret, a missing, wrong or foreign-secret signature is a 401 and changes nothing (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const body = {
    event_type: 'cancelled',
    booking_id: booking.id,
    reason: 'forged',
    timestamp: new Date().toISOString(),
  };
  await withSecret(SECRET, async () => {
    const cases = [
      { name: 'missing', options: {}, reason: 'missing_signature' },
      { name: 'wrong secret', options: { secret: 'another secret' }, reason: 'invalid_signature' },
      { name: 'garbage', options: { signature: 'sha256=00' }, reason: 'invalid_signature' },
      { name: 'bare hex', options: { signature: 'deadbeef'.repeat(8) }, reason: 'invalid_signature' },
    ];
    for (const c of cases) {
      const res = await postWebhook(t, 'update', body, c.options);
      const err = assertErrorEnvelope(res, 401, 'UNAUTHORIZED', UPDATED);
      assert.equal(err.error.details.reason, c.reason, c.name);
      // The update webhook's callers read `updated` on refusals too.
      assert.equal(res.json<{ updated?: unknown }>().updated, false, c.name);
    }
    // Signed over other bytes than those sent: the same JSON with different spacing.
    const reformatted = await postWebhook(t, 'update', body, {
      raw: JSON.stringify(body, null, 2),
      signature: signBody(SECRET, JSON.stringify(body)),
    });
    assertErrorEnvelope(reformatted, 401, 'UNAUTHORIZED', UPDATED);
  });
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'confirmed');
  assert.equal((await claimedNights(t.ctx.db, booking.id)).length, 3);
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 0);
});

test(`with a secret, a stale or future timestamp is a 401; a fresh one is applied (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const now = Date.now();
  await withSecret(SECRET, async () => {
    for (const offsetMs of [-6 * 60_000, 6 * 60_000, -24 * 3600_000]) {
      const res = await postWebhook(
        t,
        'update',
        { event_type: 'cancelled', booking_id: booking.id, timestamp: new Date(now + offsetMs).toISOString() },
        { secret: SECRET },
      );
      const err = assertErrorEnvelope(res, 401, 'UNAUTHORIZED', UPDATED);
      assert.equal(err.error.details.reason, 'stale_timestamp');
    }
    assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'confirmed');
    const fresh = await postWebhook(
      t,
      'update',
      { event_type: 'cancelled', booking_id: booking.id, timestamp: new Date(now - 60_000).toISOString() },
      { secret: SECRET },
    );
    assert.equal(fresh.statusCode, 200, fresh.body);
    assert.equal(fresh.json<{ updated: boolean }>().updated, true);
  });
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'cancelled');
});

test(`without a secret, unsigned calls are accepted and a stale timestamp is not refused (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const res = await postWebhook(t, 'update', {
    event_type: 'cancelled',
    booking_id: booking.id,
    timestamp: '2020-01-01T00:00:00Z',
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json<{ updated: boolean }>().updated, true);
});

test(`an identical signed body delivered twice is applied once and answered alike (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const body = {
    event_type: 'booking_updated',
    booking_id: booking.id,
    new_data: { notes: 'Arriving late' },
    timestamp: new Date().toISOString(),
  };
  await withSecret(SECRET, async () => {
    const first = await postWebhook(t, 'update', body, { secret: SECRET });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json<{ updated: boolean }>().updated, true);
    const [second, third] = await Promise.all([
      postWebhook(t, 'update', body, { secret: SECRET }),
      postWebhook(t, 'update', body, { secret: SECRET }),
    ]);
    // A repeat inside the window gets the first answer (docs/api.md#webhook-replay), and changes nothing.
    for (const replay of [second, third]) {
      assert.equal(replay.statusCode, 200, replay.body);
      assert.deepEqual(replay.json(), first.json());
    }
  });
  const mails = await outboxFor(t.ctx.db, booking.id);
  assert.equal(mails.length, 1, 'one modification mail, not three');
  const events = await t.ctx.db
    .selectFrom('inbound_webhook_events')
    .selectAll()
    .where('booking_id', '=', booking.id)
    .execute();
  assert.equal(events.length, 1);
  assert.equal(events[0]?.outcome, 'modified');
});

test(`malformed JSON, a poisoned key, a non-JSON content type and an invalid timestamp are 400s (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const malformed = await postWebhook(t, 'update', null, { raw: '{"event_type": "cancelled", ' });
  assert.equal(assertErrorEnvelope(malformed, 400, 'BAD_REQUEST', UPDATED).error.details.reason, 'malformed_json');
  const empty = await postWebhook(t, 'update', null, { raw: '' });
  assertErrorEnvelope(empty, 400, 'BAD_REQUEST', UPDATED);
  const poisoned = await postWebhook(t, 'update', null, {
    raw: `{"event_type":"cancelled","booking_id":${booking.id},"__proto__":{"admin":true}}`,
  });
  assert.equal(assertErrorEnvelope(poisoned, 400, 'BAD_REQUEST', UPDATED).error.details.reason, 'forbidden_json_key');
  const ctor = await postWebhook(t, 'update', null, {
    raw: `{"event_type":"cancelled","booking_id":${booking.id},"new_data":{"constructor":{"prototype":{}}}}`,
  });
  assert.equal(assertErrorEnvelope(ctor, 400, 'BAD_REQUEST', UPDATED).error.details.reason, 'forbidden_json_key');
  const text = await t.request({
    method: 'POST',
    url: `/${t.config.slug}/webhook/update`,
    headers: { 'content-type': 'text/plain' },
    payload: 'hello',
    key: null,
  });
  assertErrorEnvelope(text, 400, 'BAD_REQUEST', UPDATED);
  const badTime = await postWebhook(t, 'update', {
    event_type: 'cancelled',
    booking_id: booking.id,
    timestamp: 'yesterday',
  });
  assert.equal(assertErrorEnvelope(badTime, 400, 'BAD_REQUEST', UPDATED).error.details.reason, 'invalid_timestamp');
  const badEvent = await postWebhook(t, 'update', { event_type: 'deleted', booking_id: booking.id });
  assert.equal(assertErrorEnvelope(badEvent, 400, 'BAD_REQUEST', UPDATED).error.details.parameter, 'event_type');
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'confirmed');
});

test(`calendar_sync answers what it did, is signed like update, and 404s an unknown accommodation (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const body = { accommodation_id: accommodation.id, action: 'sync', timestamp: new Date().toISOString() };
  const res = await postWebhook(t, 'calendar_sync', body);
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{
    success: boolean;
    accommodation_id: number;
    action: string;
    feeds: number;
    imported: number;
    message: string;
    details: string[];
  }>();
  assert.equal(data.success, true);
  assert.equal(data.accommodation_id, accommodation.id);
  assert.equal(data.feeds, 0);
  assert.equal(data.imported, 0);
  assert.match(data.message, /no external calendars configured/);
  assertMatchesOpenApi(t.app, 'POST', `/${t.config.slug}/webhook/calendar_sync`, res);

  const unknown = await postWebhook(t, 'calendar_sync', { accommodation_id: 999999, action: 'sync' });
  assertErrorEnvelope(unknown, 404, 'NOT_FOUND');
  const missing = await postWebhook(t, 'calendar_sync', { action: 'sync' });
  assert.equal(assertErrorEnvelope(missing, 400, 'BAD_REQUEST').error.details.parameter, 'accommodation_id');

  await withSecret(SECRET, async () => {
    assertErrorEnvelope(await postWebhook(t, 'calendar_sync', body), 401, 'UNAUTHORIZED');
    const signed = await postWebhook(t, 'calendar_sync', body, { secret: SECRET });
    assert.equal(signed.statusCode, 200, signed.body);
  });
});
