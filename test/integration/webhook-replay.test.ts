import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startBackgroundJobs } from '../../src/jobs/background-jobs.ts';
import { addDays } from '../../src/shared/dates.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingById, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

/** Replay and dedupe of /webhook/update (docs/api.md#webhook-replay): timestamps required with a secret, answers remembered. */

const SECRET = 'whsk_replay_test_secret_0123456789abcdef';
const UPDATED = { extraFields: ['updated', 'message', 'booking_id', 'new_status'] };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let legacy: TestApp;
before(async () => {
  t = await createTestApp();
  await setSetting(t.ctx.db, 'webhook_secret', SECRET);
  legacy = await createTestApp({ WEBHOOK_ALLOW_MISSING_TIMESTAMP: 'true' });
  await setSetting(legacy.ctx.db, 'webhook_secret', SECRET);
});
after(async () => {
  await t.close();
  await legacy.close();
});

async function confirmedBooking(app: TestApp = t, nights = 3) {
  const accommodation = await makeAccommodation(app.ctx.db);
  return insertBooking(app.ctx.db, accommodation, { ...futureStay(nights), status: 'confirmed' });
}

/** A fresh timestamp, distinct per call: two deliveries of the same change are different bytes. */
let tick = 0;
function stamp(at = Date.now()): string {
  tick += 1;
  return new Date(at - 1000 + tick).toISOString();
}

/** The answer without its per-request metadata. */
function answerOf(res: LightMyRequestResponse): { status: number; body: Record<string, unknown> } {
  const { metadata: _metadata, ...body } = res.json<Record<string, unknown>>();
  return { status: res.statusCode, body };
}

test(`with a secret, a body without timestamp is a 401 naming the field, and changes nothing (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const res = await postWebhook(t, 'update', { event_type: 'cancelled', booking_id: booking.id }, { secret: SECRET });
  const err = assertErrorEnvelope(res, 401, 'UNAUTHORIZED', { extraFields: ['updated'] });
  assert.equal(err.error.details.reason, 'missing_timestamp');
  assert.equal(err.error.details.parameter, 'timestamp');
  assert.match(err.error.message, /timestamp/);
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'confirmed');
  const sync = await postWebhook(
    t,
    'calendar_sync',
    { accommodation_id: booking.accommodation_id, action: 'sync' },
    { secret: SECRET },
  );
  assert.equal(assertErrorEnvelope(sync, 401, 'UNAUTHORIZED').error.details.reason, 'missing_timestamp');
});

test(`the ISO 8601 forms senders write are accepted: Z, +00:00, +0000, fractions, and no zone read as UTC (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const now = new Date(Date.now() - 30_000);
  const iso = now.toISOString(); // 2026-11-23T14:00:00.123Z
  const forms = [
    iso,
    iso.replace('Z', '+00:00'),
    `${iso.slice(0, 19)}+0000`,
    `${iso.slice(0, 23)}456`, // Python utcnow().isoformat(): microseconds, no zone
    iso.slice(0, 19),
    `${iso.slice(0, 23)}456789Z`,
    `${new Date(now.getTime() + 2 * HOUR).toISOString().slice(0, 19)}+02:00`,
  ];
  for (const [i, timestamp] of forms.entries()) {
    const res = await postWebhook(
      t,
      'update',
      { event_type: 'modified', booking_id: booking.id, new_data: { notes: `form ${i}` }, timestamp },
      { secret: SECRET },
    );
    assert.equal(res.statusCode, 200, `${timestamp}: ${res.body}`);
    assert.equal(res.json<{ updated: boolean }>().updated, true, timestamp);
  }
  // A zoneless time is UTC: two hours ahead of UTC is more than 5 minutes from now.
  const ahead = new Date(now.getTime() + 2 * HOUR).toISOString().slice(0, 19);
  const stale = await postWebhook(
    t,
    'update',
    { event_type: 'modified', booking_id: booking.id, new_data: { notes: 'ahead' }, timestamp: ahead },
    { secret: SECRET },
  );
  assert.equal(
    assertErrorEnvelope(stale, 401, 'UNAUTHORIZED', { extraFields: ['updated'] }).error.details.reason,
    'stale_timestamp',
  );
});

test(`notes A, then B, then A again are all applied (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  for (const notes of ['A', 'B', 'A']) {
    const res = await postWebhook(
      t,
      'update',
      { event_type: 'modified', booking_id: booking.id, new_data: { notes }, timestamp: stamp() },
      { secret: SECRET },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ updated: boolean }>().updated, true, notes);
    assert.equal((await bookingById(t.ctx.db, booking.id)).guest_notes, notes);
  }
});

test(`dates X, then Y, then X again are all applied (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const x = { checkin_date: booking.checkin, checkout_date: booking.checkout };
  const y = { checkin_date: addDays(booking.checkout, 5), checkout_date: addDays(booking.checkout, 8) };
  for (const dates of [y, x, y, x]) {
    const res = await postWebhook(
      t,
      'update',
      { event_type: 'modified', booking_id: booking.id, new_data: dates, timestamp: stamp() },
      { secret: SECRET },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ updated: boolean }>().updated, true);
    assert.equal((await bookingById(t.ctx.db, booking.id)).checkin, dates.checkin_date);
  }
});

test(`a repeat of the same signed bytes inside the window gets the first answer, and changes nothing (${testStoreKind})`, async () => {
  const booking = await confirmedBooking();
  const body = {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { notes: 'Arriving late' },
    timestamp: stamp(),
  };
  const first = await postWebhook(t, 'update', body, { secret: SECRET });
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(first.json<{ updated: boolean }>().updated, true);
  // The host edits the notes meanwhile; the repeat must not put them back.
  await t.ctx.db
    .updateTable('bookings')
    .set({ guest_notes: 'edited by the host' })
    .where('id', '=', booking.id)
    .execute();
  const later = Date.now() + 3 * MINUTE;
  const [second, third] = await t.at(later, () =>
    Promise.all([
      postWebhook(t, 'update', body, { secret: SECRET }),
      postWebhook(t, 'update', body, { secret: SECRET }),
    ]),
  );
  for (const repeat of [second, third]) assert.deepEqual(answerOf(repeat), answerOf(first));
  assert.equal((await bookingById(t.ctx.db, booking.id)).guest_notes, 'edited by the host');
  const events = await t.ctx.db
    .selectFrom('inbound_webhook_events')
    .select(['outcome', 'expires_at'])
    .where('booking_id', '=', booking.id)
    .execute();
  assert.equal(events.length, 1);
  assert.ok(
    events[0] !== undefined &&
      events[0].expires_at !== null &&
      Date.parse(events[0].expires_at) >= Date.now() + 14 * MINUTE,
    'remembered for the window plus a margin',
  );
});

test(`a refused delivery replayed later does not take effect: the same answer inside the window, 401 after it (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(3);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...stay, status: 'confirmed' });
  const other = await insertBooking(t.ctx.db, accommodation, {
    checkin: addDays(stay.checkout, 2),
    checkout: addDays(stay.checkout, 5),
    status: 'confirmed',
  });
  const move = {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { checkin_date: other.checkin, checkout_date: other.checkout },
    timestamp: stamp(),
  };
  const refused = await postWebhook(t, 'update', move, { secret: SECRET });
  assert.equal(assertErrorEnvelope(refused, 409, 'CONFLICT', UPDATED).error.details.reason, 'dates_unavailable');

  // The nights become free; the captured refusal is sent again.
  const cancel = await postWebhook(
    t,
    'update',
    { event_type: 'cancelled', booking_id: other.id, timestamp: stamp() },
    { secret: SECRET },
  );
  assert.equal(cancel.statusCode, 200, cancel.body);
  const replay = await t.at(Date.now() + 3 * MINUTE, () => postWebhook(t, 'update', move, { secret: SECRET }));
  assert.deepEqual(answerOf(replay), answerOf(refused));
  const late = await t.at(Date.now() + 3 * 24 * HOUR, () => postWebhook(t, 'update', move, { secret: SECRET }));
  assert.equal(
    assertErrorEnvelope(late, 401, 'UNAUTHORIZED', { extraFields: ['updated'] }).error.details.reason,
    'stale_timestamp',
  );
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.checkin, stay.checkin, 'the refused move never took effect');
  assert.equal(after.status, 'confirmed');

  // An unknown booking: the 404 is remembered the same way.
  const ghost = { event_type: 'cancelled', booking_id: 987_654_321, timestamp: stamp() };
  const notFound = await postWebhook(t, 'update', ghost, { secret: SECRET });
  assertErrorEnvelope(notFound, 404, 'NOT_FOUND', UPDATED);
  const again = await postWebhook(t, 'update', ghost, { secret: SECRET });
  assert.deepEqual(answerOf(again), answerOf(notFound));
});

test(`without a secret, the same bytes are answered once per 24 h (${testStoreKind})`, async () => {
  await setSetting(t.ctx.db, 'webhook_secret', null);
  try {
    const booking = await confirmedBooking();
    const body = { event_type: 'modified', booking_id: booking.id, new_data: { notes: 'unsigned' } };
    const first = await postWebhook(t, 'update', body);
    assert.equal(first.statusCode, 200, first.body);
    await t.ctx.db.updateTable('bookings').set({ guest_notes: 'host' }).where('id', '=', booking.id).execute();
    const repeat = await t.at(Date.now() + 23 * HOUR, () => postWebhook(t, 'update', body));
    assert.deepEqual(answerOf(repeat), answerOf(first));
    assert.equal((await bookingById(t.ctx.db, booking.id)).guest_notes, 'host');
    const dayLater = await t.at(Date.now() + 25 * HOUR, () => postWebhook(t, 'update', body));
    assert.equal(dayLater.statusCode, 200, dayLater.body);
    assert.equal(dayLater.json<{ updated: boolean }>().updated, true);
    assert.equal((await bookingById(t.ctx.db, booking.id)).guest_notes, 'unsigned');
  } finally {
    await setSetting(t.ctx.db, 'webhook_secret', SECRET);
  }
});

test(`WEBHOOK_ALLOW_MISSING_TIMESTAMP=true accepts a signed body without timestamp, deduped by its bytes for 24 h only (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(legacy.ctx.db);
  const stay = futureStay(3);
  const booking = await insertBooking(legacy.ctx.db, accommodation, { ...stay, status: 'confirmed' });
  const other = await insertBooking(legacy.ctx.db, accommodation, {
    checkin: addDays(stay.checkout, 2),
    checkout: addDays(stay.checkout, 5),
    status: 'confirmed',
  });
  const move = {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { checkin_date: other.checkin, checkout_date: other.checkout },
  };
  const refused = await postWebhook(legacy, 'update', move, { secret: SECRET });
  assertErrorEnvelope(refused, 409, 'CONFLICT', UPDATED);
  const cancel = await postWebhook(
    legacy,
    'update',
    { event_type: 'cancelled', booking_id: other.id },
    { secret: SECRET },
  );
  assert.equal(cancel.statusCode, 200, cancel.body);
  // Inside 24 h the refusal is given again; the nights being free now changes nothing.
  const replay = await legacy.at(Date.now() + 23 * HOUR, () => postWebhook(legacy, 'update', move, { secret: SECRET }));
  assert.deepEqual(answerOf(replay), answerOf(refused));
  assert.equal((await bookingById(legacy.ctx.db, booking.id)).checkin, stay.checkin);
  // The documented risk of the opt-out: after 24 h the same bytes take effect.
  const dayLater = await legacy.at(Date.now() + 25 * HOUR, () =>
    postWebhook(legacy, 'update', move, { secret: SECRET }),
  );
  assert.equal(dayLater.statusCode, 200, dayLater.body);
  assert.equal((await bookingById(legacy.ctx.db, booking.id)).checkin, other.checkin);
  // The signature is still required.
  assertErrorEnvelope(await postWebhook(legacy, 'update', move), 401, 'UNAUTHORIZED', { extraFields: ['updated'] });
});

test(`the prune job deletes expired deliveries under a lease and keeps the rest (${testStoreKind})`, async () => {
  const now = Date.now();
  const row = (key: string, expires: number | null, source = 'service') => ({
    source,
    dedupe_key: key,
    event_type: 'modified',
    outcome: 'modified',
    detail: null,
    booking_id: null,
    received_at: new Date(now - HOUR).toISOString(),
    expires_at: expires === null ? null : new Date(expires).toISOString(),
    answer_status: 200,
    answer_body: '{}',
  });
  await t.ctx.db
    .insertInto('inbound_webhook_events')
    .values([
      row('prune-expired', now - MINUTE),
      row('prune-live', now + 10 * MINUTE),
      row('prune-payment', null, 'payment'),
    ])
    .execute();
  const keys = async () =>
    (
      await t.ctx.db
        .selectFrom('inbound_webhook_events')
        .select('dedupe_key')
        .where('dedupe_key', 'like', 'prune-%')
        .orderBy('dedupe_key')
        .execute()
    ).map((r) => r.dedupe_key);
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const processes = [
    startBackgroundJobs(t.ctx, silent, { worker: 'one' }),
    startBackgroundJobs(t.ctx, silent, { worker: 'two' }),
  ];
  try {
    await until('the expired delivery pruned', async () => !(await keys()).includes('prune-expired'), 20);
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
  }
  assert.deepEqual(await keys(), ['prune-live', 'prune-payment']);
  const lease = await t.ctx.db
    .selectFrom('job_leases')
    .select('locked_by')
    .where('name', '=', 'prune-webhook-deliveries')
    .executeTakeFirstOrThrow();
  assert.ok(['one', 'two'].includes(lease.locked_by ?? ''));
});

test(`copies of a refused change sent while its nights are freed all get the one first answer (${testStoreKind})`, async () => {
  for (let round = 0; round < 8; round += 1) {
    const accommodation = await makeAccommodation(t.ctx.db);
    const moving = await insertBooking(t.ctx.db, accommodation, { ...futureStay(2), status: 'confirmed' });
    const holder = await insertBooking(t.ctx.db, accommodation, { ...futureStay(2), status: 'confirmed' });
    // Move `moving` onto `holder`'s nights (refused while holder holds them) while holder is cancelled.
    const move = {
      event_type: 'booking_updated',
      booking_id: moving.id,
      timestamp: stamp(),
      new_data: { checkin: holder.checkin, checkout: holder.checkout },
    };
    const cancel = { event_type: 'cancelled', booking_id: holder.id, timestamp: stamp() };
    const answers = await Promise.all([
      postWebhook(t, 'update', move, { secret: SECRET }),
      postWebhook(t, 'update', cancel, { secret: SECRET }),
      postWebhook(t, 'update', move, { secret: SECRET }),
      postWebhook(t, 'update', move, { secret: SECRET }),
    ]);
    const copies = [answers[0], answers[2], answers[3]].map((res) => answerOf(res));
    assert.deepEqual(copies[1], copies[0], `round ${round}: the same bytes got different answers`);
    assert.deepEqual(copies[2], copies[0], `round ${round}: the same bytes got different answers`);
    const later = answerOf(await postWebhook(t, 'update', move, { secret: SECRET }));
    assert.deepEqual(later, copies[0], `round ${round}: a later copy got a different answer`);
  }
});
